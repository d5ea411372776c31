// The retrieval corpus: ~2,400 files in TypeScript, Python, Go, Rust and Java with 100 planted
// definitions (functions, classes, methods, constants) referenced from many files, and the
// confusions real code has: test doubles declaring the same name, longer names that contain it
// (`nameCache`), comments and docs that mention it, references in files named after it, uses
// before the definition. Deterministic: same seed, same bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'search-corpus-v5';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'account order invoice payment session token cache index render parse load save update create ' +
  'delete fetch build config route handler service client server request response stream buffer ' +
  'queue worker event listener state store model view item list map tree node edge graph path file ' +
  'folder scan watch focus pack mask compress search rank match query filter ledger voucher quota ' +
  'tariff parcel shipment refund coupon basket tenant region shard replica cursor batch digest'
).split(' ');

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export type Lang = 'ts' | 'py' | 'go' | 'rs' | 'java';
const LANGS: Lang[] = ['ts', 'py', 'go', 'rs', 'java'];

export interface Planted {
  name: string;
  lang: Lang;
  /** The defining file. */
  file: string;
  /** Its lines, 1-based inclusive (doc comment included). */
  start: number;
  end: number;
  /** The definition's text, exactly. */
  text: string;
  kind: string;
}

export interface Corpus {
  dir: string;
  files: number;
  planted: Planted[];
}

function words(r: Rand, n: number): string[] {
  return Array.from({ length: n }, () => pick(r, WORDS));
}

/** A name in the language's style: camelCase functions, PascalCase types, snake_case in Python and Rust. */
function nameFor(lang: Lang, kind: string, parts: string[]): string {
  const camel = parts[0]! + parts.slice(1).map(cap).join('');
  const pascal = parts.map(cap).join('');
  const snake = parts.join('_');
  if (kind === 'class' || kind === 'struct') return pascal;
  if (kind === 'constant') return snake.toUpperCase();
  if (lang === 'py' || lang === 'rs') return snake;
  if (lang === 'go') return pascal;
  return camel;
}

function bodyLines(r: Rand, lang: Lang, n: number, indent: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b, w] = words(r, 3);
    // Receivers never a keyword of some language (`match`, `map`, `delete`).
    const c = lang === 'py' || lang === 'rs' ? `${w}_src` : `${w}Src`;
    if (lang === 'py') out.push(`${indent}${a}_${b} = ${c}.get("${a}", ${i}) or ${int(r, 0, 99)}`);
    else if (lang === 'go') out.push(`${indent}${a}${cap(b!)} := ${c}.Get("${a}", ${i})`);
    else if (lang === 'rs') out.push(`${indent}let ${a}_${b} = ${c}.get("${a}").unwrap_or(${i});`);
    else if (lang === 'java') out.push(`${indent}int ${a}${cap(b!)} = ${c}.get("${a}", ${i});`);
    else out.push(`${indent}const ${a}${cap(b!)} = ${c}.get('${a}', ${i});`);
  }
  return out;
}

