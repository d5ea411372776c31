// A streamed search builds the next search's index in the background; a project closed meanwhile
// stops that build at the batch after the close. Before, the build read the closed project to its
// end and held its index (and the pipeline's workers) while it did: after a search on test262 and
// a switch to express, the host kept 1.15 GiB (415 MiB of heap) where express alone takes 380 MiB.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { Workspace } from '../workspace/workspace';
import { searchFocus, searchIndexOf } from './search';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-close-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES = 7000;
/** SearchIndex's batch: a build in flight at the close ends with the batch it is reading. */
const BATCH = 2000;

const open = () => Workspace.open(work, { stateDir: null, cacheDir: null, countTokens: false });
/** Lets the build's setImmediate run, then waits for the index's queue (the build included). */
const settled = async (ws: Workspace) => {
  await new Promise((r) => setImmediate(r));
  await searchIndexOf(ws).ensure([]);
};

describe("a streamed search's background index build", () => {
  beforeAll(() => {
    for (let d = 0; d < FILES / 100; d++) {
      mkdirSync(path.join(work, `d${d}`));
      for (let i = 0; i < 100; i++)
        writeFileSync(path.join(work, `d${d}`, `f${i}.ts`), `export const needle${d}_${i} = ${i};\n`);
    }
    git(work, ['init', '-q']);
  });

  it('builds the whole index while the project stays open', async () => {
    const ws = await open();
    try {
      await searchFocus(ws, 'needle', { stream: true });
      const index = searchIndexOf(ws);
      const deadline = Date.now() + 60_000; // a hang guard, not a timing assumption
      while (index.size < FILES && Date.now() < deadline) await settled(ws);
      expect(index.size).toBe(FILES);
    } finally {
      await ws.close();
    }
  }, 120_000);

  it('reads nothing when the project closes before it starts', async () => {
    const ws = await open();
    const index = searchIndexOf(ws);
    await searchFocus(ws, 'needle', { stream: true });
    await ws.close(); // before the build's setImmediate
    await settled(ws);
    expect(index.size).toBe(0);
  }, 120_000);

  it('stops at the batch after the close when the project closes during it', async () => {
    const ws = await open();
    const index = searchIndexOf(ws);
    await searchFocus(ws, 'needle', { stream: true });
    const deadline = Date.now() + 60_000;
    while (index.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await ws.close();
    await settled(ws);
    expect(index.size).toBeGreaterThan(0);
    expect(index.size).toBeLessThanOrEqual(2 * BATCH);
  }, 120_000);
});
