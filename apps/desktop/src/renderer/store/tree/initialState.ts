import type { DamagedStateNotice, FocusRules, ReceivedFile } from '@loupe/common';
import type { FilterScope } from '../../model/filter-scope';
import type { Rows } from '../../model/rows';
import type { TreeOrder, TreeSort } from '../../model/sort';
import type { TreeModel } from '../../model/tree-model';

export interface Mark {
  changed: boolean;
  file: ReceivedFile;
}

/** Received files inside a folder (shown on it while it is closed). */
export interface MarkCount {
  received: number;
  changed: number;
}

export interface TreeState {
  model: TreeModel | null;
  /** Visible rows (node indexes, in the order's positions); a new array whenever rows change. */
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
  /** Why the filter text is not a usable glob (the tree then shows unfiltered), or null. */
  filterError: string | null;
  filterMatches: number;
  highlights: Map<number, [number, number]>;
  /** Under a filter: the files its matches stand for (what a folder's tick applies to). */
  scope: FilterScope | null;
  showHidden: boolean;
  sort: TreeSort;
  /** The token order while sorted by tokens (recomputed as counts arrive). */
  order: TreeOrder | null;
  /** The focus rules as this window last knew them (ahead of the host while toggles are in flight). */
  rules: FocusRules;
  revision: number;
  /** Saved focus or overrides that could not be read and are not resolved yet (a banner). */
  damaged: DamagedStateNotice[];
  /** Received marks by node. */
  marks: Map<number, Mark>;
  /** Received files inside each folder that holds any. */
  markCounts: Map<number, MarkCount>;
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
  filterError: null,
  filterMatches: 0,
  highlights: new Map(),
  scope: null,
  showHidden: false,
  sort: 'name',
  order: null,
  rules: { include: [], exclude: [] },
  revision: 0,
  damaged: [],
  marks: new Map(),
  markCounts: new Map(),
  typed: { text: '', at: 0 },
};
