// Caps: what is left out is counted exactly and placed where it is missing; the cut is breadth
// first and fair between folders; a token cap is measured on the text itself.
import { describe, expect, it } from 'vitest';
import { countO200k } from './count';
import { fitTokens, type Probe } from './fit';
import { randomEntries, seeded } from './fixtures/random';
import { buildTree, type FolderNode, type TreeModel } from './model';
import { parseMarkdownTree } from './parse';
import { renderTree, TREE_FORMATS, type TreeOptions } from './render';
import type { View } from './view';

interface Entry {
  path: string;
  depth: number;
  parent: string;
  folder: boolean;
}

/** Every entry below `start`, with its depth relative to `start`. */
function entriesBelow(start: FolderNode): Entry[] {
  const out: Entry[] = [];
  const walk = (f: FolderNode, depth: number) => {
    for (const sub of f.folders) {
      out.push({ path: sub.path, depth, parent: f.path, folder: true });
      walk(sub, depth + 1);
    }
    for (const file of f.files) out.push({ path: file.path, depth, parent: f.path, folder: false });
  };
  walk(start, 1);
  return out;
}

function checkMarkdown(model: TreeModel, options: TreeOptions, text: string): void {
  const start = model.find(options.path ?? '') as FolderNode;
  const all = entriesBelow(start);
  const parsed = parseMarkdownTree(text);
  const shown = new Set([...parsed.files, ...parsed.folders]);
  const left = all.filter((e) => !shown.has(e.path));

  // Exact and placed: each left-out entry is counted by the marker of its nearest shown folder.
  const expected = new Map<string, { folders: number; files: number }>();
  for (const e of left) {
    let at = e.parent;
    while (at !== start.path && !shown.has(at)) at = at.slice(0, Math.max(0, at.lastIndexOf('/')));
    const c = expected.get(at) ?? { folders: 0, files: 0 };
    if (e.folder) c.folders++;
    else c.files++;
    expected.set(at, c);
  }
  const markers = new Map(parsed.markers.map((m) => [m.folder, { folders: m.folders, files: m.files }]));
  expect(parsed.markers.length, text).toBe(markers.size);
  expect(markers, text).toEqual(expected);

  if (left.length) {
    const folders = left.filter((e) => e.folder).length;
    expect(parsed.trailer, text).toContain(`… ${left.length} of ${all.length} entries left out`);
    expect(parsed.trailer).toContain(folders ? `${folders} folder` : `${left.length} file`);
  } else expect(parsed.trailer).toBeUndefined();

  // Breadth first: nothing is shown below the shallowest level that lost an entry.
  const cut = Math.min(...left.map((e) => e.depth));
  for (const e of all) {
    if (e.depth < cut) expect(shown.has(e.path), `${e.path} above the cut at ${cut}`).toBe(true);
    if (e.depth > cut) expect(shown.has(e.path), `${e.path} below the cut at ${cut}`).toBe(false);
  }
  // Fair: at the cut level, a folder that lost children shows at most one fewer than any other.
  if (Number.isFinite(cut) && options.depth !== cut - 1) {
    const perParent = new Map<string, { shown: number; total: number }>();
    for (const e of all.filter((x) => x.depth === cut && (cut === 1 || shown.has(x.parent)))) {
      const c = perParent.get(e.parent) ?? { shown: 0, total: 0 };
      c.total++;
      if (shown.has(e.path)) c.shown++;
      perParent.set(e.parent, c);
    }
    const counts = [...perParent.values()];
    for (const a of counts)
      if (a.shown < a.total) for (const b of counts) expect(b.shown, text).toBeLessThanOrEqual(a.shown + 1);
  }
}

