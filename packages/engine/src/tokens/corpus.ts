// Deterministic varied text for the token-identity test and the token benchmark: source code in
// several languages, prose in several scripts, and the Unicode corners where a tokenizer port goes
// wrong (U+FEFF, emoji and ZWJ sequences, lone surrogates, CRLF and lone CR, odd whitespace, title
// case and modifier letters, digits of other scripts, long pieces that need the heap merge).
// Same seed, same text.
import { type Rand, rng } from '@loupe/common';

export { type Rand, rng };

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

const SCRIPTS: Record<string, string[]> = {
  english: 'the quick brown fox jumps over lazy dog while users review pull requests and tokens'.split(' '),
  russian: 'привет мир быстрая коричневая лиса прыгает через ленивую собаку код файл папка'.split(' '),
  portuguese: 'olá coração ação não está informação você também pública índice português'.split(' '),
  chinese: ['你好', '世界', '代码', '文件夹', '编程语言', '人工智能', '数据', '测试用例'],
  japanese: ['こんにちは', 'カタカナ', '日本語', 'ファイル', 'テスト', '東京都', 'ひらがな'],
  korean: ['안녕하세요', '세계', '코드', '파일', '폴더', '한국어', '테스트'],
  arabic: 'مرحبا بالعالم الملف المجلد البرمجة اختبار'.split(' '),
  hebrew: 'שלום עולם קובץ תיקייה בדיקה'.split(' '),
  hindi: 'नमस्ते दुनिया फ़ाइल फ़ोल्डर परीक्षण हिन्दी'.split(' '),
  thai: ['สวัสดีชาวโลก', 'ไฟล์', 'โฟลเดอร์', 'การทดสอบภาษาไทย'],
  greek: 'γειά σου κόσμε αρχείο φάκελος δοκιμή Ωμέγα'.split(' '),
  german: 'Straße Übergrößenträger Käsebrötchen Donaudampfschifffahrtsgesellschaftskapitän'.split(' '),
};

const ODD = [
  '\uFEFF', // BOM / ZWNBSP inside text: whitespace for JS regexes, not for Rust's
  '\u200B', // zero width space (Cf)
  '\u200D', // lone ZWJ
  '\u00A0', // NBSP
  '\u3000', // ideographic space
  '\u2028', // line separator
  '\u2029', // paragraph separator
  '\u0085', // NEL: Unicode whitespace, not JS whitespace
  '\u000B', // vertical tab
  '\u000C', // form feed
  '\r', // lone CR
  '\r\n',
  '\t\t',
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uD83D', // high surrogate at a word end
  '\uDE00b', // low surrogate before a letter
  '\u01C5', // Dž: title case (Lt)
  '\u02B0', // modifier letter (Lm)
  '\u0301', // combining acute alone (M)
  'e\u0301', // NFD é
  '\u0663\u0664', // Arabic-Indic digits (Nd)
  '\uFF10\uFF11\uFF12\uFF13', // fullwidth digits
  '\u00B2\u00B3', // superscripts (No)
  '\u216B', // Roman numeral twelve (Nl)
  '\uFFFD',
  '\u{10FFFF}',
  '\u{E0001}', // language tag
];

const EMOJI = [
  '😀',
  '👍🏽',
  '👨‍👩‍👧‍👦', // ZWJ family
  '🏳️‍🌈', // flag + VS16 + ZWJ
  '🧑🏿‍💻',
  '🇧🇷🇷🇺',
  '❤️',
  '1️⃣',
  '🫠',
  '👩‍❤️‍💋‍👨',
];

const CONTRACTIONS = ["'s", "'S", "'t", "'re", "'RE", "'Ve", "'m", "'ll", "'LL", "'d", "'D", "'x"];

const IDENT = 'user account order invoice payment session token cache index render parse load'.split(' ');

