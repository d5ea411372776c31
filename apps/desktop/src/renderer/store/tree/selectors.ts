// Pure reads of the tree state; components select narrowly through these.
import type { CheckState } from '../../model/tree-model';
import type { TreeState } from './initialState';

export interface RowView {
  node: number;
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
  highlight: [number, number] | undefined;
  mark: 'received' | 'changed' | undefined;
}

export const treeSelectors = {
  rowCount: (s: TreeState) => s.rows.length,
  rowAt:
    (row: number) =>
    (s: TreeState): RowView | null => {
      const m = s.model;
      const node = s.rows[row];
      if (!m || node === undefined) return null;
      const mark = s.marks.get(node);
      return {
        node,
        name: node === 0 ? 'project' : m.names[node]!,
        depth: m.depth[node]!,
        dir: m.isDir[node] === 1,
        open: s.view?.isOpen(node) ?? false,
        check: m.checkState(node),
        tickable: m.tickable(node),
        tokens: m.tokens[node]!,
        counting: m.uncounted[node]! > 0,
        hidden: m.hidden[node] === 1,
        flag: m.flags.get(node),
        highlight: s.highlights.get(node),
        mark: mark ? (mark.changed ? 'changed' : 'received') : undefined,
      };
    },
  /** Tokens and files ticked in the tree (the local view of the focus, before the host answers). */
  ticked: (s: TreeState) =>
    s.model
      ? { files: s.model.checkedCount[0]!, tokens: s.model.checkedTokens[0]! }
      : { files: 0, tokens: 0 },
  nodePath: (s: TreeState, node: number) => s.model?.pathOf(node) ?? '',
};
