// The visible rows: node indexes in preorder, so the list is sorted and any node's row is a binary
// search away. Expanding splices a folder's visible descendants in after its row; collapsing cuts
// the contiguous run of rows inside its subtree. Only a filter or a show-hidden switch rebuilds.
import type { TreeModel } from './tree-model';

export interface RowOptions {
  showHidden: boolean;
  /** Filter result: nodes to keep (others are not shown). */
  keep: Uint8Array | null;
}

export class Rows {
  /** Visible node indexes, ascending. */
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

  /** Visible rows of the range [from, to) (a folder's inside), honouring collapsed folders. */
  private collect(from: number, to: number, out: number[]): void {
    const m = this.model;
    for (let i = from; i < to; ) {
      if (!this.visible(i)) {
        i = m.end[i]!;
        continue;
      }
      out.push(i);
      i = m.isDir[i] && !this.isOpen(i) ? m.end[i]! : i + 1;
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
    let lo = 0;
    let hi = r.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = r[mid]!;
      if (v === i) return mid;
      if (v < i) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** First row position whose node is >= i. */
  private lowerBound(i: number): number {
    const r = this.rows;
    let lo = 0;
    let hi = r.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (r[mid]! < i) lo = mid + 1;
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
    if (open) {
      const inside: number[] = [];
      this.collect(i + 1, m.end[i]!, inside);
      this.rows = this.rows.slice(0, row + 1).concat(inside, this.rows.slice(row + 1));
    } else {
      const stop = this.lowerBound(m.end[i]!);
      this.rows = this.rows.slice(0, row + 1).concat(this.rows.slice(stop));
    }
    return true;
  }

  /** Opens or closes every folder (the root stays open); one rebuild, not a splice per folder. */
  setAllOpen(open: boolean): void {
    const m = this.model;
    for (let i = 1; i < m.size; i++) if (m.isDir[i] && !m.hidden[i]) this.expanded[i] = open ? 1 : 0;
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