function ident(r: Rand): string {
  const a = pick(r, IDENT);
  const b = pick(r, IDENT);
  switch (int(r, 0, 4)) {
    case 0:
      return `${a}${b[0]?.toUpperCase()}${b.slice(1)}`;
    case 1:
      return `${a}_${b}`;
    case 2:
      return `${a.toUpperCase()}_${b.toUpperCase()}`;
    case 3:
      return `${a[0]?.toUpperCase()}${a.slice(1)}${b[0]?.toUpperCase()}${b.slice(1)}`;
    default:
      return `$${a}${int(r, 0, 99)}`;
  }
}

export function codeText(r: Rand, lines: number): string {
  const out: string[] = [];
  const nl = r() < 0.2 ? '\r\n' : '\n';
  let depth = 0;
  for (let i = 0; i < lines; i++) {
    const pad = r() < 0.15 ? '\t'.repeat(depth) : '  '.repeat(depth);
    const kind = int(r, 0, 9);
    if (kind === 0 && depth < 6) {
      out.push(`${pad}${pick(r, ['function', 'def', 'fn', 'func', 'class'])} ${ident(r)}(${ident(r)}) {`);
      depth++;
    } else if (kind === 1 && depth > 0) {
      depth--;
      out.push(`${'  '.repeat(depth)}}`);
    } else if (kind === 2) {
      out.push(
        `${pad}// ${pick(r, SCRIPTS.english ?? [])} ${pick(r, SCRIPTS.russian ?? [])} TODO(${ident(r)}): 0x${int(r, 0, 1e9).toString(16)}`,
      );
    } else if (kind === 3) {
      out.push(
        `${pad}const ${ident(r)} = "${pick(r, EMOJI)}${pick(r, SCRIPTS.chinese ?? [])}\\n" + '${ident(r)}';`,
      );
    } else if (kind === 4) {
      out.push(
        `${pad}if (${ident(r)} !== ${int(r, 0, 123456789)} && ${ident(r)}.length >= ${int(r, 0, 99)}) return;`,
      );
    } else if (kind === 5) {
      out.push(
        `${pad}${ident(r)} += ${int(r, 0, 9)}.${int(r, 0, 99999)}e-${int(r, 1, 9)}; /* ${'='.repeat(int(r, 1, 40))} */`,
      );
    } else if (kind === 6) {
      out.push(
        `${pad}x${pick(r, CONTRACTIONS)} = [${Array.from({ length: int(r, 1, 12) }, () => int(r, 0, 1e6)).join(', ')}];`,
      );
    } else if (kind === 7) {
      out.push(
        `${pad}${pick(r, ['  ', '\t', ' \t '])}${ident(r)}(${ident(r)}, ${ident(r)})${pick(r, [';', ';;', ' ', '   ', ''])}`,
      );
    } else if (kind === 8) {
      out.push('');
    } else {
      out.push(
        `${pad}return ${ident(r)}?.${ident(r)} ?? \`${pick(r, SCRIPTS.portuguese ?? [])}\${${ident(r)}}\`;`,
      );
    }
  }
  return out.join(nl) + nl;
}

export function proseText(r: Rand, words: number): string {
  const names = Object.keys(SCRIPTS);
  const out: string[] = [];
  let script = pick(r, names);
  for (let i = 0; i < words; i++) {
    if (r() < 0.05) script = pick(r, names);
    let w = pick(r, SCRIPTS[script] ?? []);
    const roll = r();
    if (roll < 0.06) w = w[0]?.toUpperCase() + w.slice(1);
    else if (roll < 0.09) w = w.toUpperCase();
    else if (roll < 0.12) w += pick(r, CONTRACTIONS);
    else if (roll < 0.16) w += pick(r, ODD);
    else if (roll < 0.19) w += pick(r, EMOJI);
    else if (roll < 0.21) w = `${int(r, 0, 99999999)}`;
    out.push(w);
    const sep = r();
    if (sep < 0.7) out.push(' ');
    else if (sep < 0.8) out.push(pick(r, [', ', '. ', '! ', '? ', '… ', '; ', ' — ', '「', '」', '。']));
    else if (sep < 0.88) out.push(pick(r, ['\n', '\r\n', '\n\n', ' \n', '\t', '   ', '\n  \n ']));
    else if (sep < 0.95) out.push(pick(r, ODD));
    else out.push('');
  }
  return out.join('');
}

