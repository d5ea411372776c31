// The tree store: one domain, assembled from its slices.
import { createStore } from 'zustand/vanilla';
import { createTreeActions, type TreeActions, type TreeDeps } from './action';
import { initialTreeState, type TreeState } from './initialState';

export type TreeStore = TreeState & TreeActions;

export function createTreeStore(deps: TreeDeps) {
  return createStore<TreeStore>()((set, get) => ({
    ...initialTreeState,
    ...createTreeActions(set, get, deps),
  }));
}

export type { Mark, TreeState } from './initialState';
export { type RowView, treeSelectors } from './selectors';
