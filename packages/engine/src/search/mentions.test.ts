// A definition beats mentions: on an express-shaped project, the one line that defines
// `res.sendFile` ranks above 10 to 40 mentions in docs, examples, tests and the changelog, and
// source folders rank above those for a symbol-like query; a query that names a test, a doc or a
// changelog still finds it first. Real scan, masking and parses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFocus } from './search';
import { openProject, type TestProject } from './testing';

const times = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n');

const FILES: Record<string, string> = {
  'lib/response.js': [
    "'use strict';",
    'var res = Object.create(null);',
    'module.exports = res;',
    '',
    '/**',
    ' * Transfer the file at the given `path`.',
    ' */',
    'res.sendFile = function (path, options, callback) {',
    '  var done = callback || function () {};',
    '  this.stream(path, options).on("end", done);',
    '};',
    '',
    'res.trustProxy = false;',
    '',
  ].join('\n'),
  'lib/router.js':
    'module.exports = function route(req, res) {\n  // answers with the file\n  if (req.app.proxyHops) req.hops();\n  return res.download(req.path);\n};\n',
  'docs/hops.md': 'Set `proxyHops` behind a load balancer.\n',
  'examples/hops/index.js': 'app.proxyHops = 2; // behind one balancer\n',
  'CHANGELOG.md': '## 5.1.0\n\n- Add `proxyHops`.\n',
  'docs/api.md': `# API\n\n${times(40, (i) => `Call \`res.sendFile(path${i})\` to send a file (sendFile example ${i}).`)}\n`,
  'examples/static/index.js': `var express = require('express');\nvar app = express();\n${times(10, (i) => `app.get('/f${i}', function (req, res) { res.sendFile('/tmp/f${i}'); });`)}\n`,
  'test/res.sendFile.js': `var request = require('supertest');\ndescribe('res', function () {\n  describe('.sendFile()', function () {\n${times(30, (i) => `    it('sends file ${i}', function () { res.sendFile('f${i}'); });`)}\n  });\n});\n`,
  'History.md': `5.0.0 / 2024-09-10\n==================\n\n${times(25, (i) => `  * Fix \`res.sendFile\` edge case ${i}`)}\n`,
  'docs/proxies.md': `# Proxies\n\n${times(12, (i) => `Set trustProxy when behind proxy ${i}.`)}\n`,
  'tests/test_streaming.py':
    'def test_streams_large_files():\n    assert stream("big")\n\n\ndef helper():\n    return test_streams_large_files\n',
  'lib/runner.py': 'SLOW = ["test_streams_large_files"]\n',
  'CONTRIBUTING.md': '# Contributing\n\nRun the tests before you send a pull request.\n',
  'lib/contributing.js': '// see CONTRIBUTING.md\nmodule.exports = {};\n',
};

let p: TestProject;
beforeAll(async () => {
  p = await openProject(FILES);
});
afterAll(() => p.close());

const ranked = async (query: string) => (await searchFocus(p.ws, query)).files.map((f) => f.path);

describe('a definition beats mentions', () => {
  it.each(['sendFile', 'res.sendFile', 'sendfile'])(
    '%s: the defining line first, then source, then the rest',
    async (q) => {
      const r = await searchFocus(p.ws, q);
      expect(r.best).toMatchObject({ path: 'lib/response.js', line: 8 });
      expect(r.best?.declaration?.qualifiedName).toBe('res.sendFile');
      const files = r.files.map((f) => f.path);
      expect(files[0]).toBe('lib/response.js');
      // 10 to 40 mentions each, all below the single definition.
      for (const f of ['docs/api.md', 'examples/static/index.js', 'test/res.sendFile.js', 'History.md'])
        expect(files.indexOf(f), f).toBeGreaterThan(0);
    },
  );

  it('source folders beat docs for a symbol-like query, and mentions in source beat mentions in docs', async () => {
    // lib/ holds it once (an assignment); docs/proxies.md twelve times.
    expect(await ranked('trustProxy')).toEqual(['lib/response.js', 'docs/proxies.md']);
    // Once each: a mention inside a function in lib/ above the doc, the example and the changelog
    // (which sort before it by path).
    expect(await ranked('proxyHops')).toEqual([
      'lib/router.js',
      'examples/hops/index.js',
      'docs/hops.md',
      'CHANGELOG.md',
    ]);
    const file = await ranked('file');
    expect(file.indexOf('lib/router.js')).toBeLessThan(file.indexOf('docs/api.md'));
    expect(file.indexOf('lib/router.js')).toBeLessThan(file.indexOf('History.md'));
  });

  it('a query that names a test or a doc still finds it first', async () => {
    // Declared in a test, mentioned in source: the test's definition first.
    expect(await ranked('test_streams_large_files')).toEqual(['tests/test_streaming.py', 'lib/runner.py']);
    // A doc named like the query keeps its place (here a tie with a source file, broken by path).
    expect(await ranked('contributing')).toEqual(['CONTRIBUTING.md', 'lib/contributing.js']);
  });
});

describe('a definition the text alone can tell', () => {
  it('a member assigned a function ranks among the files parsed, however many files mention it first', async () => {
    // Sixty files that sort before lib/ mention it once each, as much as the definition's own
    // file does: the line `res.sendFile = function (…) {` must look like a declaration by its text.
    const files: Record<string, string> = {
      'lib/response.js': 'var res = {};\nres.sendFile = function (path) {\n  return path;\n};\n',
      'lib/request.js': "var req = {};\ndefineGetter(req, 'sendFile', function () {\n  return 1;\n});\n",
    };
    for (let i = 0; i < 60; i++)
      files[`app/route${String(i).padStart(2, '0')}.js`] =
        `module.exports = (res) => res.sendFile('/f${i}');\n`;
    const q = await openProject(files);
    try {
      const r = await searchFocus(q.ws, 'sendFile');
      expect(r.files.slice(0, 2).map((f) => [f.path, f.bestTier])).toEqual([
        ['lib/request.js', 'name'],
        ['lib/response.js', 'name'],
      ]);
      expect(r.best?.declaration?.qualifiedName).toBe('req.sendFile');
    } finally {
      await q.close();
    }
  });
});
