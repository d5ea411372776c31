import { compareBytewise } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { FileIndex, type IndexEntry } from './file-index';

// Names whose UTF-16 and byte orders differ, and separators that sort around '/'.
const NAMES = ['a', 'a-b', 'a.b', 'a/b', 'b', 'é', '😀', 'z', 'A', '_', 'ｚ', 'a b'];
/** An entry whose tokens, flag and link-ness follow from its size (so totals vary). */
const entry = (path: string, size = 1): IndexEntry => ({
  path,
  size,
  mtimeMs: 0,
  tracked: false,
  symlink: size % 4 === 1,
  ...(size % 3 === 0 ? { tokens: size * 10, hash: 'h' } : {}),
  ...(size % 5 === 2 ? { flag: 'binary' as const } : {}),
});

/** A deterministic pseudo-random sequence (the same run every time). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomPath(next: () => number): string {
  const depth = 1 + Math.floor(next() * 3);
  return Array.from({ length: depth }, () => NAMES[Math.floor(next() * NAMES.length)]).join('/');
}

/** The index answers what a fresh index built from the same entries answers. */
function expectSameAsFresh(index: FileIndex, model: Map<string, IndexEntry>): void {
  const fresh = [...model.values()].sort((a, b) => compareBytewise(a.path, b.path));
  expect(index.all().map((e) => e.path)).toEqual(fresh.map((e) => e.path));
  expect(index.all().map((e) => e.size)).toEqual(fresh.map((e) => e.size));
  expect(index.size).toBe(model.size);
  const rebuilt = new FileIndex(fresh);
  // The totals kept as entries change equal the fresh index's (replace() computes them from scratch).
  expect(index.totals).toEqual(rebuilt.totals);
  expect([...index.uncounted()].sort()).toEqual([...rebuilt.uncounted()].sort());
  expect([...index.links()].sort()).toEqual([...rebuilt.links()].sort());
  const model_ = fresh.filter((e) => !e.flag && e.tokens === undefined).map((e) => e.path);
  expect([...index.uncounted()].sort()).toEqual(model_.sort());
  for (const p of ['', ...NAMES, 'a/b/c', 'é/a', '😀/z'])
    expect(index.isFolder(p), `isFolder(${p})`).toBe(rebuilt.isFolder(p));
  for (const f of ['a', 'a/b', 'é', ''])
    expect([...index.under(f)].map((e) => e.path)).toEqual([...rebuilt.under(f)].map((e) => e.path));
}

describe('FileIndex updates patch the sorted list', () => {
  it('stays equal to a fresh sort through random adds, changes and removals', () => {
    const next = rng(18);
    const model = new Map<string, IndexEntry>();
    const index = new FileIndex();
    for (let round = 0; round < 300; round++) {
      // Mostly a few paths at a time (the watcher's usual update); sometimes a burst past the merge limit.
      const burst = round % 50 === 49;
      const n = burst ? 400 : 1 + Math.floor(next() * 4);
      const upsert: IndexEntry[] = [];
      const remove: string[] = [];
      for (let i = 0; i < n; i++) {
        const p = `${randomPath(next)}${burst ? `-${i}` : ''}`;
        if (next() < 0.3 && model.has(p)) remove.push(p);
        else upsert.push(entry(p, round));
      }
      // A path appears once per update; one removed may come back in the same update.
      const unique = [...new Map(upsert.map((e) => [e.path, e])).values()];
      for (const p of remove) model.delete(p);
      for (const e of unique) model.set(e.path, e);
      if (round % 3 === 0) index.isFolder(''); // sometimes the folder set exists before the update
      if (round % 7 !== 0) index.all(); // ... and the sorted list
      index.update(unique, remove);
      if (round % 5 === 0) {
        const e = entry(randomPath(next), -1);
        index.upsert(e);
        model.set(e.path, e);
      }
      if (round % 4 === 0) {
        // The token pass: a count, a flag; and now and then another encoding forgets every count.
        const some = [...model.values()].filter((e) => !e.flag && e.tokens === undefined).slice(0, 3);
        for (const e of some) index.setTokens(e.path, 7, 'x');
        const other = [...model.values()].find((e) => !e.flag);
        if (other) index.setFlag(other.path, 'unreadable');
        if (round % 40 === 0) index.clearTokens();
      }
      expectSameAsFresh(index, model);
    }
  });

  it('hands out a new array when paths appear, so an iteration in progress keeps its snapshot', () => {
    const index = new FileIndex([entry('a/x'), entry('b/y')]);
    const before = index.all();
    expect(index.isFolder('a')).toBe(true);
    index.update([entry('a/w'), entry('c/d/e')], []);
    expect(before.map((e) => e.path)).toEqual(['a/x', 'b/y']);
    expect(index.all().map((e) => e.path)).toEqual(['a/w', 'a/x', 'b/y', 'c/d/e']);
    expect(index.isFolder('c/d')).toBe(true);
    expect(index.remove('a/x')).toBe(true);
    expect(index.remove('a/x')).toBe(false);
    expect(index.all().map((e) => e.path)).toEqual(['a/w', 'b/y', 'c/d/e']);
    index.remove('a/w');
    expect(index.isFolder('a')).toBe(false);
  });
});
