import { describe, expect, it } from 'vitest';
import { generatedFiles, snapshotOf } from '../testing/snapshot';
import { TreeModel } from './tree-model';
import { boxAt, layoutTreemap } from './treemap';

const model = new TreeModel(snapshotOf({ files: generatedFiles(3000, 9) }));

describe('treemap layout', () => {
  const l = layoutTreemap(model, 0, 1200, 800);
  const boxOf = new Map<number, number>();
  for (let i = 0; i < l.count; i++) boxOf.set(l.node[i]!, i);
  const area = (i: number) => l.w[i]! * l.h[i]!;

  it('gives each child of an opened folder the share of its inner area its tokens are', () => {
    let checked = 0;
    for (let i = 0; i < l.count; i++) {
      if (!l.opened[i]) continue;
      const kids: number[] = [];
      const folder = l.node[i]!;
      for (let c = folder + 1; c < model.end[folder]!; c = model.end[c]!)
        if (model.tokens[c]! > 0) kids.push(boxOf.get(c)!);
      const inner = kids.reduce((s, k) => s + area(k), 0);
      for (const k of kids) {
        expect(area(k) / inner).toBeCloseTo(model.tokens[l.node[k]!]! / model.tokens[folder]!, 6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('keeps siblings apart and inside their folder', () => {
    for (let i = 0; i < l.count; i++) {
      const n = l.node[i]!;
      const p = model.parent[n]!;
      if (p < 0 || !boxOf.has(p)) continue;
      const q = boxOf.get(p)!;
      const eps = 1e-3;
      expect(l.x[i]!).toBeGreaterThanOrEqual(l.x[q]! - eps);
      expect(l.y[i]!).toBeGreaterThanOrEqual(l.y[q]! - eps);
      expect(l.x[i]! + l.w[i]!).toBeLessThanOrEqual(l.x[q]! + l.w[q]! + eps);
      expect(l.y[i]! + l.h[i]!).toBeLessThanOrEqual(l.y[q]! + l.h[q]! + eps);
    }
    // at a point, only one box of each depth: the hit is the deepest
    const hit = boxAt(l, 600, 400);
    expect(hit).toBeGreaterThan(0);
    const hits = [];
    for (let i = 0; i < l.count; i++)
      if (600 >= l.x[i]! && 600 < l.x[i]! + l.w[i]! && 400 >= l.y[i]! && 400 < l.y[i]! + l.h[i]!)
        hits.push(i);
    const depths = hits.map((i) => model.depth[l.node[i]!]!);
    expect(new Set(depths).size).toBe(depths.length);
    expect(model.depth[l.node[hit]!]).toBe(Math.max(...depths));
  });

  it('is squarified: boxes of the top level are near-square, unlike slices', () => {
    const top: number[] = [];
    for (let c = 1; c < model.size; c = model.end[c]!) top.push(boxOf.get(c)!);
    const ratios = top.map((i) => Math.max(l.w[i]! / l.h[i]!, l.h[i]! / l.w[i]!));
    expect(Math.max(...ratios)).toBeLessThan(3);
  });

  it('draws a folder whole when its files would get under a few pixels each; zoomed, they show', () => {
    const many = new TreeModel(
      snapshotOf({
        files: [
          { path: 'big.ts', tokens: 100_000 },
          ...Array.from({ length: 3000 }, (_, i) => ({ path: `crowd/f${i}.js`, tokens: 1 })),
        ],
      }),
    );
    const crowd = many.find('crowd');
    const small = layoutTreemap(many, 0, 400, 300);
    const box = [...small.node].indexOf(crowd);
    expect(box).toBeGreaterThan(0);
    expect(small.opened[box]).toBe(0); // ~3.5k px² for 3,000 files: drawn as one box
    expect(small.count).toBe(3); // the root, big.ts, crowd
    const zoomed = layoutTreemap(many, crowd, 400, 300); // 40 px² each: every file drawn
    expect(zoomed.count).toBe(3001);
  });

  it('zooms: a folder as the root fills the whole box', () => {
    const folder = model.find('d1');
    const z = layoutTreemap(model, folder, 400, 300);
    expect(z.root).toBe(folder);
    const kids: number[] = [];
    for (let i = 1; i < z.count; i++) if (model.parent[z.node[i]!] === folder) kids.push(i);
    expect(kids.reduce((s, i) => s + z.w[i]! * z.h[i]!, 0)).toBeCloseTo(400 * 300, 1);
  });
});
