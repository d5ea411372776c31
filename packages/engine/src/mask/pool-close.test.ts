// Closing the last handle while a batch is still out: the pool ends only after its workers have
// answered. Ending it at once (piscina's destroy with a task running) let a worker's reply arrive
// for a task the pool no longer knew, and piscina's "Unexpected message from Worker" error ended
// the process after `loupe pack` had printed its document (the read-ahead batch of FileSource).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMaskPool } from './pool';
import { MaskSession } from './session';

let dir: string;
const FILES = 400;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-mask-pool-close-'));
  const body = 'export const value = compute(1, 2, 3); // padding text for the worker to mask\n'.repeat(300);
  for (let i = 0; i < FILES; i++) writeFileSync(path.join(dir, `f${i}.ts`), `${body}// ${i}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('closing the last handle with batches still out ends the pool after they are answered, with no error', async () => {
  const errors: unknown[] = [];
  const onError = (e: unknown) => errors.push(e);
  process.on('uncaughtException', onError);
  try {
    for (let round = 0; round < 3; round++) {
      const pool = await createMaskPool({ maxThreads: 2 });
      const files = Array.from({ length: FILES }, (_, i) => ({
        path: `f${i}.ts`,
        file: path.join(dir, `f${i}.ts`),
      }));
      // Read ahead and never awaited before the close, as a pack's next batch is.
      const out = pool.readMasked(files, new MaskSession());
      await pool.close();
      const read = await out;
      // Answered whole: each file masked or withheld with a reason, never lost. The batches a
      // worker was running came back masked (the pool waited for them); the ones still queued are
      // withheld. Ending the workers at once withheld every file ("masking failed in a worker").
      expect(read).toHaveLength(FILES);
      expect(read.filter((f) => f.kind === 'masked').length).toBeGreaterThan(0);
    }
    await new Promise((r) => setTimeout(r, 300)); // time for a stray reply to arrive
    expect(errors.map(String)).toEqual([]);
  } finally {
    process.off('uncaughtException', onError);
  }
}, 120_000);
