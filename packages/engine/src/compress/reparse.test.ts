// The re-parse test: over 500+ files in every language (this repository's sources, the golden
// inputs, generated files, and real files from node_modules: Python from node-gyp, C++ from re2,
// shell, CSS, YAML, HTML), each level's output is parsed again from scratch with the same grammar
// (not incrementally, as compress does) and must show no ERROR node; every declaration of the
// input outside function bodies must still be named in the signatures and outline outputs (implicit names such as Kotlin's
// `Companion` are not in the text to begin with).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Parser } from 'web-tree-sitter';
import { declarations } from '../declarations/declarations';
import { type Grammar, syntaxFor } from '../parse/index';
import { SYNTAX } from '../syntax/index';
import { compress } from './compress';
import { generateCorpus } from './testing/corpus';
import type { CompressOptions } from './types';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const MAX_BYTES = 100_000;

function walk(dir: string, keep: (file: string) => boolean, limit: number): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      if (out.length >= limit) return;
      // Nested node_modules and dot folders (.git, the bench's .work) are not this repository's sources.
      if (
        (name === 'node_modules' && d !== path.join(repo, 'node_modules')) ||
        (name.startsWith('.') && !d.includes('node_modules'))
      )
        continue;
      const p = path.join(d, name);
      const info = statSync(p, { throwIfNoEntry: false });
      if (info?.isDirectory()) visit(p);
      else if (info?.isFile() && info.size <= MAX_BYTES && keep(p)) out.push(p);
    }
  };
  visit(dir);
  return out;
}

function corpus(): Array<{ path: string; text: string }> {
  const files: string[] = [
    ...['packages', 'apps'].flatMap((d) => walk(path.join(repo, d), (f) => /\/src\/.*\.tsx?$/.test(f), 400)),
    ...walk(path.join(repo, 'packages/engine/fixtures/compress'), (f) => !f.includes('/expected/'), 100),
  ];
  const modules = path.join(repo, 'node_modules');
  for (const [sub, re, limit] of [
    ['node-gyp', /\.py$/, 40],
    ['re2', /\.(cc|h)$/, 40],
    ['.', /\.sh$/, 15],
    ['.', /\.css$/, 8],
    ['.', /\.ya?ml$/, 15],
    ['.', /\.html$/, 8],
  ] as const)
    files.push(...walk(path.join(modules, sub), (f) => re.test(f), limit));
  const real = files.map((f) => ({ path: path.relative(repo, f), text: readFileSync(f, 'utf8') }));
  return [...real, ...generateCorpus(20261129, 24)];
}

const LEVELS: CompressOptions[] = [
  { level: 'compact' },
  { level: 'signatures' },
  { level: 'outline', stripComments: true },
];

const parsers = new Map<string, Parser>();
function freshErrors(grammar: Grammar, text: string): boolean {
  let parser = parsers.get(grammar.id);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar.language);
    parsers.set(grammar.id, parser);
  }
  const tree = parser.parse(text)!;
  try {
    return tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

describe('re-parse of compressed output', () => {
  it('keeps 500+ files in 15+ languages free of new ERROR nodes and keeps every declaration name', async () => {
    const files = corpus();
    const failures: string[] = [];
    const languages = new Set<string>();
    let parsed = 0;
    let inputErrors = 0;
    let emptied = 0;
    for (const file of files) {
      const syntax = await syntaxFor(file.path, file.text);
      if (!syntax.ok) continue;
      parsed++;
      languages.add(syntax.language);
      const clean = !freshErrors(syntax.grammar, file.text);
      if (!clean) inputErrors++;
      const structured = Boolean(SYNTAX[syntax.grammar.id].structure);
      const names = clean
        ? (await declarations(file.text, file.path))
            .filter((d) => !d.local && file.text.includes(d.name))
            .map((d) => d.name)
        : [];
      for (const options of structured ? LEVELS : LEVELS.slice(0, 1)) {
        const r = await compress(file.text, file.path, options);
        const at = `${file.path} at ${options.level}`;
        if (!clean) {
          if (r.level !== 'full' || !/syntax error/.test(r.reason ?? ''))
            failures.push(`${at}: input has errors, got ${r.level}`);
          continue;
        }
        if (r.level !== options.level) failures.push(`${at}: fell back to ${r.level} (${r.reason})`);
        else if (freshErrors(syntax.grammar, r.text)) failures.push(`${at}: output has ERROR nodes`);
        emptied += r.stats.bodies;
        if (options.level === 'compact') continue;
        const missing = names.filter((n) => !r.text.includes(n));
        if (missing.length) failures.push(`${at}: lost declarations ${missing.slice(0, 5).join(', ')}`);
      }
    }
    if (process.env.LOUPE_VERBOSE)
      console.log({
        files: files.length,
        parsed,
        inputErrors,
        emptied,
        languages: [...languages].sort().join(' '),
      });
    expect(failures).toEqual([]);
    expect(parsed).toBeGreaterThanOrEqual(500);
    expect(languages.size).toBeGreaterThanOrEqual(15);
    expect(emptied).toBeGreaterThan(1000);
    // Real files the grammars cannot parse exist (macros, new syntax), but they are the exception.
    expect(inputErrors / parsed).toBeLessThan(0.1);
    // Thousands of parses: ~11 s on an idle 2-core machine, over a minute on a loaded one.
  }, 600_000);
});
