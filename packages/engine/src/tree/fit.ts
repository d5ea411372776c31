// Fitting a rendering into a token budget. A cap keeps a prefix of the breadth-first pick order;
// the longest prefix whose whole rendering counts at most `budget` tokens is found with exact
// counts. Token counts are nearly additive over names and lines, so the tokens of each entry's
// own fragment estimate where the cut falls, and a few exact renderings near that point settle it.
// The cost is a handful of renderings of about `budget` tokens each, whatever the tree's size; a
// rendering far over the budget is counted only until it is over (unless the secant needs its count).
import { childCount, type FolderNode, type TreeNode } from './model';
import type { View } from './view';

export interface Probe {
  k: number;
  view: View;
  text: string;
  tokens: number;
}

export interface FitInput {
  /** Entries a rendering may show at most (after depth and entry caps). */
  limit: number;
  budget: number;
  start: FolderNode;
  /**
   * Renders and counts the first `k` picks; with `within`, a count over `within` may stop early
   * (then `tokens` is only known to be over it).
   */
  probe(k: number, within?: number): Probe;
  /** The i-th pick (0-based). */
  pick(i: number): TreeNode;
  /** Tokens one entry adds to a rendering. */
  cost(node: TreeNode): number;
  /** Tokens a folder's "left out" marker adds at most. */
  markerCost: number;
}

/** The longest fitting prefix; the empty rendering (markers only) when nothing fits. */
export function fitTokens(input: FitInput): Probe {
  const { limit, budget, probe } = input;
  const empty = probe(0);
  if (empty.tokens > budget || limit === 0) return empty;

  // est[k]: estimated tokens of the first k picks, computed a little past the budget.
  const est = [empty.tokens];
  let sum = empty.tokens;
  let partial = 0; // shown folders (besides the start) that show only part of their children
  const seen = new Map<FolderNode, number>();
  for (let i = 0; i < limit && est[i]! <= budget * 1.5 + 50; i++) {
    const node = input.pick(i);
    sum += input.cost(node);
    if (node.kind === 'folder' && childCount(node) > 0) partial++;
    const parent = node.parent!;
    const n = (seen.get(parent) ?? 0) + 1;
    seen.set(parent, n);
    if (n === childCount(parent) && parent !== input.start) partial--;
    est.push(sum + partial * input.markerCost);
  }
  /** Largest k whose estimate, scaled by the measured error, fits; est is nearly monotone. */
  const predict = (ratio: number): number => {
    let k = 0;
    while (k + 1 < est.length && est[k + 1]! * ratio <= budget) k++;
    return k === est.length - 1 && k < limit ? limit : k;
  };

  // lo fits, hi does not (limit + 1: nothing above lo is known not to fit). A few secant steps
  // scale the estimate by its measured error; galloping and bisection then guarantee the end.
  let best = empty;
  let lo = 0;
  let hi = limit + 1;
  let ratio = 1;
  let gallop = 1;
  for (let step = 0; hi - lo > 1; step++) {
    let k: number;
    if (step < 4) k = Math.min(hi - 1, Math.max(lo + 1, predict(ratio)));
    else if (hi === limit + 1) {
      gallop *= 2;
      k = Math.min(limit, lo + gallop);
    } else k = lo + ((hi - lo) >> 1);
    // The measured error is used by the secant steps only (the next while step < 4).
    const exact = step < 3 && k < est.length && est[k]! > 0;
    const p = exact ? probe(k) : probe(k, budget);
    if (p.tokens <= budget) {
      best = p;
      lo = k;
    } else hi = k;
    if (exact) ratio = p.tokens / est[k]!;
    if (lo === limit) break;
  }
  return best;
}