/** A definition of `name` (its lines) in `lang`; `members` wraps methods in a type. */
function definition(
  r: Rand,
  lang: Lang,
  kind: string,
  name: string,
  bodyN: number,
): { lines: string[]; lead: string[]; tail: string[] } {
  const doc = `${words(r, 4).join(' ')}.`;
  const host = cap(pick(r, WORDS)) + cap(pick(r, WORDS)) + 'Impl';
  switch (lang) {
    case 'ts':
      if (kind === 'class')
        return {
          lead: [],
          lines: [
            `/** ${doc} */`,
            `export class ${name} {`,
            `  private size = ${int(r, 1, 9)};`,
            '  run(input: string): number {',
            ...bodyLines(r, lang, bodyN, '    '),
            '    return this.size;',
            '  }',
            '}',
          ],
          tail: [],
        };
      if (kind === 'method')
        return {
          lead: [`export class ${host} {`],
          lines: [
            `  /** ${doc} */`,
            `  ${name}(input: string, limit = 10): number {`,
            ...bodyLines(r, lang, bodyN, '    '),
            '    return limit;',
            '  }',
          ],
          tail: ['}'],
        };
      if (kind === 'constant')
        return {
          lead: [],
          lines: [
            `/** ${doc} */`,
            `export const ${name} = {`,
            ...Array.from({ length: bodyN }, (_, i) => `  ${pick(r, WORDS)}${i}: ${int(r, 0, 999)},`),
            '};',
          ],
          tail: [],
        };
      return {
        lead: [],
        lines: [
          `/** ${doc} */`,
          `export function ${name}(input: string, limit = 10): number {`,
          ...bodyLines(r, lang, bodyN, '  '),
          '  return limit;',
          '}',
        ],
        tail: [],
      };
    case 'py':
      if (kind === 'class')
        return {
          lead: [],
          lines: [
            `class ${name}:`,
            `    """${doc}"""`,
            '',
            '    def run(self, value):',
            ...bodyLines(r, lang, bodyN, '        '),
            '        return value',
          ],
          tail: [],
        };
      if (kind === 'method')
        return {
          lead: [`class ${host}:`, `    """${doc}"""`, ''],
          lines: [
            `    def ${name}(self, value, limit=10):`,
            `        """${doc}"""`,
            ...bodyLines(r, lang, bodyN, '        '),
            '        return limit',
          ],
          tail: [],
        };
      return {
        lead: [],
        lines: [
          `def ${name}(value, limit=10):`,
          `    """${doc}"""`,
          ...bodyLines(r, lang, bodyN, '    '),
          '    return limit',
        ],
        tail: [],
      };
    case 'go':
      if (kind === 'struct')
        return {
          lead: [],
          lines: [
            `// ${name} holds ${doc}`,
            `type ${name} struct {`,
            ...Array.from({ length: bodyN }, (_, i) => `\t${cap(pick(r, WORDS))}${i} int`),
            '}',
          ],
          tail: [],
        };
      if (kind === 'method')
        return {
          lead: [`type ${host} struct{ n int }`, ''],
          lines: [
            `// ${name} ${doc}`,
            `func (h *${host}) ${name}(in string) int {`,
            ...bodyLines(r, lang, bodyN, '\t'),
            '\treturn h.n',
            '}',
          ],
          tail: [],
        };
      return {
        lead: [],
        lines: [
          `// ${name} ${doc}`,
          `func ${name}(in string, limit int) int {`,
          ...bodyLines(r, lang, bodyN, '\t'),
          '\treturn limit',
          '}',
        ],
        tail: [],
      };
    case 'rs':
      if (kind === 'struct')
        return {
          lead: [],
          lines: [
            `/// ${doc}`,
            `pub struct ${name} {`,
            ...Array.from({ length: bodyN }, (_, i) => `    pub ${pick(r, WORDS)}_${i}: u32,`),
            '}',
          ],
          tail: [],
        };
      if (kind === 'method')
        return {
          lead: [`pub struct ${host};`, '', `impl ${host} {`],
          lines: [
            `    /// ${doc}`,
            `    pub fn ${name}(&self, input: &str) -> usize {`,
            ...bodyLines(r, lang, bodyN, '        '),
            '        input.len()',
            '    }',
          ],
          tail: ['}'],
        };
      return {
        lead: [],
        lines: [
          `/// ${doc}`,
          `pub fn ${name}(input: &str, limit: usize) -> usize {`,
          ...bodyLines(r, lang, bodyN, '    '),
          '    limit',
          '}',
        ],
        tail: [],
      };
    case 'java':
      if (kind === 'method')
        return {
          lead: [`class ${host} {`],
          lines: [
            `  /** ${doc} */`,
            `  public int ${name}(String input, int limit) {`,
            ...bodyLines(r, lang, bodyN, '    '),
            '    return limit;',
            '  }',
          ],
          tail: ['}'],
        };
      return {
        lead: [],
        lines: [
          `/** ${doc} */`,
          `public class ${name} {`,
          '  private int size;',
          '  public int run(String input) {',
          ...bodyLines(r, lang, bodyN, '    '),
          '    return size;',
          '  }',
          '}',
        ],
        tail: [],
      };
  }
}

