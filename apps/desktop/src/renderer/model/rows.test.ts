import { describe, expect, it } from 'vitest';
import { generatedFiles, rng, snapshotOf } from '../testing/snapshot';
import { Rows } from './rows';
import { tokenOrder } from './sort';
import { TreeModel } from './tree-model';

const s = snapshotOf({
  files: [
    { path: 'a/x.ts', tokens: 1 },
    { path: 'a/b/y.ts', tokens: 1 },
    { path: 'c.ts', tokens: 1 },
  ],
  hidden: [
    { path: 'a/junk', dir: false, reason: { kind: 'os-junk' } },
    { path: 'only-hidden/z', dir: false, reason: { kind: 'os-junk' } },
  ],
});
const names = (m: TreeModel, rows: number[]) => rows.map((i) => m.pathOf(i));

describe('Rows', () => {
  it('shows the root open and folders closed; opening splices, closing cuts', () => {
    const m = new TreeModel(s);
    const open = new Uint8Array(m.size);
    open[0] = 1;
    const v = new Rows(m, open, { showHidden: false, keep: null });
    expect(names(m, v.rows)).toEqual(['', 'a', 'c.ts']);
    v.setOpen(m.find('a'), true);
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/x.ts', 'c.ts']);
    v.setOpen(m.find('a/b'), true);
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/b/y.ts', 'a/x.ts', 'c.ts']);
    v.setOpen(m.find('a'), false);
    expect(names(m, v.rows)).toEqual(['', 'a', 'c.ts']);
    v.setOpen(m.find('a'), true); // a/b stays open inside
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/b/y.ts', 'a/x.ts', 'c.ts']);
  });

  it('shows hidden entries (and folders holding only hidden entries) only when asked', () => {
    const m = new TreeModel(s);
    const open = new Uint8Array(m.size).fill(1);
    const v = new Rows(m, open, { showHidden: true, keep: null });
    expect(names(m, v.rows)).toEqual([
      '',
      'a',
      'a/b',
      'a/b/y.ts',
      'a/junk',
      'a/x.ts',
      'only-hidden',
      'only-hidden/z',
      'c.ts',
    ]);
    v.options = { showHidden: false, keep: null };
    v.rebuild();
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/b/y.ts', 'a/x.ts', 'c.ts']);
  });

  it('expands all (every visible entry, in preorder) and collapses all (the root stays open)', () => {
    const m = new TreeModel(s);
    const open = new Uint8Array(m.size);
    open[0] = 1;
    const v = new Rows(m, open, { showHidden: false, keep: null });
    v.setAllOpen(true);
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/b/y.ts', 'a/x.ts', 'c.ts']);
    v.setAllOpen(false);
    expect(names(m, v.rows)).toEqual(['', 'a', 'c.ts']);
    v.setOpen(m.find('a'), true); // a/b was closed by Collapse all, not kept open inside
    expect(names(m, v.rows)).toEqual(['', 'a', 'a/b', 'a/x.ts', 'c.ts']);
  });

  it('reveals a node by opening its ancestors', () => {
    const m = new TreeModel(s);
    const open = new Uint8Array(m.size);
    open[0] = 1;
    const v = new Rows(m, open, { showHidden: false, keep: null });
    expect(v.rowOf(m.find('a/b/y.ts'))).toBe(-1);
    v.reveal(m.find('a/b/y.ts'));
    expect(v.rowOf(m.find('a/b/y.ts'))).toBe(3);
  });

  it('random open/close sequences: splicing equals rebuilding (2,000 files)', () => {
    const m = new TreeModel(snapshotOf({ files: generatedFiles(2000, 5) }));
    const open = new Uint8Array(m.size);
    open[0] = 1;
    const v = new Rows(m, open, { showHidden: false, keep: null });
    const r = rng(9);
    const folders = Array.from({ length: m.size }, (_, i) => i).filter((i) => m.isDir[i] && i > 0);
    for (let step = 0; step < 400; step++) {
      const f = folders[Math.floor(r() * folders.length)]!;
      v.setOpen(f, r() < 0.6);
      if (step % 20 === 0) {
        const fresh = new Rows(m, open, { showHidden: false, keep: null });
        expect(v.rows).toEqual(fresh.rows);
      }
    }
    expect(v.rows).toEqual(new Rows(m, open, { showHidden: false, keep: null }).rows);
    for (let k = 1; k < v.rows.length; k++) expect(v.rows[k]!).toBeGreaterThan(v.rows[k - 1]!);
  });
});

