// The nearest existing paths to one that does not exist, for "did you mean" lines: the same path
// in another case, the same tail under another folder, the same file name elsewhere, then file
// names within a small edit distance. One pass over the candidates; bounded edit distances.
import type { RelPath } from '../types';

const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** Shared leading folders of two paths (for ranking equal names by closeness). */
function commonDirs(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

interface Scored {
  path: RelPath;
  tier: number;
  distance: number;
  near: number;
}

/** Up to `limit` existing paths closest to `query`, best first. */
export function nearestPaths(query: string, candidates: Iterable<RelPath>, limit = 5): RelPath[] {
  const q = query
    .replace(/\\/g, '/')
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '');
  if (!q) return [];
  const ql = q.toLowerCase();
  const qBase = baseOf(ql);
  const qStem = qBase.replace(/\.[^.]*$/, '');
  const maxEdit = Math.max(1, Math.min(3, Math.floor(qBase.length / 4)));
  const scored: Scored[] = [];
  for (const path of candidates) {
    const pl = path.toLowerCase();
    const base = baseOf(pl);
    let tier = -1;
    let distance = 0;
    if (pl === ql) tier = 0;
    else if (pl.endsWith(`/${ql}`) || ql.endsWith(`/${pl}`)) tier = 1;
    else if (base === qBase) tier = 2;
    else {
      const d = boundedDistance(base, qBase, maxEdit);
      if (d <= maxEdit) {
        tier = 3;
        distance = d;
      } else if (qStem.length >= 3 && base.replace(/\.[^.]*$/, '') === qStem) {
        tier = 4; // same name, other extension
      } else {
        // A long shared beginning of the name (in the same folder, or very long anywhere).
        const shared = commonPrefix(base, qBase);
        const sameDir = pl.slice(0, pl.length - base.length) === ql.slice(0, ql.length - qBase.length);
        if (shared >= 10 || (sameDir && shared >= Math.min(6, qBase.length))) {
          tier = 5;
          distance = -shared;
        }
      }
    }
    if (tier >= 0) scored.push({ path, tier, distance, near: commonDirs(pl, ql) });
  }
  scored.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.distance - b.distance ||
      b.near - a.near ||
      a.path.length - b.path.length ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  return scored.slice(0, limit).map((s) => s.path);
}
