// What a tick means under a filter: the files the matches shown stand for. A matching file stands
// for itself, a matching folder for every visible file inside it; a folder kept only because
// matches lie inside it stands for those. Ticking such a folder ticks exactly its matches (never
// the files the filter hides), and its checkbox shows whether they are ticked. Counts per subtree,
// like the model's own, so a folder's state is derived and a tick is one pass.
import type { FilterResult } from './filter';
import type { CheckState, TreeModel } from './tree-model';

export class FilterScope {
  /** Visible files the matches stand for, per subtree. */
  readonly files: Int32Array;
  /** Of those, the ticked ones, per subtree (`recount` after ticks). */
  readonly ticked: Int32Array;
  /** Files: 1 when a match stands for it. */
  private readonly covered: Uint8Array;

  constructor(
    private readonly model: TreeModel,
    filter: Pick<FilterResult, 'matched'>,
  ) {
    const n = model.size;
    this.covered = new Uint8Array(n);
    this.files = new Int32Array(n);
    this.ticked = new Int32Array(n);
    // Preorder: a matching folder's whole range is covered, then the walk goes on after it.
    for (let i = 0; i < n; ) {
      if (filter.matched[i] && model.isDir[i]) {
        const stop = model.end[i]!;
        for (let j = i; j < stop; j++) if (!model.isDir[j] && !model.hidden[j]) this.covered[j] = 1;
        i = stop;
      } else {
        if (filter.matched[i] && !model.hidden[i]) this.covered[i] = 1;
        i++;
      }
    }
    for (let i = 0; i < n; i++) this.files[i] = this.covered[i]!;
    for (let i = n - 1; i > 0; i--) this.files[model.parent[i]!]! += this.files[i]!;
    this.recount();
  }

  /** Ticked covered files per subtree, from the model's ticks: O(n), after any tick change. */
  recount(): void {
    const m = this.model;
    const t = this.ticked;
    for (let i = 0; i < m.size; i++) t[i] = this.covered[i] && m.ticked[i] ? 1 : 0;
    for (let i = m.size - 1; i > 0; i--) t[m.parent[i]!]! += t[i]!;
  }

  /** Whether the matches shown are the whole of node i (then its tick is the ordinary one). */
  whole(i: number): boolean {
    return this.files[i] === this.model.fileCount[i];
  }

  /** Node i's checkbox under the filter: its matches all ticked, some, or none. */
  checkState(i: number): CheckState {
    if (this.whole(i)) return this.model.checkState(i);
    const t = this.ticked[i]!;
    return t === 0 ? 'unchecked' : t === this.files[i] ? 'checked' : 'mixed';
  }

  /**
   * The nodes a tick of node i applies to: the largest folders (or files) inside it that the
   * matches cover whole. None lies inside another, so their rules are toggled in one pass.
   */
  targets(i: number): number[] {
    const m = this.model;
    const out: number[] = [];
    const stop = m.end[i]!;
    for (let j = i; j < stop; ) {
      if (this.files[j] === 0) j = m.end[j]!;
      else if (this.whole(j)) {
        out.push(j);
        j = m.end[j]!;
      } else j++;
    }
    return out;
  }
}
