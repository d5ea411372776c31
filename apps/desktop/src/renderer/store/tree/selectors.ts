// Pure reads of the tree state; components select narrowly through these.

import type { CheckState } from '../../model/tree-model';
import { markText, reasonLabel, reasonText } from '../../model/words';
import type { TreeState } from './initialState';

export interface RowView {
  row: number;
  node: number;
  path: string;
  name: string;
  depth: number;
  dir: boolean;
  open: boolean;
  check: CheckState;
  tickable: boolean;
  tokens: number;
  /** Files beneath (or 1) still being counted. */
  counting: boolean;
  hidden: boolean;
  flag: string | undefined;
  /** Highlighted range of the name (start === end: none). */
  hlStart: number;
  hlEnd: number;
  mark: 'received' | 'changed' | undefined;
  /** Tooltip of the mark, or of the hidden reason. */
  markTitle: string | undefined;
  reasonKind: string | undefined;
  reasonTitle: string | undefined;
  active: boolean;
}

export const treeSelectors = {
  /** Everything one row shows, as primitives (rows are memoized on them). */
  rowAt: (s: TreeState, row: number): RowView | null => {
    const m = s.model;
    const node = s.rows[row];
    if (!m || node === undefined) return null;
    const mark = s.marks.get(node);
    const reason = m.hidden[node] ? m.reasons.get(node) : undefined;
    const hl = s.highlights.get(node);
    return {
      row,
      node,
      path: m.pathOf(node),
      name: m.names[node]!,
      depth: m.depth[node]!,
      dir: m.isDir[node] === 1,
      open: s.view?.isOpen(node) ?? false,
      check: m.checkState(node),
      tickable: m.tickable(node),
      tokens: m.tokens[node]!,
      counting: m.uncounted[node]! > 0,
      hidden: m.hidden[node] === 1,
      flag: m.flags.get(node),
      hlStart: hl?.[0] ?? 0,
      hlEnd: hl?.[1] ?? 0,
      mark: mark ? (mark.changed ? 'changed' : 'received') : undefined,
      markTitle: mark ? markText(mark.file) : undefined,
      reasonKind: reason ? reasonLabel(reason) : undefined,
      reasonTitle: reason ? reasonText(reason) : undefined,
      active: s.active === node,
    };
  },
};
