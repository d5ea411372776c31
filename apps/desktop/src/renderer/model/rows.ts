// The visible rows: nodes in preorder (the host's, by name, or another such as by tokens), so the
// list is sorted by position and any node's row is a binary search away. Expanding splices a
// folder's visible descendants in after its row; collapsing cuts the contiguous run of rows inside
// its subtree. Only a filter, a show-hidden switch or a new order rebuilds.
import type { TreeOrder } from './sort';
import type { TreeModel } from './tree-model';

export interface RowOptions {
  showHidden: boolean;
  /** Filter result: nodes to keep (others are not shown). */
  keep: Uint8Array | null;
  /** A preorder other than the node order (null: by node index, i.e. by name). */
  order?: TreeOrder | null;
}

export class Rows {
  /** Visible node indexes, in the order's positions (ascending node indexes by name). */
  rows: number[] = [];

  constructor(
    readonly model: TreeModel,
    /** 1 for expanded folders (owned by the caller, persisted as paths). */
    readonly expanded: Uint8Array,
    public options: RowOptions,
  ) {
    this.rebuild();
  }

  visible(i: number): boolean {
    const m = this.model;
    if (this.options.keep && !this.options.keep[i]) return false;
    if (i === 0) return true;
    if (m.hidden[i]) return this.options.showHidden;
    // A folder holding only hidden entries shows only with them.
    return m.isDir[i] ? m.fileCount[i]! > 0 || this.options.showHidden : true;
  }

  isOpen(i: number): boolean {
    return this.model.isDir[i] === 1 && this.expanded[i] === 1 && !this.model.hidden[i];
  }

  /** Position of node i in the order. */
  private pos(i: number): number {
    return this.options.order ? this.options.order.pos[i]! : i;
  }

  /** Visible rows of positions [from, to) (a folder's inside), honouring collapsed folders. */
  private collect(from: number, to: number, out: number[]): void {
    const m = this.model;
    const at = this.options.order?.at;
    for (let p = from; p < to; ) {
      const i = at ? at[p]! : p;
      // A subtree is a run of end[i] - i positions in any preorder.
      if (!this.visible(i)) {
        p += m.end[i]! - i;
        continue;
      }
      out.push(i);
      p += m.isDir[i] && !this.isOpen(i) ? m.end[i]! - i : 1;
    }
  }

  rebuild(): void {
    const out: number[] = [];
    this.collect(0, this.model.size, out);
    this.rows = out;
  }

  /** Row position of node i, or -1 when it is not visible. */
  rowOf(i: number): number {
    const r = this.rows;
    const want = this.pos(i);
    let lo = 0;
    let hi = r.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.pos(r[mid]!);
      if (v === want) return mid;
      if (v < want) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** First row whose position is >= p. */
  private lowerBound(p: number): number {
    const r = this.rows;
    let lo = 0;
    let hi = r.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.pos(r[mid]!) < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Opens or closes folder i; returns whether the rows changed. */
  setOpen(i: number, open: boolean): boolean {
    const m = this.model;
    if (!m.isDir[i] || m.hidden[i] || (this.expanded[i] === 1) === open) return false;
    this.expanded[i] = open ? 1 : 0;
    const row = this.rowOf(i);
    if (row < 0) return true; // inside a collapsed folder: nothing visible changes
    const from = this.pos(i) + 1;
    const to = this.pos(i) + m.end[i]! - i;
    if (open) {
      const inside: number[] = [];
      this.collect(from, to, inside);
      this.rows = this.rows.slice(0, row + 1).concat(inside, this.rows.slice(row + 1));
    } else {
      const stop = this.lowerBound(to);
      this.rows = this.rows.slice(0, row + 1).concat(this.rows.slice(stop));
    }
    return true;
  }

  /** Opens every folder (expand all) or closes every folder but the root (collapse all). */
  setAllOpen(open: boolean): void {
    const m = this.model;
    if (open) for (let i = 0; i < m.size; i++) this.expanded[i] = m.isDir[i]! && !m.hidden[i] ? 1 : 0;
    else {
      this.expanded.fill(0);
      this.expanded[0] = 1;
    }
    this.rebuild();
  }

  /** Opens every ancestor of i (to reveal it); returns whether the rows changed. */
  reveal(i: number): boolean {
    const chain: number[] = [];
    for (let a = this.model.parent[i]!; a >= 0; a = this.model.parent[a]!) chain.push(a);
    let changed = false;
    for (let k = chain.length - 1; k >= 0; k--) changed = this.setOpen(chain[k]!, true) || changed;
    return changed;
  }
}
