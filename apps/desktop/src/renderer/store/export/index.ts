import { createStore } from 'zustand/vanilla';
import { createExportActions, type ExportActions, type ExportDeps } from './action';
import { type ExportState, initialExportState } from './initialState';

export type ExportStore = ExportState & ExportActions;

export function createExportStore(deps: ExportDeps) {
  return createStore<ExportStore>()((set, get) => ({
    ...initialExportState,
    ...createExportActions(set, get, deps),
  }));
}

export type { ExportState } from './initialState';
