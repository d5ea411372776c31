// The format corpus (test/corpus-files.ts, ≥ 150 generated files across every format of the
// format tier): every planted value is masked and nothing else; no byte changes outside the
// masked spans; structured formats parse to the same shape (JSON, YAML via `yaml`, TOML via
// smol-toml, .env via Node's own parser, XML / INI / .properties via small parsers); source code
// keeps its tree-sitter parse tree shape.
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { type MaskFinding, type MaskResult, maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';
import type { CorpusFile } from './test/corpus-builder';
import { formatCorpus } from './test/corpus-files';
import { compareTrees, parseAs } from './test/parsers';

const corpus = formatCorpus();
let rules: MaskRules;
const results = new Map<string, MaskResult>();

beforeAll(async () => {
  rules = await loadMaskRules();
  const session = new MaskSession();
  for (const f of corpus) results.set(f.path, maskText(f.text, f.path, rules, session));
});

function offsets(text: string, f: MaskFinding): [number, number] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return [starts[f.line - 1]! + f.column - 1, starts[f.endLine - 1]! + f.endColumn - 1];
}

/** The masked text rebuilt from the original and the reported spans alone. */
function rebuild(file: CorpusFile, r: MaskResult): string {
  let out = '';
  let at = 0;
  for (const f of r.findings) {
    const [s, e] = offsets(file.text, f);
    const quoted = r.text.includes(`"${f.placeholder}"`) && !/["']/.test(file.text[s - 1] ?? '');
    // A multi-line value keeps its line breaks after the placeholder (line numbers stay valid).
    const breaks = '\n'.repeat(f.endLine - f.line);
    out += file.text.slice(at, s) + (quoted ? `"${f.placeholder}"` : f.placeholder) + breaks;
    at = e;
  }
  return out + file.text.slice(at);
}

describe('format corpus', () => {
  it('has at least 150 files across every format', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    const kinds = new Set(corpus.map((f) => f.path.split('/').pop()!.replace(/^.*\./, '.')));
    expect(kinds.size).toBeGreaterThanOrEqual(15);
    expect(corpus.reduce((n, f) => n + f.plants.length, 0)).toBeGreaterThan(600);
  });

  it('masks every planted value, exactly, and nothing else', () => {
    const problems: string[] = [];
    for (const file of corpus) {
      const r = results.get(file.path)!;
      if (r.withheld) problems.push(`${file.path}: withheld (${r.withheld})`);
      const got = r.findings.map((f) => offsets(file.text, f).join('-'));
      const want = file.plants.map((p) => `${p.start}-${p.end}`);
      for (const w of want)
        if (!got.includes(w))
          problems.push(
            `${file.path}: planted ${JSON.stringify(file.text.slice(...w.split('-').map(Number)))} not masked exactly`,
          );
      for (const [i, g] of got.entries())
        if (!want.includes(g))
          problems.push(
            `${file.path}: extra mask ${r.findings[i]!.rule} on ${JSON.stringify(file.text.slice(...g.split('-').map(Number)))}`,
          );
      for (const p of file.plants) {
        const value = file.text.slice(p.start, p.end);
        if (value.length >= 8 && r.text.includes(value)) problems.push(`${file.path}: value still in output`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('changes no byte outside the masked spans', () => {
    const changed = corpus
      .filter((f) => rebuild(f, results.get(f.path)!) !== results.get(f.path)!.text)
      .map((f) => f.path);
    expect(changed).toEqual([]);
  });

  it('keeps every structured file parse-equivalent', () => {
    const problems: string[] = [];
    for (const file of corpus) {
      if (!file.parse || file.parse === 'code') continue;
      const planted = file.plants.map((p) => p.parsed ?? file.text.slice(p.start, p.end));
      try {
        const before = parseAs(file.parse, file.text);
        const after = parseAs(file.parse, results.get(file.path)!.text);
        problems.push(...compareTrees(before, after, planted).map((d) => `${file.path}: ${d}`));
      } catch (error) {
        problems.push(`${file.path}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(corpus.filter((f) => f.parse && f.parse !== 'code').length).toBeGreaterThan(100);
  });

  it('keeps the tree-sitter parse tree shape of masked source code', async () => {
    await Parser.init();
    const wasm = path.dirname(
      createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm/package.json'),
    );
    const grammar: Record<string, string> = { ts: 'typescript', py: 'python', go: 'go', java: 'java' };
    const parsers = new Map<string, Parser>();
    const shape = (p: Parser, text: string) => {
      const types: string[] = [];
      const walk = (n: import('web-tree-sitter').Node) => {
        types.push(n.type);
        for (const c of n.children) if (c) walk(c);
      };
      const tree = p.parse(text)!;
      walk(tree.rootNode);
      return { types: types.join(' '), errors: tree.rootNode.hasError };
    };
    let checked = 0;
    for (const file of corpus.filter((f) => f.parse === 'code')) {
      const ext = path.extname(file.path).slice(1);
      let p = parsers.get(ext);
      if (!p) {
        p = new Parser();
        p.setLanguage(await Language.load(path.join(wasm, 'wasm', `tree-sitter-${grammar[ext]}.wasm`)));
        parsers.set(ext, p);
      }
      const before = shape(p, file.text);
      const after = shape(p, results.get(file.path)!.text);
      expect(before.errors, file.path).toBe(false);
      expect(after, file.path).toEqual(before);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(16);
  });
});