const KINDS: Record<Lang, string[]> = {
  ts: ['function', 'function', 'class', 'method', 'constant'],
  py: ['function', 'function', 'class', 'method'],
  go: ['function', 'method', 'struct'],
  rs: ['function', 'method', 'struct'],
  java: ['class', 'method', 'method'],
};

const EXT: Record<Lang, string> = { ts: '.ts', py: '.py', go: '.go', rs: '.rs', java: '.java' };

/** A test file, named the way each language's tooling finds tests. */
function testFile(lang: Lang, folder: string, base: string): string {
  if (lang === 'ts') return `${folder}/${base}.test.ts`;
  if (lang === 'py') return `${folder}/test_${base}.py`;
  if (lang === 'go') return `${folder}/${base}_test.go`;
  if (lang === 'rs') return `rs/tests/${base}.rs`;
  return `${folder}/${base}Test.java`;
}

const isTest = (f: string) => /\.test\.ts$|\/test_\w+\.py$|_test\.go$|^rs\/tests\/|Test\.java$/.test(f);

function reference(r: Rand, lang: Lang, name: string): string {
  const v = `${pick(r, WORDS)}${int(r, 1, 99)}`;
  switch (lang) {
    case 'py':
      return pick(r, [
        `    ${v} = ${name}(${v}_in, limit=3)`,
        `    result.append(${name}(item))`,
        `    # ${name} handles the ${pick(r, WORDS)} case`,
      ]);
    case 'go':
      return pick(r, [
        `\t${v} := pkg.${name}("${v}", 3)`,
        `\tout = append(out, pkg.${name}(x, 1))`,
        `\t// ${name} handles the ${pick(r, WORDS)} case`,
      ]);
    case 'rs':
      return pick(r, [
        `    let ${v} = crate::util::${name}("${v}", 3);`,
        `    out.push(${name}(x, 1));`,
        `    // ${name} handles the ${pick(r, WORDS)} case`,
      ]);
    case 'java':
      return pick(r, [
        `    int ${v} = service.${name}("${v}", 3);`,
        `    total += helper.${name}(x, 1);`,
        `    // ${name} handles the ${pick(r, WORDS)} case`,
      ]);
    default:
      return pick(r, [
        `  const ${v} = ${name}(${v}In, 3);`,
        `  total += service.${name}(x, 1);`,
        `  // ${name} handles the ${pick(r, WORDS)} case`,
        `  return ${name};`,
      ]);
  }
}

function filler(r: Rand, lang: Lang, extra: string[]): string[] {
  const lines: string[] = [];
  const fns = int(r, 1, 4);
  for (let f = 0; f < fns; f++) {
    const parts = words(r, 2);
    const fn = nameFor(lang, 'function', parts) + int(r, 0, 999);
    const body = bodyLines(
      r,
      lang,
      int(r, 2, 8),
      lang === 'py' || lang === 'rs' || lang === 'ts'
        ? lang === 'py'
          ? '    '
          : '  '
        : lang === 'go'
          ? '\t'
          : '    ',
    );
    const mine = f === 0 ? extra : [];
    if (lang === 'py') lines.push(`def ${fn}(value):`, ...body, ...mine, '    return value', '');
    else if (lang === 'go')
      lines.push(`func ${fn}(in string) int {`, ...body, ...mine, '\treturn 0', '}', '');
    else if (lang === 'rs')
      lines.push(`pub fn ${fn}(input: &str) -> usize {`, ...body, ...mine, '  0', '}', '');
    else if (lang === 'java')
      lines.push(`  public int ${fn}(String in) {`, ...body, ...mine, '    return 0;', '  }', '');
    else
      lines.push(`export function ${fn}(input: string): number {`, ...body, ...mine, '  return 0;', '}', '');
  }
  return lines;
}

