// Code in five languages for the retrieval corpus: filler functions, planted definitions of several
// kinds, references to them, test files named the way each language's tooling finds tests.
import { type Rand, rng } from '@loupe/common';

export { type Rand, rng };

export const WORDS = (
  'account order invoice payment session token cache index render parse load save update create ' +
  'delete fetch build config route handler service client server request response stream buffer ' +
  'queue worker event listener state store model view item list map tree node edge graph path file ' +
  'folder scan watch focus pack mask compress search rank match query filter ledger voucher quota ' +
  'tariff parcel shipment refund coupon basket tenant region shard replica cursor batch digest'
).split(' ');

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export type Lang = 'ts' | 'py' | 'go' | 'rs' | 'java';
export const LANGS: Lang[] = ['ts', 'py', 'go', 'rs', 'java'];

export function words(r: Rand, n: number): string[] {
  return Array.from({ length: n }, () => pick(r, WORDS));
}

/** A name in the language's style: camelCase functions, PascalCase types, snake_case in Python and Rust. */
export function nameFor(lang: Lang, kind: string, parts: string[]): string {
  const camel = parts[0]! + parts.slice(1).map(cap).join('');
  const pascal = parts.map(cap).join('');
  const snake = parts.join('_');
  if (kind === 'class' || kind === 'struct') return pascal;
  if (kind === 'constant') return snake.toUpperCase();
  if (lang === 'py' || lang === 'rs') return snake;
  if (lang === 'go') return pascal;
  return camel;
}

export function bodyLines(r: Rand, lang: Lang, n: number, indent: string): string[] {
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
export function definition(
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

export const KINDS: Record<Lang, string[]> = {
  ts: ['function', 'function', 'class', 'method', 'constant'],
  py: ['function', 'function', 'class', 'method'],
  go: ['function', 'method', 'struct'],
  rs: ['function', 'method', 'struct'],
  java: ['class', 'method', 'method'],
};

export const EXT: Record<Lang, string> = { ts: '.ts', py: '.py', go: '.go', rs: '.rs', java: '.java' };

/** A test file, named the way each language's tooling finds tests. */
export function testFile(lang: Lang, folder: string, base: string): string {
  if (lang === 'ts') return `${folder}/${base}.test.ts`;
  if (lang === 'py') return `${folder}/test_${base}.py`;
  if (lang === 'go') return `${folder}/${base}_test.go`;
  if (lang === 'rs') return `rs/tests/${base}.rs`;
  return `${folder}/${base}Test.java`;
}

export const isTest = (f: string) =>
  /\.test\.ts$|\/test_\w+\.py$|_test\.go$|^rs\/tests\/|Test\.java$/.test(f);

export function reference(r: Rand, lang: Lang, name: string): string {
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

export function filler(r: Rand, lang: Lang, extra: string[]): string[] {
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

export function header(lang: Lang, pkg: string, imports: string[]): string[] {
  if (lang === 'go') return [`package ${pkg}`, '', 'import "strings"', ...imports, ''];
  if (lang === 'java') return [`package com.corpus.${pkg};`, '', ...imports, ''];
  return [...imports, ''];
}

export function importOf(lang: Lang, name: string, file: string): string {
  const mod = file.replace(/\.[^.]+$/, '');
  if (lang === 'ts') return `import { ${name} } from '../${mod.split('/').slice(-2).join('/')}';`;
  if (lang === 'py') return `from ${mod.split('/').slice(-2).join('.')} import ${name}`;
  if (lang === 'rs') return `use crate::${mod.split('/').slice(-1)[0]}::${name};`;
  if (lang === 'java') return `import com.corpus.${mod.split('/').slice(-2, -1)[0]}.${name};`;
  return `// uses ${name}`;
}
