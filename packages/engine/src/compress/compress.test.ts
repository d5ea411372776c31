import { describe, expect, it } from 'vitest';
import { loadGrammar, withTree } from '../parse/index';
import { compress, reparseErrorLine } from './compress';
import { isTestFile } from './testfiles';
import { applyEdits, LineIndex } from './text';

const sig = (text: string, path: string, extra = {}) =>
  compress(text, path, { level: 'signatures', ...extra });

describe('compress: levels and fallbacks', () => {
  it('full returns the text untouched', async () => {
    const text = 'def f(:\n';
    expect(await compress(text, 'a.py', { level: 'full' })).toMatchObject({
      text,
      level: 'full',
      requested: 'full',
    });
  });

  it('falls back to full with a reason: unknown language, no grammar, syntax error, too large', async () => {
    expect(await sig('x', 'LICENSE')).toMatchObject({ level: 'full', reason: 'unknown language' });
    expect(await sig('# T\n', 'README.md')).toMatchObject({
      level: 'full',
      reason: 'no grammar for markdown',
    });
    expect(await sig('func main() {\n', 'main.go')).toMatchObject({
      level: 'full',
      requested: 'signatures',
      reason: 'the go parser reports a syntax error at line 1',
      language: 'go',
    });
    const big = `x = 1\n${'#'.repeat(4 * 1024 * 1024)}\n`;
    expect((await sig(big, 'big.py')).reason).toMatch(/larger than 4 MiB, not parsed/);
  });

  it('a C header that splits `extern "C" {` across #ifdef stays in full (neither C nor C++ parses it)', async () => {
    const text = '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n';
    expect((await sig(text, 'x.h')).reason).toMatch(/syntax error/);
  });

  it('a C header with C++ in it is parsed with the C++ grammar', async () => {
    const text = 'class A {\npublic:\n  int f() {\n    return 1;\n  }\n};\n';
    const r = await sig(text, 'a.h');
    expect(r.level).toBe('signatures');
    expect(r.text).toContain('int f() { /* … lines 3–5 */ }');
  });

  it('languages without bodies: signatures stays full unless comments are stripped', async () => {
    const css = '/* c */\na { color: red; }\n\nb { color: blue; }\n';
    expect(await sig(css, 'a.css')).toMatchObject({
      level: 'full',
      reason: 'css has no function bodies to empty',
    });
    expect(await sig(css, 'a.css', { stripComments: true })).toMatchObject({
      level: 'compact',
      text: 'a { color: red; }\nb { color: blue; }\n',
      reason: 'css has no function bodies to empty; comments and blank lines removed instead',
    });
  });

  it('outline on a file that is not a test is signatures, labelled outline', async () => {
    const text = 'describe("x", () => {\n  it("y", () => {\n    run();\n  });\n});\n';
    const asSource = await compress(text, 'src/run.ts', { level: 'outline' });
    expect(asSource).toMatchObject({ level: 'outline', text });
    const asTest = await compress(text, 'src/run.test.ts', { level: 'outline' });
    expect(asTest.text).toBe('describe("x", () => {\n  it("y", () => { /* … lines 2–4 */ });\n});\n');
    expect(asTest.stats.tests).toBe(2);
  });
});

describe('compress: stubs and trims', () => {
  it('keeps short one-line bodies and empty bodies, empties long ones', async () => {
    const long = `function b() { return ${'x + '.repeat(30)}1; }`;
    const r = await sig(`function a() { return 1; }\nfunction e() {}\n${long}\n`, 'a.ts');
    expect(r.text).toBe('function a() { return 1; }\nfunction e() {}\nfunction b() { /* … line 3 */ }\n');
  });

  it('counts in UTF-16 like the parser, so text after emoji and accents stays aligned', async () => {
    const text = 'const s = "héllo 😀";\nfunction f() {\n  return s;\n}\n// ünïcode\n';
    const r = await sig(text, 'a.ts', { stripComments: true });
    expect(r.text).toBe('const s = "héllo 😀";\nfunction f() { /* … lines 2–4 */ }\n');
  });

  it('keeps CRLF line ends in what it writes', async () => {
    const text = 'def f():\r\n    """Doc."""\r\n    x = 1\r\n    return x\r\n';
    const r = await sig(text, 'a.py');
    expect(r.text).toBe('def f():\r\n    """Doc."""\r\n    ...  # lines 3–4\r\n');
  });

  it('keeps shebangs and directives when stripping comments; glued comments leave a separator', async () => {
    const go = '//go:build linux\n\n// Package p.\npackage p\n\nvar x = 1 /* one */ + 2\n';
    expect((await sig(go, 'p.go', { stripComments: true })).text).toBe(
      '//go:build linux\n\npackage p\n\nvar x = 1 + 2\n',
    );
    const ts = '/// <reference types="node" />\n// note\nconst a = b/* x */+c;\nf(/* arg */1);\n';
    expect((await compress(ts, 'a.ts', { level: 'compact' })).text).toBe(
      '/// <reference types="node" />\nconst a = b +c;\nf(1);\n',
    );
    const sh = '#!/bin/sh\n# comment\necho 1 # trailing\n';
    expect((await compress(sh, 'a.sh', { level: 'compact' })).text).toBe('#!/bin/sh\necho 1\n');
  });

  it('compact keeps blank lines inside strings, heredocs and block scalars', async () => {
    const py = 'x = """a\n\nb"""\n\n\ny = 2\n';
    expect((await compress(py, 'a.py', { level: 'compact' })).text).toBe('x = """a\n\nb"""\ny = 2\n');
    const yaml = 'a: |\n  one\n\n  two\n\nb: 1\n';
    expect((await compress(yaml, 'a.yml', { level: 'compact' })).text).toBe('a: |\n  one\n\n  two\nb: 1\n');
  });

  it('a docstring alone in its block becomes `...` when docstrings go', async () => {
    const text = 'class E(Exception):\n    """Raised."""\n\n\nx = 1\n';
    const r = await compress(text, 'e.py', { level: 'compact', stripDocstrings: true });
    expect(r.text).toBe('class E(Exception):\n    ...\nx = 1\n');
    expect(r.stats.docstrings).toBe(1);
  });
});

