// The search tool as an agent receives it through the real SDK client: the statements about what
// was shown and left out tell the truth. Every file `git grep` finds is either shown (with its
// count) or named under "Matching files not shown" (with its count) or counted in a folder; the
// shown files follow the rule the result states (rounds in rank order, so a file left out means
// no file shows a second match); and the counts add up.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import {
  type Fixture,
  GIT_ENV,
  makeProject,
  memoryClient,
  openProject,
  type TestClient,
} from '../testing/fixture';
import { parseBlocks } from '../untrusted';

const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n');

/** An express-shaped project where one file mentions the name 43 times and another 17. */
const FILES: Record<string, string> = {
  'lib/response.js': `var res = module.exports = {};\n\nres.sendFile = function sendFile(path) {\n${lines(16, (i) => `  // sendFile step ${i}: check the path, then stream it to the client, honouring the options`)}\n  return sendfile(path);\n};\n\nfunction sendfile(path) {\n  return path;\n}\n`,
  'test/res.sendFile.js': `describe('res.sendFile', function () {\n${lines(42, (i) => `  it('works ${i}', function () { res.sendFile('/tmp/file-${i}.txt', { root: '/srv/static/files' }); });`)}\n});\n`,
  'History.md': lines(
    12,
    (i) => `  * Fix sendFile edge case number ${i} when the client aborts the request early`,
  ),
  'examples/static/index.js': "app.get('/', (req, res) => res.sendFile('/srv/index.html'));\n",
  'docs/api.md': lines(5, (i) => `Call sendFile with an absolute path (note ${i}).`),
  'README.md': 'Use res.sendFile to send a file.\n',
};
for (let i = 0; i < 30; i++)
  FILES[`test/more/case${String(i).padStart(2, '0')}.js`] = `res.sendFile('/tmp/case-${i}');\n`;

let fx: Fixture;
let project: McpProject;
let c: TestClient;
beforeAll(async () => {
  fx = makeProject(FILES);
  project = await openProject(fx);
  c = await memoryClient(project);
});
afterAll(async () => {
  await c.close();
  await project.ws.close();
  await project.close();
  fx.cleanup();
});

