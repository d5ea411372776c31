// A watched pack: progress adds up to what the pack read, a stopped pack rejects with the signal's
// reason and reads no further, and watching changes nothing in the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { type OpenCorpus, openCorpus } from './testing/open-corpus';
import type { PackOptions } from './types';
import type { PackProgress } from './watch';

let corpus: OpenCorpus;
let ws: Workspace;
beforeAll(async () => {
  corpus = await openCorpus('pack-watch', 7, { rounds: 3 });
  ws = corpus.ws;
});
afterAll(() => corpus.close());

const SHAPES: Array<[string, PackOptions]> = [
  ['budgeted', { budget: 4000 }],
  ['sectioned (no budget, full detail)', { budget: null }],
  ['streamed (no budget, a detail level)', { budget: null, detail: 'compact' }],
];

describe('packFocus with a watch', () => {
  it.each(SHAPES)(
    '%s: the same document; progress counts files and bytes up to the total',
    async (_, options) => {
      const plain = await packFocus(ws, options);
      const seen: PackProgress[] = [];
      const watched = await packFocus(ws, { ...options, onProgress: (p) => seen.push({ ...p }) });
      expect(watched.text).toBe(plain.text);
      expect(seen.length).toBeGreaterThan(0);
      const visible = ws.index.all().length;
      for (let i = 0; i < seen.length; i++) {
        const p = seen[i]!;
        expect(p.total).toBe(visible);
        expect(p.files).toBeLessThanOrEqual(p.total);
        if (i) expect(p.files).toBeGreaterThan(seen[i - 1]!.files);
        else expect(p).toEqual({ files: 0, total: visible, bytes: 0 }); // at once, before ranking
      }
      const last = seen.at(-1)!;
      const bytes = ws.index.all().reduce((a, e) => a + e.size, 0);
      expect(last.bytes).toBeGreaterThan(0);
      expect(last.bytes).toBeLessThanOrEqual(bytes);
      if (options.budget === null) {
        // A full pack reads every file once.
        expect(last.files).toBe(visible);
        expect(last.bytes).toBe(bytes);
      }
    },
  );

  it.each(SHAPES)(
    '%s: aborted after the first batch, it rejects with the reason and reads no more',
    async (_, options) => {
      const stop = new AbortController();
      const reason = new Error('stopped by the test');
      let batches = 0;
      let after = 0;
      const pack = packFocus(ws, {
        ...options,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.files === 0) return; // the start, before any file is read
          if (stop.signal.aborted) after++;
          batches++;
          stop.abort(reason);
        },
      });
      await expect(pack).rejects.toBe(reason);
      expect(batches).toBeGreaterThanOrEqual(1);
      // Batches already on their way may land; none starts after the abort (each batch is a few files).
      expect(after).toBeLessThanOrEqual(4);
    },
  );

  it('aborted before it starts: rejects at once, nothing read', async () => {
    const stop = new AbortController();
    stop.abort(new Error('before'));
    let read = 0;
    await expect(
      packFocus(ws, { budget: 4000, signal: stop.signal, onProgress: () => read++ }),
    ).rejects.toThrow('before');
    expect(read).toBe(0);
  });
});
