// The focus tools store: presets and git-aware ticking, assembled from its slices.
import { createStore } from 'zustand/vanilla';
import { createFocusToolsActions, type FocusToolsActions, type FocusToolsDeps } from './action';
import { type FocusToolsState, initialFocusToolsState } from './initialState';

export type FocusToolsStore = FocusToolsState & FocusToolsActions;

export function createFocusToolsStore(deps: FocusToolsDeps) {
  return createStore<FocusToolsStore>()((set, get) => ({
    ...initialFocusToolsState,
    ...createFocusToolsActions(set, get, deps),
  }));
}

export type { FocusToolsState } from './initialState';
