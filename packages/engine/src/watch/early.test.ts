// The watches an opening scan places (early.ts) keep their events for the watcher, in order, up to
// a bound; past it they say so, and the watcher rescans instead (watcher.ts `verify`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EarlyWatches } from './early';
import { tempDir, waitFor } from './testing/live';

const tmp = tempDir('loupe-early-');
afterAll(() => tmp.cleanup());

describe('early watches', () => {
  it('keep the events for the watcher, and say when there were more than they keep', async () => {
    const root = path.join(tmp.dir, 'p');
    mkdirSync(path.join(root, 'sub'), { recursive: true });
    const early = new EarlyWatches();
    try {
      early.place(root, ['', 'sub']);
      expect(early.placed).toBe(true);
      writeFileSync(path.join(root, 'sub', 'first.txt'), 'x');
      // Over the bound: 5,000 new names, each an event at least.
      for (let i = 0; i < 5000; i++) writeFileSync(path.join(root, `f${i}.txt`), 'x');
      await waitFor(() => early.overflowed, 'the early watches to overflow');
      const got: string[] = [];
      early.deliver(
        (_event, name, folder) => got.push(path.join(folder, name ?? '')),
        (error) => {
          throw error;
        },
      );
      expect(got.length).toBe(4096);
      expect(got[0]).toBe(path.join(root, 'sub', 'first.txt'));
      // From now on events go straight to the watcher.
      writeFileSync(path.join(root, 'sub', 'later.txt'), 'x');
      await waitFor(() => got.includes(path.join(root, 'sub', 'later.txt')), 'a delivered event');
    } finally {
      early.close();
    }
  }, 60_000);
});
