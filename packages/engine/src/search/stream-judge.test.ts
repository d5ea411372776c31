// A one-shot search over a scan that stats no regular file (`statFiles: false`): the stream's
// workers judge each file before they open it (size, kind, binary by name, the size gate, a link
// by its target), and the answer is the one a fully stat-ed scan gives, byte for byte, on hostile
// links, flagged files and real repositories.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { hostileLinks } from '../scan/testing/hostile-repo';
import { Workspace } from '../workspace/workspace';
import type { SearchOptions, SearchResult } from './result';
import { searchFocus } from './search';

/** A result without its timing. */
const answer = (r: SearchResult) => JSON.stringify({ ...r, ms: 0 });

const work = mkdtempSync(path.join(tmpdir(), 'loupe-judge-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The same query on a stat-ed and an unstat-ed workspace of `dir`, both streamed. */
async function both(dir: string, maxFileBytes?: number) {
  const open = (statFiles: boolean) =>
    Workspace.open(dir, {
      stateDir: null,
      cacheDir: null,
      countTokens: false,
      statFiles,
      ...(maxFileBytes ? { maxFileBytes } : {}),
    });
  const [stated, unstated] = await Promise.all([open(true), open(false)]);
  return {
    unstated,
    search: async (q: string, o: SearchOptions = {}) => {
      const opts = { ...o, stream: true, buildIndex: false, maxResults: 200 };
      return [await searchFocus(stated, q, opts), await searchFocus(unstated, q, opts)] as const;
    },
    close: () => Promise.all([stated.close(), unstated.close()]),
  };
}

describe('a search over unstat-ed files answers as over stat-ed ones', () => {
  let dir: string;
  beforeAll(() => {
    dir = path.join(work, 'flags');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    git(dir, ['init', '-q']);
    const write = (rel: string, text: string | Buffer) => writeFileSync(path.join(dir, rel), text);
    write('.gitignore', 'hidden.txt\n');
    write('big.txt', `needle ${'x'.repeat(3000)}\n`); // over the 1,000-byte gate
    write('bin.dat', 'needle by name\n'); // binary by name, text inside
    write('nul.txt', Buffer.from('needle\0 binary by content\n'));
    write('empty.txt', '');
    write('hidden.txt', 'needle hidden\n');
    write('src/a.ts', 'export const needle = 1;\n');
    write('src/b.ts', `// needle ${'y'.repeat(900)}\n`); // just under the gate
    write('src/c.ts', 'export const other = 2;\n');
    symlinkSync('big.txt', path.join(dir, 'big-link'));
    symlinkSync('bin.dat', path.join(dir, 'bin-link'));
    symlinkSync('src/a.ts', path.join(dir, 'a-link.ts'));
    symlinkSync('hidden.txt', path.join(dir, 'hidden-link'));
    symlinkSync('nowhere', path.join(dir, 'broken'));
  });

  it('flags, sizes and links come out the same: literal, regex, byte limit, no hit', async () => {
    const w = await both(dir, 1000);
    try {
      // The unstat-ed scan really left the regular files unjudged (and judged the links).
      expect(w.unstated.index.get('big.txt')).toMatchObject({ size: 0 });
      expect(w.unstated.index.get('big.txt')?.flag).toBeUndefined();
      expect(w.unstated.index.get('broken')?.flag).toBe('symlink-broken');
      for (const [q, o] of [
        ['needle', {}],
        ['NEEDLE', {}],
        ['needle|other', { regex: true }],
        ['needle', { regex: true, byteLimit: 950 }], // stops in path order by the files' sizes
        ['zzqx_not_there', {}],
        ['needle', { paths: ['src/a.ts', 'big.txt'] }],
      ] as Array<[string, SearchOptions]>) {
        const [stated, unstated] = await w.search(q, o);
        expect(answer(unstated), q).toBe(answer(stated));
      }
      const [r] = await w.search('needle');
      // The fixture is hostile where it should be: each flag is counted, none of them read (binary:
      // two by name, one by its bytes).
      expect(r.coverage.notSearched).toMatchObject({ 'too large': 2, binary: 3, 'broken links': 1 });
      expect(r.files.map((f) => f.path).sort()).toEqual(['a-link.ts', 'src/a.ts', 'src/b.ts']);
    } finally {
      await w.close();
    }
  });

  it('judges every hostile link as the scan does (a FIFO is never opened)', async () => {
    const h = hostileLinks(work);
    const w = await both(h.dir);
    try {
      for (const q of ['dev', 'DB_PASSWORD', 'mode', ...h.planted]) {
        const [stated, unstated] = await w.search(q);
        expect(answer(unstated), q).toBe(answer(stated));
        const shown = JSON.stringify({ ...unstated, query: undefined });
        for (const value of h.planted) expect(shown, q).not.toContain(value);
      }
    } finally {
      await w.close();
    }
  });
});

const REPOS = ['/work/scratch/flask', '/work/scratch/express'].filter((d) => existsSync(d));

describe.skipIf(REPOS.length === 0)('unstat-ed = stat-ed, on real repositories', () => {
  const QUERIES: Array<[string, boolean]> = [
    ['request', false],
    ['app.route', false],
    ['def \\w+_request\\(', true],
    ['[A-Z]\\w+Error\\b', true],
    ['zzqx_not_there', false],
  ];
  for (const dir of REPOS)
    it(`${dir}: every query gives the same result`, { timeout: 240_000 }, async () => {
      const w = await both(dir);
      try {
        for (const [q, regex] of QUERIES) {
          const [stated, unstated] = await w.search(q, { regex });
          expect(answer(unstated), q).toBe(answer(stated));
        }
      } finally {
        await w.close();
      }
    });
});
