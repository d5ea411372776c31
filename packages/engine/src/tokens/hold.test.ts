// A held token service (`hold`: a streamed search wants the cores) starts no counting task until
// every hold is released, then counts exactly what an unheld one counts; an abort or a close
// during a hold ends the count instead of waiting for the release.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeText, rng } from './corpus';
import { createTokenService, type FileToCount } from './service';

let tmp: string;
let files: FileToCount[];

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'loupe-hold-'));
  const next = rng(18);
  files = Array.from({ length: 600 }, (_, i) => {
    const abs = path.join(tmp, 'p', `f${String(i).padStart(3, '0')}.ts`);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, codeText(next, 40 + (i % 50)));
    const st = statSync(abs);
    return { path: path.basename(abs), abs, size: st.size, mtimeMs: st.mtimeMs };
  });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('holding the token count', () => {
  it('counts nothing while held, then the same counts as an unheld service', {
    timeout: 120_000,
  }, async () => {
    const plain = createTokenService({ cacheDir: null, threads: 2 });
    const held = createTokenService({ cacheDir: null, threads: 2 });
    try {
      const expected = await plain.countFiles(files);
      const releaseA = held.hold();
      const releaseB = held.hold();
      let done = -1;
      const counting = held.countFiles(files, { onProgress: (d) => (done = d) });
      // Long enough for the pool to start and count several batches were it not held.
      await tick(1500);
      expect(done).toBe(0);
      releaseA();
      releaseA(); // a second call releases nothing more: B still holds
      await tick(300);
      expect(done).toBe(0);
      releaseB();
      const counts = await counting;
      expect(done).toBe(files.length);
      expect([...counts].sort()).toEqual([...expected].sort());
    } finally {
      await Promise.all([plain.close(), held.close()]);
    }
  });

  it('an abort or a close during a hold ends the count without a release', { timeout: 120_000 }, async () => {
    const s = createTokenService({ cacheDir: null, threads: 2 });
    s.hold();
    const abort = new AbortController();
    const aborted = s.countFiles(files, { signal: abort.signal });
    await tick(500); // its tasks wait for the release
    abort.abort();
    await expect(aborted).rejects.toThrow();
    const closing = s.countFiles(files);
    await tick(500);
    await s.close();
    await expect(closing).rejects.toThrow(/closed/);
  });
});
