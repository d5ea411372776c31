// The window's stores, created once with the real services. Tests create their own with doubles.
import { clipboard } from '../services/clipboard';
import { hostApi } from '../services/host';
import { createExportStore } from './export/index';
import { createFocusToolsStore } from './focus/index';
import { createHistoryStore } from './history';
import { createPreviewStore } from './preview/index';
import { createProjectStore } from './project/index';
import { createSessionsStore } from './sessions/index';
import { createSettingsStore } from './settings';
import { createTreeStore } from './tree/index';
import { createUiStore } from './ui';

export const treeStore = createTreeStore({ host: hostApi });
export const projectStore = createProjectStore({ host: hostApi });
export const sessionsStore = createSessionsStore({ host: hostApi });
export const exportStore = createExportStore({ host: hostApi, clipboard });
export const settingsStore = createSettingsStore({ host: hostApi });
export const uiStore = createUiStore();
export const focusToolsStore = createFocusToolsStore({
  host: hostApi,
  notify: (notice) => projectStore.getState().notify(notice),
});
export const previewStore = createPreviewStore({ host: hostApi });
export const historyStore = createHistoryStore({ host: hostApi });