describe('Rows in token order', () => {
  it('lists each folder’s children biggest first (folders and files together), ties by name', () => {
    const m = new TreeModel(
      snapshotOf({
        files: [
          { path: 'small/a.ts', tokens: 1 },
          { path: 'big/x.ts', tokens: 50 },
          { path: 'big/y.ts', tokens: 70 },
          { path: 'z.ts', tokens: 90 },
          { path: 'tie1.ts', tokens: 5 },
          { path: 'tie2.ts', tokens: 5 },
        ],
      }),
    );
    const open = new Uint8Array(m.size).fill(1);
    const v = new Rows(m, open, { showHidden: false, keep: null, order: tokenOrder(m) });
    expect(names(m, v.rows)).toEqual([
      '',
      'big',
      'big/y.ts',
      'big/x.ts',
      'z.ts',
      'tie1.ts',
      'tie2.ts',
      'small',
      'small/a.ts',
    ]);
    v.setOpen(m.find('big'), false);
    expect(names(m, v.rows)).toEqual(['', 'big', 'z.ts', 'tie1.ts', 'tie2.ts', 'small', 'small/a.ts']);
    expect(v.rowOf(m.find('small/a.ts'))).toBe(6);
    v.setAllOpen(false);
    expect(names(m, v.rows)).toEqual(['', 'big', 'z.ts', 'tie1.ts', 'tie2.ts', 'small']);
    v.setAllOpen(true);
    expect(names(m, v.rows)).toHaveLength(9);
  });

  it('random open/close sequences in token order: splicing equals rebuilding, and rowOf finds every row', () => {
    const m = new TreeModel(snapshotOf({ files: generatedFiles(2000, 7) }));
    const order = tokenOrder(m);
    // The order is a preorder: every node once, each subtree one run after its folder.
    expect(new Set(order.at).size).toBe(m.size);
    for (let i = 0; i < m.size; i++) {
      expect(order.at[order.pos[i]!]).toBe(i);
      for (let j = i + 1; j < m.end[i]!; j++) {
        expect(order.pos[j]!).toBeGreaterThan(order.pos[i]!);
        expect(order.pos[j]!).toBeLessThan(order.pos[i]! + m.end[i]! - i);
      }
    }
    const open = new Uint8Array(m.size);
    open[0] = 1;
    const v = new Rows(m, open, { showHidden: false, keep: null, order });
    const r = rng(3);
    const folders = Array.from({ length: m.size }, (_, i) => i).filter((i) => m.isDir[i] && i > 0);
    for (let step = 0; step < 400; step++) {
      v.setOpen(folders[Math.floor(r() * folders.length)]!, r() < 0.6);
      if (step % 25 === 0) {
        expect(v.rows).toEqual(new Rows(m, open, { showHidden: false, keep: null, order }).rows);
        for (const [row, node] of v.rows.entries()) expect(v.rowOf(node)).toBe(row);
      }
    }
    // Siblings in view come biggest first.
    for (let k = 1; k < v.rows.length; k++) {
      const [a, b] = [v.rows[k - 1]!, v.rows[k]!];
      if (m.parent[a] === m.parent[b]) expect(m.tokens[a]!).toBeGreaterThanOrEqual(m.tokens[b]!);
    }
  });
});
