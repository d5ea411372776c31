// React hooks over the stores: narrow selections with shallow comparison.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { StoreApi } from 'zustand/vanilla';
import {
  exportStore,
  focusToolsStore,
  historyStore,
  previewStore,
  projectStore,
  sessionsStore,
  settingsStore,
  treeStore,
  uiStore,
} from './index';

function hook<S>(store: StoreApi<S>) {
  return <T>(selector: (s: S) => T): T => useStore(store, useShallow(selector));
}

export const useTree = hook(treeStore);
export const useProject = hook(projectStore);
export const useSessions = hook(sessionsStore);
export const useExport = hook(exportStore);
export const useSettings = hook(settingsStore);
export const useUi = hook(uiStore);
export const useFocusTools = hook(focusToolsStore);
export const usePreview = hook(previewStore);
export const useHistory = hook(historyStore);
