// A budgeted pack reports its walk's progress and stops between files when its signal aborts
// (the window's export preview shows the one and offers the other).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { writeCorpus } from './testing/corpus';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-pack-cancel-'));
let ws: Workspace;

beforeAll(async () => {
  writeCorpus(dir, 77, { rounds: 2 });
  ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, countTokens: false });
}, 60_000);

afterAll(async () => {
  await ws?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reports how far the walk got, in order, up to the files in scope', async () => {
  const seen: Array<{ files: number; total: number }> = [];
  const r = await packFocus(ws, { budget: 4000, onProgress: (p) => seen.push(p) });
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((p) => p.total === r.coverage.counts.scope && p.files <= p.total)).toBe(true);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.files).toBeGreaterThan(seen[i - 1]!.files); // files read so far
}, 60_000);

it('stops when its signal aborts: before it starts, and between files', async () => {
  const before = new AbortController();
  before.abort(new Error('cancelled before'));
  await expect(packFocus(ws, { budget: 4000, signal: before.signal })).rejects.toThrow('cancelled before');
  const during = new AbortController();
  const stopped = packFocus(ws, {
    budget: 4000,
    signal: during.signal,
    onProgress: () => during.abort(new Error('cancelled during')),
  });
  await expect(stopped).rejects.toThrow('cancelled during');
  // The workspace packs again as before.
  expect((await packFocus(ws, { budget: 4000 })).tokens).toBeLessThanOrEqual(4000);
}, 60_000);

it('stops before reading a file when a Cancel arrives as a message on its first progress', async () => {
  // The window's Cancel comes on a later turn of the event loop: the pack turns it between its
  // ranking and its tree, so it never reads a file for an answer nobody waits for.
  const stop = new AbortController();
  const seen: number[] = [];
  const stopped = packFocus(ws, {
    budget: 4100, // not the answer kept from the packs above
    signal: stop.signal,
    onProgress: (p) => {
      seen.push(p.files);
      if (seen.length === 1) setImmediate(() => stop.abort(new Error('cancelled by a message')));
    },
  });
  await expect(stopped).rejects.toThrow('cancelled by a message');
  expect(seen).toEqual([0]);
}, 60_000);

it('a full pack masked on this thread stops at its next batch when a Cancel arrives as a message', async () => {
  // Its batches resolve at once: without a turn of the event loop between them, the Cancel would be
  // read only after the last file, and the pack would finish.
  const stop = new AbortController();
  let last = { files: 0, total: 0 };
  const stopped = packFocus(ws, {
    budget: null,
    signal: stop.signal,
    onProgress: (p) => {
      if (last.total === 0) setImmediate(() => stop.abort(new Error('cancelled by a message')));
      last = p;
    },
  });
  await expect(stopped).rejects.toThrow('cancelled by a message');
  expect(last.total).toBeGreaterThan(40);
  expect(last.files).toBeLessThan(last.total / 2);
}, 60_000);
