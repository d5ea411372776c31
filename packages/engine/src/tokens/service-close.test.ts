// Closing the token service while its workers count (a workspace closed with its background count
// still running: `loupe pack` on a big project, a project switched in the window). The pool ends
// after its running batches answer, and what they counted is kept (workers/end-pool.ts). Ending it
// at once (piscina's destroy) threw those batches away ("Terminating worker thread") and could let
// a reply arrive for a task the pool no longer knew: piscina's "Unexpected message from Worker"
// error, which ends the process (mask/pool-close.test.ts).
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeText, rng } from './corpus';
import { createTokenService, type FileToCount } from './service';

let dir: string;
const FILES = 600;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-token-close-'));
  const r = rng(11);
  const old = Math.floor(Date.now() / 1000) - 3600; // not racily clean: the stat cache may answer
  mkdirSync(path.join(dir, 'project'));
  for (let i = 0; i < FILES; i++) {
    // ~40 KB each: a batch (256 KB) keeps a worker busy long enough to be running at the close.
    const file = path.join(dir, 'project', `f${i}.ts`);
    writeFileSync(file, codeText(r, 1200));
    utimesSync(file, old, old);
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listing = (): FileToCount[] =>
  Array.from({ length: FILES }, (_, i) => {
    const abs = path.join(dir, 'project', `f${i}.ts`);
    const st = statSync(abs);
    return { path: `f${i}.ts`, abs, size: st.size, mtimeMs: st.mtimeMs };
  });

it('closing the service mid-count keeps the batches still running, and nothing throws', async () => {
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  process.on('uncaughtException', onError);
  const root = path.join(dir, 'project');
  try {
    for (let round = 0; round < 3; round++) {
      const cacheDir = path.join(dir, `cache${round}`);
      const service = createTokenService({ cacheDir, threads: 2 });
      let closing: Promise<void> | undefined;
      let atClose = 0;
      let last = 0;
      const outcome = await service
        .countFiles(listing(), {
          root,
          onProgress: (done) => {
            last = done;
            // A batch answered: the other worker is in the middle of one, the rest are queued.
            if (done > 0 && !closing) {
              atClose = done;
              closing = service.close();
            }
          },
        })
        .then(
          (counts) => ({ counts }),
          (error: unknown) => ({ error }),
        );
      await closing;
      // The batch running at the close answered and was counted; the queued ones were refused,
      // and the count says so.
      expect(last).toBeGreaterThan(atClose);
      if ('error' in outcome)
        expect(String(outcome.error)).toMatch(/service was closed \(\d+ of 600 files not counted\)/);
      else expect(outcome.counts.size).toBe(FILES);
      // What was counted is on disk: a new service answers those files from its stat cache.
      // (Its first progress says how many it had at once; the rest need not be counted.)
      const again = createTokenService({ cacheDir, threads: 1 });
      const stop = new AbortController();
      let cached = -1;
      await again
        .countFiles(listing(), {
          root,
          signal: stop.signal,
          onProgress: (done) => {
            cached = done;
            stop.abort();
          },
        })
        .catch(() => {});
      await again.close();
      expect(cached).toBe(last);
    }
    await new Promise((r) => setTimeout(r, 300)); // time for a stray reply to arrive
    expect(errors.map(String)).toEqual([]);
  } finally {
    process.off('uncaughtException', onError);
  }
}, 300_000);
