// Keeps the stores in sync with the host: connects host events to the stores and loads a project's
// data when one opens. This is the only place that knows which event feeds which store; stores
// stay unaware of each other.
import type { HostApi, MenuCommand, TokenUpdate, Unsubscribe } from '@loupe/common';
import type { createExportStore } from '../store/export/index';
import type { createFocusToolsStore } from '../store/focus/index';
import type { createHistoryStore } from '../store/history';
import type { createPreviewStore } from '../store/preview/index';
import type { createProjectStore } from '../store/project/index';
import type { createRequestsStore } from '../store/requests';
import type { createSessionsStore } from '../store/sessions/index';
import type { createSettingsStore } from '../store/settings';
import type { createTreeStore } from '../store/tree/index';
import type { createUiStore } from '../store/ui';

export interface Stores {
  tree: ReturnType<typeof createTreeStore>;
  project: ReturnType<typeof createProjectStore>;
  sessions: ReturnType<typeof createSessionsStore>;
  exports: ReturnType<typeof createExportStore>;
  settings: ReturnType<typeof createSettingsStore>;
  ui: ReturnType<typeof createUiStore>;
  focusTools: ReturnType<typeof createFocusToolsStore>;
  preview: ReturnType<typeof createPreviewStore>;
  history: ReturnType<typeof createHistoryStore>;
  requests: ReturnType<typeof createRequestsStore>;
}

export interface HostSync {
  /** Loads everything for the open project (tree, view state, focus, sessions, marks). */
  loadProject(): Promise<void>;
  refreshMarks(): Promise<void>;
  dispose(): void;
}

export function connectStores(
  api: HostApi,
  stores: Stores,
  onMenu: (command: MenuCommand) => void,
): HostSync {
  const { tree, project, sessions, settings, exports, focusTools, preview, history, requests } = stores;
  let loading: Promise<void> | null = null;
  let queued: TokenUpdate[] = [];
  let marksSeq = 0;

  const refreshMarks = async () => {
    const mine = ++marksSeq;
    if (!tree.getState().model) return;
    try {
      const files = await sessions.getState().receivedFiles();
      if (mine === marksSeq) tree.getState().setMarks(files);
    } catch {
      // no project or no sessions: no marks
    }
  };

  /**
   * Opening a project starts from its saved expansion; a reload of the same project (files added or
   * removed) keeps the expansion in memory, which the saved one trails by the save delay.
   */
  const loadTree = async (opening: boolean) => {
    queued = [];
    const [snapshot, view] = await Promise.all([api.getTree(), opening ? api.getViewState() : null]);
    tree.getState().load(snapshot, view?.expanded);
    for (const u of queued) tree.getState().applyTokens(u);
    queued = [];
  };

  const loadProject = () => {
    loading = (async () => {
      const [focus, list, waiting] = await Promise.all([
        api.getFocus(),
        api.listSessions(),
        api.accessRequests(),
      ]);
      history.getState().reset(focus);
      requests.getState().setRequests(waiting);
      tree.getState().applyFocus(focus);
      project.getState().setFocus(focus);
      sessions.getState().setSessions(list);
      await loadTree(true);
      await refreshMarks();
      // Presets, git's changed files and the export's instructions: shown once they arrive.
      void focusTools
        .getState()
        .load()
        .catch(() => {});
      void exports
        .getState()
        .loadInstructions()
        .catch(() => {});
    })().finally(() => {
      loading = null;
    });
    return loading;
  };

  const offs: Unsubscribe[] = [
    api.onDidOpenProject((info) => {
      project.getState().projectOpened(info);
      preview.getState().clear();
      // Another project's focus steps are not this one's to undo.
      history.getState().reset(null);
      requests.getState().setRequests([]);
      exports.getState().filesChanged();
      // The export starts from the project's masking (a one-off unmasked export stays possible).
      if (info) exports.getState().setOptions({ masking: info.masking });
      // The HTTP endpoint follows the open project: shown connect information is stale now.
      if (settings.getState().connect)
        void settings
          .getState()
          .loadConnect()
          .catch(() => {});
      if (info)
        void loadProject().catch((e: Error) =>
          project.getState().notify({ level: 'error', message: e.message }),
        );
    }),
    api.onDidChangeProject((info) => {
      project.getState().projectOpened(info);
      exports.getState().filesChanged();
      exports.getState().setOptions({ masking: info.masking });
      void preview.getState().refresh(); // masked or not: what an agent receives changed
    }),
    api.onDidChangePresets((list) => focusTools.getState().setPresets(list)),
    api.onDidChangeGitFiles((git) => focusTools.getState().setGit(git)),
    api.onDidChangeTree(() => {
      exports.getState().filesChanged();
      // While a project opens, its own load comes first; this reload follows it.
      void (loading ?? Promise.resolve())
        .catch(() => {})
        .then(() => loadTree(false))
        .then(refreshMarks)
        .then(() => sessions.getState().refreshDetail())
        .catch(() => {});
    }),
    api.onDidCountTokens((u) => {
      exports.getState().filesChanged(); // a tokenizer change counts again; so does an edit
      if (loading || tree.getState().model?.version !== u.version) queued.push(u);
      else tree.getState().applyTokens(u);
    }),
    api.onDidChangeFocus((f) => {
      history.getState().observe(f);
      tree.getState().applyFocus(f);
      project.getState().setFocus(f);
    }),
    api.onDidProgress((p) => project.getState().setProgress(p)),
    api.onDidExportProgress((p) => exports.getState().setProgress(p)),
    api.onDidChangeSessions((list) => {
      sessions.getState().setSessions(list);
      void refreshMarks();
    }),
    api.onDidChangeAccessRequests((list) => requests.getState().setRequests(list)),
    api.onDidAgentCall(() => {
      void refreshMarks();
      void sessions.getState().refreshDetail();
    }),
    api.onDidChangeFiles((e) => {
      exports.getState().filesChanged();
      void refreshMarks();
      void sessions.getState().refreshDetail();
      const shown = preview.getState().path;
      if (shown !== null && e.changed.includes(shown)) void preview.getState().refresh();
    }),
    api.onDidChangeSettings((s) => {
      settings.getState().setSettings(s);
      exports.getState().filesChanged(); // the tokenizer, among others
    }),
    api.onDidNotice((n) => project.getState().notify(n)),
    api.onDidMenuCommand(({ command }) => onMenu(command)),
  ];

  return {
    loadProject,
    refreshMarks,
    dispose: () => {
      for (const off of offs) off();
    },
  };
}

/** First load: settings, recent projects, and the project the host already has open (if any). */
export async function startWindow(api: HostApi, stores: Stores, sync: HostSync): Promise<void> {
  const [s, current] = await Promise.all([api.getSettings(), api.currentProject()]);
  stores.settings.getState().setSettings(s);
  stores.exports.getState().setOptions({
    format: s.exportFormat,
    budget: s.budget,
    detail: s.detail,
    masking: current?.masking ?? true,
    lineNumbers: s.lineNumbers,
  });
  stores.project.getState().setConnected(true);
  void stores.project.getState().loadRecent();
  if (current) {
    stores.project.getState().projectOpened(current);
    await sync.loadProject();
  }
}