describe('caps', () => {
  it('300 random trees × options: exact, placed, breadth first, fair, within the token cap', () => {
    const rnd = seeded(99);
    for (let t = 0; t < 300; t++) {
      const entries = randomEntries(rnd, {
        files: 1 + Math.floor(rnd() * 120),
        maxDepth: 5,
        hostile: rnd() < 0.3,
      });
      const model = buildTree(entries);
      const total = model.root.fileCount + model.root.folderCount;
      const folders = model.folders.filter((f) => f.fileCount > 0);
      const options: TreeOptions = {
        path: rnd() < 0.2 ? folders[Math.floor(rnd() * folders.length)]!.path : undefined,
        depth: rnd() < 0.3 ? Math.floor(rnd() * 4) : undefined,
        maxEntries: rnd() < 0.4 ? Math.floor(rnd() * (total + 2)) : undefined,
        maxTokens: rnd() < 0.5 ? 10 + Math.floor(rnd() * 600) : undefined,
        fields: rnd() < 0.3 ? ['tokens'] : [],
      };
      const md = renderTree(model, options);
      checkMarkdown(model, options, md.text);
      expect(md.shown.folders + md.leftOut.folders).toBe(md.total.folders);
      expect(md.shown.files + md.leftOut.files).toBe(md.total.files);
      if (options.maxEntries !== undefined)
        expect(md.shown.folders + md.shown.files).toBeLessThanOrEqual(options.maxEntries);
      if (options.maxTokens !== undefined) {
        expect(md.tokens).toBe(countO200k(md.text));
        if (md.shown.files + md.shown.folders > 0) expect(md.tokens).toBeLessThanOrEqual(options.maxTokens);
      }
      // Every form shows the same entries and states the same totals.
      for (const format of TREE_FORMATS) {
        const r = renderTree(model, { ...options, format });
        if (options.maxTokens === undefined) expect(r.shown).toEqual(md.shown);
        expect(r.shown.files + r.leftOut.files).toBe(md.total.files);
        if (r.tokens !== undefined && r.shown.files + r.shown.folders > 0)
          expect(r.tokens).toBeLessThanOrEqual(options.maxTokens!);
        if (format === 'json' && r.leftOut.files + r.leftOut.folders)
          expect(JSON.parse(r.text).leftOut).toMatchObject(r.leftOut);
      }
    }
  });

  it('a larger token cap never shows less, and the smallest cap still states everything', () => {
    const model = buildTree(randomEntries(seeded(5), { files: 300, maxDepth: 4, hostile: false }));
    let before = -1;
    for (const maxTokens of [1, 30, 60, 120, 250, 500, 1000, 2000, 4000]) {
      const r = renderTree(model, { maxTokens });
      const shown = r.shown.files + r.shown.folders;
      expect(shown).toBeGreaterThanOrEqual(before);
      before = shown;
      expect(r.text.split('\n').at(-1)).toMatch(r.leftOut.files ? /entries left out/ : /./);
    }
    expect(renderTree(model, { maxTokens: 1 }).shown).toEqual({ folders: 0, files: 0 });
  });

  it('uses an injected counter', () => {
    const model = buildTree(randomEntries(seeded(6), { files: 50, maxDepth: 3, hostile: false }));
    const chars = (text: string) => text.length;
    const r = renderTree(model, { maxTokens: 400 }, { count: chars });
    expect(r.text.length).toBeLessThanOrEqual(400);
    expect(r.tokens).toBe(r.text.length);
  });
});

/**
 * fitTokens over a made-up cost curve: `exact[k]` tokens for the first k picks, each entry
 * estimated at the curve's mean cost times `noise`.
 */
function fitCurve(
  exact: readonly number[],
  limit: number,
  budget: number,
  noise: number,
  probe: (k: number, within?: number) => Probe,
): Probe {
  return fitTokens({
    limit,
    budget,
    start: {} as FolderNode,
    probe,
    pick: () => ({ kind: 'file', parent: { folders: [], files: [] } }) as never,
    cost: () => Math.round((exact[limit]! / Math.max(1, limit)) * noise),
    markerCost: 0,
  });
}

describe('fitTokens', () => {
  // The search alone, on synthetic cost curves: it returns a prefix that fits and whose next
  // prefix does not (or the limit), in few probes, even when costs are not monotone.
  it('finds the longest fitting prefix on 2,000 random cost curves', () => {
    const rnd = seeded(11);
    for (let t = 0; t < 2000; t++) {
      const limit = Math.floor(rnd() * 3000);
      const costs = Array.from({ length: limit + 1 }, () => 1 + Math.floor(rnd() * 20));
      const exact = [5];
      for (let i = 1; i <= limit; i++) exact.push(exact[i - 1]! + costs[i]! + (rnd() < 0.1 ? -1 : 0));
      const budget = Math.floor(rnd() * (exact[limit]! + 50));
      let probes = 0;
      const probe = (k: number): Probe => {
        probes++;
        return { k, view: {} as View, text: '', tokens: exact[k]! };
      };
      const noise = 0.7 + rnd() * 0.6; // the estimate is off by up to ±30%
      const best = fitCurve(exact, limit, budget, noise, probe);
      if (exact[0]! > budget) expect(best.k).toBe(0);
      else {
        expect(best.tokens).toBeLessThanOrEqual(budget);
        if (best.k < limit) expect(exact[best.k + 1]!).toBeGreaterThan(budget);
      }
      expect(probes).toBeLessThanOrEqual(2 + 4 + 2 * Math.ceil(Math.log2(limit + 2)));
    }
  });

  // A probe may stop counting once over `within`: the search must come out exactly as with exact
  // counts (same probes, same prefix), costs not monotone and estimates off by up to ±50%.
  it('comes out the same when probes over their limit only say so', () => {
    const rnd = seeded(12);
    for (let t = 0; t < 2000; t++) {
      const limit = Math.floor(rnd() * 3000);
      const exact = [5];
      for (let i = 1; i <= limit; i++)
        exact.push(exact[i - 1]! + 1 + Math.floor(rnd() * 20) + (rnd() < 0.1 ? -3 : 0));
      const budget = Math.floor(rnd() * (exact[limit]! + 50));
      const noise = 0.5 + rnd();
      const run = (lazy: boolean) => {
        const asked: number[] = [];
        const probe = (k: number, within?: number): Probe => {
          asked.push(k);
          const over = lazy && within !== undefined && exact[k]! > within;
          return {
            k,
            view: {} as View,
            text: over ? '' : `text ${k}`,
            tokens: over ? within + 1 : exact[k]!,
          };
        };
        const best = fitCurve(exact, limit, budget, noise, probe);
        return { asked, best: [best.k, best.text, best.tokens] };
      };
      expect(run(true)).toEqual(run(false));
    }
  });
});
