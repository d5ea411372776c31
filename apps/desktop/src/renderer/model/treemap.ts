// The token map as a picture: a squarified treemap (Bruls, Huizing and van Wijk, 2000) of the
// tree's tokens, folders holding their children, laid out once per zoom root and size into flat
// typed arrays (tens of thousands of rectangles draw and hit-test as plain loops). Pure: no DOM.
import type { TreeModel } from './tree-model';

/** A folder gets a label strip when its box is at least this big (CSS pixels). */
export const HEADER = 14;
const HEADER_MIN_W = 48;
const HEADER_MIN_H = HEADER + 10;
/** Boxes smaller than this on a side are drawn but not entered. */
const ENTER_MIN = 6;
/**
 * A folder is entered only when its children would get this much room each on average (px²):
 * thousands of files in a small box would be sub-pixel slivers, costly to draw and invisible, so
 * the folder is drawn whole instead (zoom in to see them).
 */
const ENTER_AREA_PER_CHILD = 4;
const PAD = 1;

export interface TreemapLayout {
  /** The zoom root's node. */
  root: number;
  count: number;
  /** Per box, in drawing order (a folder before what is inside it). */
  node: Int32Array;
  x: Float32Array;
  y: Float32Array;
  w: Float32Array;
  h: Float32Array;
  /** 1 when the folder's children were laid out inside it (it shows as a frame with a label). */
  opened: Uint8Array;
}

class Boxes {
  count = 0;
  node = new Int32Array(1024);
  x = new Float32Array(1024);
  y = new Float32Array(1024);
  w = new Float32Array(1024);
  h = new Float32Array(1024);
  opened = new Uint8Array(1024);

  push(node: number, x: number, y: number, w: number, h: number): number {
    if (this.count === this.node.length) {
      const grow = <T extends Int32Array | Float32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.node = grow(this.node);
      this.x = grow(this.x);
      this.y = grow(this.y);
      this.w = grow(this.w);
      this.h = grow(this.h);
      this.opened = grow(this.opened);
    }
    const i = this.count++;
    this.node[i] = node;
    this.x[i] = x;
    this.y[i] = y;
    this.w[i] = w;
    this.h[i] = h;
    return i;
  }
}

/** The highest aspect ratio in a row of areas laid along a side of length `side`. */
function worst(sum: number, min: number, max: number, side: number): number {
  const s2 = side * side;
  const sum2 = sum * sum;
  return Math.max((s2 * max) / sum2, sum2 / (s2 * min));
}

/**
 * Lays out `items` (nodes, weights descending) in the rectangle, squarified: rows along the
 * shorter side, each row grown while that does not make its worst aspect ratio worse.
 */
function squarify(
  items: number[],
  weight: ArrayLike<number>,
  x0: number,
  y0: number,
  w0: number,
  h0: number,
  place: (node: number, x: number, y: number, w: number, h: number) => void,
): void {
  let total = 0;
  for (const i of items) total += weight[i]!;
  if (total <= 0 || w0 <= 0 || h0 <= 0) return;
  const scale = (w0 * h0) / total;
  let x = x0;
  let y = y0;
  let w = w0;
  let h = h0;
  let start = 0;
  while (start < items.length) {
    const side = Math.min(w, h);
    let end = start;
    let sum = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    let best = Number.POSITIVE_INFINITY;
    while (end < items.length) {
      const a = weight[items[end]!]! * scale;
      const nsum = sum + a;
      const nmin = Math.min(min, a);
      const nmax = Math.max(max, a);
      const r = worst(nsum, nmin, nmax, side);
      if (end > start && r > best) break;
      best = r;
      sum = nsum;
      min = nmin;
      max = nmax;
      end++;
    }
    // The row takes a strip of thickness sum/side along the shorter side.
    const thick = sum / side;
    let at = 0;
    for (let k = start; k < end; k++) {
      const len = (weight[items[k]!]! * scale) / thick;
      if (w >= h) place(items[k]!, x, y + at, thick, len);
      else place(items[k]!, x + at, y, len, thick);
      at += len;
    }
    if (w >= h) {
      x += thick;
      w -= thick;
    } else {
      y += thick;
      h -= thick;
    }
    start = end;
  }
}

/**
 * The treemap of `root`'s visible subtree in a `width` × `height` box, by `weight` per node
 * (tokens: folders hold their files' sums). Hidden entries and nodes of weight 0 take no room.
 */
export function layoutTreemap(
  model: TreeModel,
  root: number,
  width: number,
  height: number,
  weight: ArrayLike<number> = model.tokens,
): TreemapLayout {
  const boxes = new Boxes();
  const children = (folder: number): number[] => {
    const out: number[] = [];
    for (let c = folder + 1; c < model.end[folder]!; c = model.end[c]!)
      if (!model.hidden[c] && weight[c]! > 0) out.push(c);
    out.sort((a, b) => weight[b]! - weight[a]!);
    return out;
  };
  const visit = (node: number, x: number, y: number, w: number, h: number) => {
    const i = boxes.push(node, x, y, w, h);
    if (!model.isDir[node] || w < ENTER_MIN || h < ENTER_MIN) return;
    const header = w >= HEADER_MIN_W && h >= HEADER_MIN_H ? HEADER : 0;
    const ix = x + PAD;
    const iy = y + PAD + header;
    const iw = w - 2 * PAD;
    const ih = h - 2 * PAD - header;
    if (iw <= 0 || ih <= 0) return;
    const inside = children(node);
    if (iw * ih < inside.length * ENTER_AREA_PER_CHILD) return;
    boxes.opened[i] = 1;
    squarify(inside, weight, ix, iy, iw, ih, visit);
  };
  if (weight[root]! > 0) {
    boxes.opened[boxes.push(root, 0, 0, width, height)] = 1;
    squarify(children(root), weight, 0, 0, width, height, visit);
  }
  return {
    root,
    count: boxes.count,
    node: boxes.node.subarray(0, boxes.count),
    x: boxes.x.subarray(0, boxes.count),
    y: boxes.y.subarray(0, boxes.count),
    w: boxes.w.subarray(0, boxes.count),
    h: boxes.h.subarray(0, boxes.count),
    opened: boxes.opened.subarray(0, boxes.count),
  };
}

/** The deepest box at (px, py), or -1 (boxes inside come after the box holding them). */
export function boxAt(l: TreemapLayout, px: number, py: number): number {
  for (let i = l.count - 1; i >= 0; i--)
    if (px >= l.x[i]! && px < l.x[i]! + l.w[i]! && py >= l.y[i]! && py < l.y[i]! + l.h[i]!) return i;
  return -1;
}
