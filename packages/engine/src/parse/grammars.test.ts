import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import {
  copyGrammars,
  defaultLocateDeps,
  GRAMMAR_IDS,
  grammarDirs,
  grammarFileName,
  type LocateDeps,
  locateGrammar,
  locateRuntime,
} from './grammars';
import { loadGrammar, loadGrammarFile } from './runtime';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-grammars-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SAMPLES: Record<string, string> = {
  typescript: 'const x: number = 1;',
  tsx: 'const a = <div>{x}</div>;',
  javascript: 'function f() { return 1; }',
  python: 'def f():\n    return 1\n',
  go: 'package p\nfunc f() int { return 1 }\n',
  rust: 'fn f() -> i32 { 1 }',
  java: 'class A { int f() { return 1; } }',
  csharp: 'class A { int F() { return 1; } }',
  c: 'int f(void) { return 1; }',
  cpp: 'template <typename T> T f(T x) { return x; }',
  ruby: 'def f\n  1\nend\n',
  php: '<?php function f() { return 1; }',
  kotlin: 'fun f(): Int {\n    return 1\n}\n',
  scala: 'object A { def f: Int = 1 }',
  bash: 'f() { echo 1; }',
  powershell: 'function F { return 1 }',
  css: 'a { color: red; }',
  html: '<p>x</p>',
  json: '{"a": 1}',
  yaml: 'a: 1\n',
  toml: 'a = 1\n',
  ini: '[a]\nb = 1\n',
};

describe('grammars', () => {
  it('every grammar is found in node_modules, loads into web-tree-sitter 0.27 and parses cleanly', async () => {
    for (const id of GRAMMAR_IDS) {
      expect(locateGrammar(id), id).toBeDefined();
      const loaded = await loadGrammar(id);
      expect(loaded.ok, id).toBe(true);
      if (!loaded.ok) continue;
      const tree = loaded.grammar.parser.parse(SAMPLES[id]!)!;
      expect(tree.rootNode.hasError, id).toBe(false);
      tree.delete();
    }
  });

  it('looks in the override folder, the packaged app, next to the bundle, in that order', () => {
    const deps: LocateDeps = {
      ...defaultLocateDeps,
      env: { LOUPE_GRAMMARS_DIR: '/override' },
      resourcesPath: '/app/resources',
      moduleDir: '/bundle/dist',
    };
    expect(grammarDirs(deps)).toEqual(['/override', '/app/resources/grammars', '/bundle/dist/grammars']);
    const seen: string[] = [];
    const found = locateGrammar('go', {
      ...deps,
      exists: (f) => {
        seen.push(f);
        return f === '/app/resources/grammars/tree-sitter-go.wasm';
      },
    });
    expect(found).toBe('/app/resources/grammars/tree-sitter-go.wasm');
    expect(seen).toEqual(['/override/tree-sitter-go.wasm', '/app/resources/grammars/tree-sitter-go.wasm']);
  });

  it('reports no grammar when neither a folder nor the package has it', () => {
    const none = locateGrammar('rust', {
      ...defaultLocateDeps,
      env: {},
      exists: () => false,
      resolve: () => {
        throw new Error('missing');
      },
    });
    expect(none).toBeUndefined();
  });

  it('copyGrammars fills a flat folder that locateGrammar finds and web-tree-sitter loads', async () => {
    const dest = path.join(work, 'resources', 'grammars');
    const copied = copyGrammars(dest);
    expect(copied.map((c) => c.id).sort()).toEqual([...GRAMMAR_IDS, 'runtime'].sort());
    for (const id of GRAMMAR_IDS) expect(existsSync(path.join(dest, grammarFileName(id)))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(dest, 'grammars.json'), 'utf8'));
    expect(manifest.find((m: { id: string }) => m.id === 'c')).toMatchObject({
      pkg: 'tree-sitter-c',
      license: 'MIT',
    });
    expect(existsSync(path.join(dest, 'licenses', '@vscode__tree-sitter-wasm.LICENSE'))).toBe(true);
    const deps = { ...defaultLocateDeps, env: { LOUPE_GRAMMARS_DIR: dest } };
    const file = locateGrammar('python', deps)!;
    expect(file).toBe(path.join(dest, 'tree-sitter-python.wasm'));
    expect(locateRuntime(deps)).toBe(path.join(dest, 'web-tree-sitter.wasm'));
    await Parser.init();
    const language = await Language.load(file);
    const parser = new Parser();
    parser.setLanguage(language);
    expect(parser.parse('x = 1\n')!.rootNode.hasError).toBe(false);
  });

  it('a missing or broken grammar file gives a reason instead of throwing', async () => {
    expect(await loadGrammarFile('go', undefined)).toEqual({
      ok: false,
      reason: 'the go grammar is not installed',
    });
    const broken = await loadGrammarFile('go', path.join(work, 'nope.wasm'));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.reason).toMatch(/^the go grammar failed to load \(/);
  });
});
