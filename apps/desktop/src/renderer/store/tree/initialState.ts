import type { FocusRules, ReceivedFile } from '@loupe/common';
import type { Rows } from '../../model/rows';
import type { TreeModel } from '../../model/tree-model';

export interface Mark {
  changed: boolean;
  file: ReceivedFile;
}

export interface TreeState {
  model: TreeModel | null;
  /** Visible rows (node indexes, ascending); a new array whenever rows change. */
  rows: number[];
  /** The row list with its expansion state (mutable, owned by the store). */
  view: Rows | null;
  /** Bumps when ticks, counts or marks change: rows re-render on it. */
  tick: number;
  /** The keyboard's current node, or -1. */
  active: number;
  /** A request to scroll a row into view (the tree component follows `seq`). */
  scrollTo: { row: number; seq: number } | null;
  filterText: string;
  filterMatches: number;
  highlights: Map<number, [number, number]>;
  showHidden: boolean;
  /** The focus rules as this window last knew them (ahead of the host while toggles are in flight). */
  rules: FocusRules;
  revision: number;
  /** Received marks by node. */
  marks: Map<number, Mark>;
  /** Type-ahead buffer and the time of its last key. */
  typed: { text: string; at: number };
}

export const initialTreeState: TreeState = {
  model: null,
  rows: [],
  view: null,
  tick: 0,
  active: -1,
  scrollTo: null,
  filterText: '',
  filterMatches: 0,
  highlights: new Map(),
  showHidden: false,
  rules: { include: [], exclude: [] },
  revision: 0,
  marks: new Map(),
  typed: { text: '', at: 0 },
};