/** Random code points from many ranges: the pattern's corners, not language. */
export function soupText(r: Rand, chars: number): string {
  const ranges: Array<[number, number]> = [
    [0x20, 0x7e],
    [0x00, 0x20],
    [0x80, 0x2ff],
    [0x300, 0x36f],
    [0x370, 0x52f],
    [0x590, 0x6ff],
    [0x900, 0x97f],
    [0xe00, 0xe7f],
    [0x1100, 0x11ff],
    [0x2000, 0x206f],
    [0x3000, 0x30ff],
    [0x4e00, 0x4fff],
    [0xd800, 0xdfff],
    [0xfe00, 0xfeff],
    [0xff00, 0xffef],
    [0x1f300, 0x1faff],
    [0x10000, 0x1007f],
    [0xe0000, 0xe007f],
  ];
  const out: string[] = [];
  for (let i = 0; i < chars; i++) {
    const [lo, hi] = pick(r, ranges);
    out.push(String.fromCodePoint(int(r, lo, hi)));
  }
  return out.join('');
}

/** Pieces long enough for the heap merge (> 128 bytes) but short enough for js-tiktoken's loop. */
export function longPieces(r: Rand): string {
  const parts = [
    ' '.repeat(int(r, 129, 300)),
    '='.repeat(int(r, 129, 300)),
    `${'-'.repeat(int(r, 129, 250))}\n`,
    'a'.repeat(int(r, 129, 250)),
    Array.from({ length: int(r, 45, 90) }, () => pick(r, SCRIPTS.chinese ?? [])).join(''),
    Array.from({ length: int(r, 12, 25) }, () => pick(r, SCRIPTS.thai ?? [])).join(''),
    Array.from({ length: int(r, 60, 120) }, () => pick(r, ['ab', 'ba', 'abc', 'xy', 'q'])).join(''),
    '\n'.repeat(int(r, 129, 250)),
    ' \t'.repeat(int(r, 65, 120)),
    '\r\n'.repeat(int(r, 65, 120)),
  ];
  return parts.map((p) => `${p}${pick(r, [' ', 'x', '\n', '.'])}`).join('');
}

export interface CorpusDoc {
  name: string;
  text: string;
}

/**
 * A varied corpus of about `bytes` UTF-8 bytes, always with a single-line document of
 * `singleLineBytes` (prose and code joined without line breaks) and several very long lines.
 */
export function corpus(seed: number, bytes: number, singleLineBytes = 3_000_000): CorpusDoc[] {
  const r = rng(seed);
  const docs: CorpusDoc[] = [];
  let size = 0;
  const add = (name: string, text: string) => {
    docs.push({ name, text });
    size += Buffer.byteLength(text);
  };
  const line: string[] = [];
  let lineSize = 0;
  while (lineSize < singleLineBytes) {
    const t = (r() < 0.85 ? codeText(r, 20) : proseText(r, 200)).replace(/[\r\n]+/g, ' ');
    line.push(t);
    lineSize += Buffer.byteLength(t);
  }
  add('single-line', line.join(' '));
  for (let i = 0; size < bytes; i++) {
    const k = i % 6;
    if (k === 0) add(`code-${i}`, codeText(r, int(r, 20, 400)));
    else if (k === 1) add(`prose-${i}`, proseText(r, int(r, 50, 3000)));
    else if (k === 2) add(`soup-${i}`, soupText(r, int(r, 50, 2000)));
    else if (k === 3) add(`long-pieces-${i}`, i % 4 === 3 ? longPieces(r) : soupText(r, 500));
    else if (k === 4) add(`long-line-${i}`, codeText(r, int(r, 100, 2000)).replace(/\n/g, ';'));
    else add(`bom-${i}`, `\uFEFF${proseText(r, int(r, 10, 300))}\uFEFF${codeText(r, 10)}`);
  }
  return docs;
}