describe('reparseErrorLine', () => {
  it('finds an error the edits introduce, fresh or incrementally, and passes a clean edit', async () => {
    const loaded = await loadGrammar('typescript');
    if (!loaded.ok) throw new Error(loaded.reason);
    const g = loaded.grammar;
    const text =
      'function f() {\n  return 1;\n}\nconst long = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];\n';
    const lines = new LineIndex(text);
    withTree(g, text, (tree) => {
      const check = (edits: Array<{ start: number; end: number; text: string }>) =>
        reparseErrorLine(g, tree, lines, edits, applyEdits(text, edits));
      const body = { start: text.indexOf('{'), end: text.indexOf('}') + 1 };
      expect(check([{ ...body, text: '{ /* … */ }' }])).toBe(0);
      // Incremental path (output longer than half the input): an unclosed brace.
      expect(check([{ ...body, text: '{ /* … */' }])).toBeGreaterThan(0);
      // Fresh path (output much shorter): the same damage.
      expect(check([{ start: body.start, end: text.length, text: '{' }])).toBeGreaterThan(0);
    });
  });
});

describe('isTestFile', () => {
  it.each([
    ['src/a.test.ts', true],
    ['src/a.spec.tsx', true],
    ['src/__tests__/a.ts', true],
    ['test/a.js', true],
    ['tests/test_app.py', true],
    ['pkg/app_test.go', true],
    ['spec/models/user_spec.rb', true],
    ['src/test/java/AppTest.java', true],
    ['src/app.ts', false],
    ['src/contest.ts', false],
    ['lib/testing.py', false],
  ])('%s -> %s', (path, expected) => {
    expect(isTestFile(path, '')).toBe(expected);
  });

  it('recognises a test framework import in a file of any name', () => {
    expect(isTestFile('src/check.ts', "import { it } from 'vitest';\n")).toBe(true);
    expect(isTestFile('check.rb', 'RSpec.describe Foo do\nend\n')).toBe(true);
  });
});

describe('outline: test structure', () => {
  it('keeps nested groups (also Playwright test.describe), folds setup, empties tests', async () => {
    const text = [
      "import { test } from '@playwright/test';",
      "test.describe('cart', () => {",
      '  const user = login();',
      '  const cart = open(user);',
      "  test('adds', async ({ page }) => {",
      '    await page.click("#add");',
      '    await expect(page).toHaveURL("/cart");',
      '  });',
      "  test.describe.parallel('totals', () => {",
      "    test.skip('sums', () => {",
      '      expect(sum([1, 2])).toBe(3);',
      '      expect(sum([])).toBe(0);',
      '    });',
      '  });',
      '});',
      '',
    ].join('\n');
    const r = await compress(text, 'e2e/cart.spec.ts', { level: 'outline' });
    expect(r.text).toBe(
      [
        "import { test } from '@playwright/test';",
        "test.describe('cart', () => {",
        '  /* … lines 3–4 */',
        "  test('adds', async ({ page }) => { /* … lines 5–8 */ });",
        "  test.describe.parallel('totals', () => {",
        "    test.skip('sums', () => { /* … lines 10–13 */ });",
        '  });',
        '});',
        '',
      ].join('\n'),
    );
    expect(r.stats.tests).toBe(4);
  });
});
