// The retrieval corpus: ~2,400 files in TypeScript, Python, Go, Rust and Java with 100 planted
// definitions (functions, classes, methods, constants) referenced from many files, and the
// confusions real code has: test doubles declaring the same name, longer names that contain it
// (`nameCache`), comments and docs that mention it, references in files named after it, uses
// before the definition. Deterministic: same seed, same bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  cap,
  definition,
  EXT,
  filler,
  header,
  importOf,
  int,
  isTest,
  KINDS,
  LANGS,
  type Lang,
  nameFor,
  pick,
  reference,
  rng,
  testFile,
  WORDS,
  words,
} from './search-corpus-code';

const VERSION = 'search-corpus-v5';

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