function header(lang: Lang, pkg: string, imports: string[]): string[] {
  if (lang === 'go') return [`package ${pkg}`, '', 'import "strings"', ...imports, ''];
  if (lang === 'java') return [`package com.corpus.${pkg};`, '', ...imports, ''];
  return [...imports, ''];
}

function importOf(lang: Lang, name: string, file: string): string {
  const mod = file.replace(/\.[^.]+$/, '');
  if (lang === 'ts') return `import { ${name} } from '../${mod.split('/').slice(-2).join('/')}';`;
  if (lang === 'py') return `from ${mod.split('/').slice(-2).join('.')} import ${name}`;
  if (lang === 'rs') return `use crate::${mod.split('/').slice(-1)[0]}::${name};`;
  if (lang === 'java') return `import com.corpus.${mod.split('/').slice(-2, -1)[0]}.${name};`;
  return `// uses ${name}`;
}

/** Generates the corpus under `dir` once; later calls reuse it. */
export function searchCorpus(dir: string): Corpus {
  const stamp = `${dir}.json`;
  if (existsSync(stamp)) {
    const saved = JSON.parse(readFileSync(stamp, 'utf8')) as Corpus & { version: string };
    if (saved.version === VERSION) return { dir, files: saved.files, planted: saved.planted };
  }
  rmSync(dir, { recursive: true, force: true });
  const r = rng(7_2026);
  const files = new Map<string, string[]>();
  const folders = (lang: Lang) =>
    Array.from({ length: 12 }, (_, i) => `${lang}/${WORDS[(i * 7) % WORDS.length]}${i}`);
  // Filler files: ~2,300.
  const perLang: Record<Lang, string[]> = { ts: [], py: [], go: [], rs: [], java: [] };
  for (const lang of LANGS) {
    const count = { ts: 800, py: 550, go: 400, rs: 300, java: 300 }[lang];
    for (let i = 0; i < count; i++) {
      const folder = pick(r, folders(lang));
      const base =
        lang === 'java'
          ? `${cap(pick(r, WORDS))}${cap(pick(r, WORDS))}${i}`
          : `${pick(r, WORDS)}_${pick(r, WORDS)}${i}`;
      const file = r() < 0.15 ? testFile(lang, folder, base) : `${folder}/${base}${EXT[lang]}`;
      perLang[lang].push(file);
      files.set(file, []);
    }
  }
  const used = new Set<string>();
  const planted: Planted[] = [];
  const plan: Array<{
    p: Omit<Planted, 'start' | 'end' | 'text'>;
    def: ReturnType<typeof definition>;
    before: string[];
  }> = [];
  for (let i = 0; i < 100; i++) {
    const lang = LANGS[i % LANGS.length]!;
    const kind = pick(r, KINDS[lang]);
    let name = '';
    while (!name || used.has(name)) name = nameFor(lang, kind, words(r, 3));
    used.add(name);
    // A Java class gets its own file, named after it; everything else lands in an existing file.
    const file =
      lang === 'java' && kind === 'class'
        ? `${pick(r, folders(lang))}/${name}.java`
        : pick(
            r,
            perLang[lang].filter((f) => !isTest(f)),
          );
    if (!files.has(file)) files.set(file, []);
    perLang[lang] = perLang[lang].filter((f) => f !== file);
    const bodyN = pick(r, [3, 6, 10, 18, 30, 60]);
    const def = definition(r, lang, kind, name, bodyN);
    // Some files use the name before defining it (helpers at the bottom).
    const before = r() < 0.3 ? Array.from({ length: int(r, 1, 12) }, () => reference(r, lang, name)) : [];
    plan.push({ p: { name, lang, file, kind }, def, before });
    // References: 8-40 files of the same language, 1-4 lines each.
    for (let k = int(r, 8, 40); k > 0; k--) {
      const f = pick(r, perLang[lang]);
      files
        .get(f)!
        .push(
          `${importOf(lang, name, file)}\u0000`,
          ...Array.from({ length: int(r, 1, 4) }, () => reference(r, lang, name)),
        );
    }
    // Confusions.
    if (r() < 0.35) {
      const t = pick(
        r,
        perLang[lang].filter((f) => isTest(f)),
      );
      files
        .get(t)!
        .push(
          `\u0001${lang === 'py' ? `def ${name}(*args):\n    return None` : lang === 'go' ? `func ${name}(in string, limit int) int { return 0 }` : lang === 'rs' ? `fn ${name}(_: &str, _: usize) -> usize { 0 }` : lang === 'java' ? `  int ${name}(String s, int l) { return 0; }` : `function ${name}() { return 0; }`}`,
        );
    }
    if (r() < 0.35) {
      const f = pick(r, perLang[lang]);
      const longer = lang === 'py' || lang === 'rs' ? `${name}_cache` : `${name}Cache`;
      files
        .get(f)!
        .push(
          `\u0001${lang === 'py' ? `def ${longer}(value):\n    return value` : lang === 'go' ? `func ${longer}(in string) int { return 1 }` : lang === 'rs' ? `pub fn ${longer}(x: u32) -> u32 { x }` : lang === 'java' ? `  public int ${longer}(int x) { return x; }` : `export function ${longer}(x: number): number { return x; }`}`,
        );
    }
    if (r() < 0.5) {
      const doc = `docs/${pick(r, WORDS)}${i}.md`;
      files.set(doc, [
        `# ${cap(pick(r, WORDS))}`,
        '',
        `Call \`${name}\` to ${words(r, 5).join(' ')}.`,
        `${name} is also used by the ${pick(r, WORDS)} service.`,
        '',
      ]);
    }
  }
  // Write: each filler file gets its references inside a function, its confusions at the end.
  mkdirSync(dir, { recursive: true });
  let written = 0;
  const planByFile = new Map(plan.map((x) => [x.p.file, x]));
  for (const [file, extra] of files) {
    const lang = (Object.keys(EXT) as Lang[]).find((l) => file.endsWith(EXT[l]));
    let lines: string[];
    if (!lang) lines = extra;
    else {
      const imports = extra
        .filter((l) => l.endsWith('\u0000'))
        .map((l) => l.slice(0, -1))
        .filter((l) => !l.startsWith('//'));
      const refs = extra.filter((l) => !l.endsWith('\u0000') && !l.startsWith('\u0001'));
      const decoys = extra.filter((l) => l.startsWith('\u0001')).map((l) => l.slice(1));
      const pkg = file.split('/').slice(-2, -1)[0]!.replace(/\d+$/, '');
      lines = [...header(lang, pkg, lang === 'go' ? [] : [...new Set(imports)])];
      const own = planByFile.get(file);
      // Java: a file's class is named after the file; a planted class is that class.
      const javaClass =
        lang === 'java' && !(own && own.p.kind === 'class')
          ? file.slice(file.lastIndexOf('/') + 1, -5)
          : undefined;
      if (javaClass) lines.push(`public class ${javaClass} {`);
      if (!(lang === 'java' && own?.p.kind === 'class'))
        lines.push(...filler(r, lang, [...refs, ...(own?.before ?? [])]), ...decoys);
      if (javaClass) lines.push('}');
      lines.push('');
      if (own) {
        lines.push(...own.def.lead);
        const start = lines.length + 1;
        lines.push(...own.def.lines);
        const end = lines.length;
        lines.push(...own.def.tail, '');
        planted.push({ ...own.p, start, end, text: own.def.lines.join('\n') });
      }
    }
    const abs = path.join(dir, file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, `${lines.join('\n')}\n`);
    written++;
  }
  if (!existsSync(path.join(dir, 'go.mod')))
    writeFileSync(path.join(dir, 'go.mod'), 'module example.com/corpus\n');
  // Its own repository, so the ignore rules of a checkout it sits in do not hide it.
  execFileSync('git', ['init', '-q'], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  const corpus = { dir, files: written + 1, planted: planted.sort((a, b) => a.name.localeCompare(b.name)) };
  writeFileSync(stamp, JSON.stringify({ version: VERSION, ...corpus }));
  return corpus;
}