/** What `git grep -o` finds per file (one line per match): the oracle. */
function grepCounts(query: string): Map<string, number> {
  const out = execFileSync('git', ['grep', '-o', '-F', query], {
    cwd: fx.root,
    env: GIT_ENV,
    encoding: 'utf8',
  });
  const counts = new Map<string, number>();
  for (const line of out.trim().split('\n')) {
    const path = line.slice(0, line.lastIndexOf(`:${query}`));
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return counts;
}

interface Read {
  /** Files in the Matches section, in order: matches shown, all matches (undefined: all shown), of them in the best match. */
  shown: Array<{ path: string; shown?: number; total?: number; inBest: number }>;
  named: Map<string, number>;
  folders: Map<string, { files: number; matches: number }>;
  trailer: string;
}

const num = (s: string) => Number(s.replace(/,/g, ''));

/** The result as an agent reads it. */
function read(text: string): Read {
  const data = parseBlocks(text).blocks[0]!.body;
  const shown: Read['shown'] = [];
  const named = new Map<string, number>();
  const folders = new Map<string, { files: number; matches: number }>();
  let section = '';
  for (const line of data.split('\n')) {
    if (
      /^(Best match|Declarations holding matches|Matches:|Matching files not shown|and per folder)/.test(line)
    ) {
      section = line;
      continue;
    }
    if (section === 'Matches:') {
      if (/^\d+[:-] /.test(line) || line === '--' || line === '') continue;
      const some =
        /^(.+) \(([\d,]+) of ([\d,]+) match(?:es)?\+?(?:, ([\d,]+) of them in the best match above)?\)$/.exec(
          line,
        );
      const allAbove = /^(.+) \(([\d,]+) match(?:es)?, (all|[\d,]+) in the best match above\)$/.exec(line);
      if (some)
        shown.push({
          path: some[1]!,
          shown: num(some[2]!),
          total: num(some[3]!),
          inBest: some[4] ? num(some[4]) : 0,
        });
      else if (allAbove)
        shown.push({
          path: allAbove[1]!,
          shown: num(allAbove[2]!),
          total: num(allAbove[2]!),
          inBest: allAbove[3] === 'all' ? num(allAbove[2]!) : num(allAbove[3]!),
        });
      else shown.push({ path: line, inBest: 0 });
    } else if (section.startsWith('Matching files not shown')) {
      const m = /^(.+) \(([\d,]+) match(?:es)?\)$/.exec(line)!;
      named.set(m[1]!, num(m[2]!));
    } else if (section.startsWith('and per folder')) {
      const m = /^(.+\/) \(([\d,]+) files?, ([\d,]+) match(?:es)?\)$/.exec(line)!;
      folders.set(m[1]!, { files: num(m[2]!), matches: num(m[3]!) });
    }
  }
  return { shown, named, folders, trailer: text.slice(text.lastIndexOf('</untrusted-data-')) };
}

describe('search coverage as agents read it', () => {
  it.each([
    ['the default cut', {}],
    ['a small max_results', { max_results: 8 }],
    ['a large max_results', { max_results: 200 }],
  ])(
    'every matching file is shown or named, the counts add up and the rounds rule holds (%s)',
    async (_, extra) => {
      const oracle = grepCounts('sendFile');
      const text = await c.call('search', { query: 'sendFile', ...extra });
      const r = read(text);
      // A file shown without counts shows all of its matches.
      for (const s of r.shown) {
        s.total ??= oracle.get(s.path);
        s.shown ??= s.total;
      }
      // Each file once, with git grep's count.
      const seen = new Map<string, number>();
      for (const s of r.shown) seen.set(s.path, s.total!);
      for (const [p, n] of r.named) {
        expect(seen.has(p), p).toBe(false);
        seen.set(p, n);
      }
      let inFolders = 0;
      for (const [folder, g] of r.folders) {
        const expected = [...oracle].filter(([p]) => p.startsWith(folder) && !seen.has(p));
        expect(g.files, folder).toBe(expected.length);
        expect(g.matches, folder).toBe(expected.reduce((n, [, k]) => n + k, 0));
        inFolders += g.files;
      }
      for (const [p, n] of seen) expect(n, p).toBe(oracle.get(p));
      expect(seen.size + inFolders).toBe(oracle.size);
      // The trailer's totals are the sums of what the result shows.
      const total = [...oracle.values()].reduce((a, b) => a + b, 0);
      const shownHits = r.shown.reduce((n, s) => n + s.shown!, 0);
      expect(r.trailer).toContain(
        `${total} matches in ${oracle.size} files (literal, case-sensitive); shown: ${shownHits} matches in ${r.shown.length} files`,
      );
      // Rounds in rank order outside the best match: a file shows a k-th match only when every
      // file before it shows its k-th (or has no k-th); with a file left out, none shows a second.
      const rounds = r.shown.map((s) => ({ path: s.path, k: s.shown! - s.inBest, has: s.total! - s.inBest }));
      for (let i = 1; i < rounds.length; i++)
        for (let j = 0; j < i; j++)
          expect(
            rounds[j]!.k >= Math.min(rounds[i]!.k, rounds[j]!.has),
            `${rounds[j]!.path} before ${rounds[i]!.path}`,
          ).toBe(true);
      if (seen.size > r.shown.length || inFolders) {
        expect(rounds.every((x) => x.k <= 1)).toBe(true);
        expect(r.trailer).toContain(
          `${oracle.size - r.shown.length} matching files not shown, named under "Matching files not shown"`,
        );
      }
    },
  );

  it('get_file {symbol} reads the member by its qualified and its short name, not the private look-alike', async () => {
    for (const symbol of ['res.sendFile', 'sendFile']) {
      const r = await c.result('get_file', { path: 'lib/response.js', symbol, fresh: true });
      expect(r.isError, symbol).toBe(false);
      expect(r.text, symbol).toContain('res.sendFile = function sendFile(path) {');
      expect(r.text, symbol).not.toContain('function sendfile(path)');
    }
  });

  it('the definition is the best match, ahead of 43 mentions in a test file', async () => {
    const text = await c.call('search', { query: 'sendFile' });
    expect(text).toMatch(/^Best match: lib\/response\.js, method res\.sendFile, /m);
    expect(read(text).shown[0]?.path).toBe('lib/response.js');
  });
});
