// A stop reaches a streamed search within a bounded amount of reading, whatever the files' sizes:
// each task of a worker ends after about `BATCH.bytes` read (1 MiB), so a stop waits only for the
// tasks out at the time. Before, a one-shot search (sizes unknown: `statFiles: false`) sent tasks of
// 256 files, 10 MB of these, and a Ctrl+C soon after the first progress line came too late to stop
// anything (the CLI's stop test failed so on a fast machine).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { Workspace } from '../workspace/workspace';
import { searchFocus } from './search';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-stream-stop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES = 300;
const SIZE = 40_000;
/** Files one task reads at most: up to 1 MiB, then the file that crosses it. */
const PER_TASK = Math.ceil((1024 * 1024) / SIZE) + 1;

describe('a stopped streamed search', () => {
  beforeAll(() => {
    mkdirSync(path.join(work, 'src'));
    for (let i = 0; i < FILES; i++) {
      const line = `export const needle${i} = ${i};\n`;
      const text = line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE);
      writeFileSync(path.join(work, 'src', `f${String(i).padStart(3, '0')}.ts`), text);
    }
    git(work, ['init', '-q']);
  });

  for (const statFiles of [false, true])
    it(`ends within a task's worth of reading per lane (${statFiles ? 'sizes known' : 'sizes unknown'})`, async () => {
      const ws = await Workspace.open(work, {
        stateDir: null,
        cacheDir: null,
        countTokens: false,
        statFiles,
      });
      try {
        const stop = new AbortController();
        const seen: number[] = [];
        const search = searchFocus(ws, 'needle', {
          stream: true,
          buildIndex: false,
          signal: stop.signal,
          onProgress: (done) => {
            seen.push(done);
            stop.abort(new Error('stopped'));
          },
        });
        await expect(search).rejects.toThrow('stopped');
        expect(seen[0]).toBeLessThanOrEqual(PER_TASK);
        // After the stop only the tasks already out end: one per lane (two lanes a core).
        const lanes = 2 * Math.max(1, availableParallelism());
        expect(Math.max(...seen)).toBeLessThanOrEqual(Math.min(FILES - 1, lanes * PER_TASK));
      } finally {
        await ws.close();
      }
    });

  it('answers every file when not stopped, split into tasks or not', async () => {
    const open = (statFiles: boolean) =>
      Workspace.open(work, { stateDir: null, cacheDir: null, countTokens: false, statFiles });
    const [a, b] = await Promise.all([open(true), open(false)]);
    try {
      const opts = { stream: true, buildIndex: false, maxResults: FILES };
      const [ra, rb] = [await searchFocus(a, 'needle2', opts), await searchFocus(b, 'needle2', opts)];
      expect(rb.files.map((f) => f.path)).toEqual(ra.files.map((f) => f.path));
      // needle2, needle2x, needle2xx: 1 + 10 + 100 files.
      expect(ra.files.length + ra.notShown.files.length).toBeGreaterThan(0);
      expect(JSON.stringify({ ...rb, ms: 0 })).toBe(JSON.stringify({ ...ra, ms: 0 }));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
