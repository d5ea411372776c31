// Pure reads of the tree state; components select narrowly through these.

import { plural } from '@loupe/common';
import type { CheckState } from '../../model/tree-model';
import { markCountText, markText, reasonLabel, reasonText } from '../../model/words';
import type { TreeState } from './initialState';

/** Under a filter, what node i's tick applies to (null when it is the ordinary tick). */
function filteredTick(s: TreeState, node: number): { on: boolean; matches: number; others: number } | null {
  const { model: m, scope } = s;
  if (!m || !scope || scope.whole(node) || !m.tickable(node)) return null;
  return {
    on: scope.checkState(node) !== 'checked',
    matches: scope.files[node]!,
    others: m.fileCount[node]! - scope.files[node]!,
  };
}

const folderName = (s: TreeState, node: number) => (node === 0 ? 'the project' : s.model!.names[node]!);

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
  /** The checkbox's tooltip: under a filter, which files a folder's tick applies to. */
  tickTitle: string | undefined;
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
  /** A closed folder: received files inside it (0 when none or open), and how many changed since. */
  inside: number;
  insideChanged: number;
  insideTitle: string | undefined;
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
    const open = s.view?.isOpen(node) ?? false;
    const inside = m.isDir[node] && !open ? s.markCounts.get(node) : undefined;
    const filtered = filteredTick(s, node);
    return {
      row,
      node,
      path: m.pathOf(node),
      name: m.names[node]!,
      depth: m.depth[node]!,
      dir: m.isDir[node] === 1,
      open,
      check: s.scope && !s.scope.whole(node) ? s.scope.checkState(node) : m.checkState(node),
      tickable: m.tickable(node) && (!s.scope || s.scope.files[node]! > 0),
      tickTitle: filtered
        ? `${filtered.on ? 'Ticks' : 'Unticks'} the ${plural(filtered.matches, 'match', 'matches')} shown in ${folderName(s, node)}; the ${plural(filtered.others, 'other file')} the filter hides keep their ticks`
        : undefined,
      tokens: m.tokens[node]!,
      counting: m.uncounted[node]! > 0,
      hidden: m.hidden[node] === 1,
      flag: m.flags.get(node),
      hlStart: hl?.[0] ?? 0,
      hlEnd: hl?.[1] ?? 0,
      mark: mark ? (mark.changed ? 'changed' : 'received') : undefined,
      markTitle: mark ? markText(mark.file) : undefined,
      inside: inside?.received ?? 0,
      insideChanged: inside?.changed ?? 0,
      insideTitle: inside ? markCountText(inside.received, inside.changed) : undefined,
      reasonKind: reason ? reasonLabel(reason) : undefined,
      reasonTitle: reason ? reasonText(reason) : undefined,
      active: s.active === node,
    };
  },

  /** What a tick of node i does under a filter, to say so when it happens (null: nothing to say). */
  tickNote: (s: TreeState, node: number): string | null => {
    const f = filteredTick(s, node);
    if (!f) return null;
    return `${f.on ? 'Ticked' : 'Unticked'} the ${plural(f.matches, 'match', 'matches')} shown in ${folderName(s, node)}`;
  },
};
