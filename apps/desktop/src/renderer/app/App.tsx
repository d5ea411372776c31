// The window: header, the tree with its filter, the open panel, and messages.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { DamagedStateBanner } from '../components/DamagedStateBanner';
import { Header, OpenControls } from '../components/Header';
import { MaskingBanner } from '../components/MaskingBanner';
import { Toasts } from '../components/Toasts';
import { FilterBar, MarksLegend } from '../components/tree/FilterBar';
import { TreeView } from '../components/tree/TreeView';
import { carriesFiles, type DroppedPaths, dropOutcome } from '../services/folder-drop';
import { hostSync } from '../services/host';
import { connectionStore } from '../store/connection';
import { useProject, useSettings, useUi } from '../store/hooks';
import { previewStore, projectStore, settingsStore, treeStore, uiStore } from '../store/index';
import { copyContext, redoFocus, undoFocus } from './commands';
import { panelComponent } from './panels';

function useTheme() {
  const theme = useSettings((s) => s.settings?.theme ?? 'system');
  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      root.dataset.theme = theme === 'system' ? (media.matches ? 'dark' : 'light') : theme;
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

/** Text fields keep their own Ctrl+Z; anywhere else (the tree, buttons) it undoes a focus change. */
function editable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || el.tagName === 'TEXTAREA';
}

function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      const key = e.key.toLowerCase();
      if ((key === 'z' || key === 'y') && !e.altKey && !editable(e.target)) {
        e.preventDefault();
        void (key === 'y' || e.shiftKey ? redoFocus() : undoFocus());
      } else if (e.key === 'f' && !e.shiftKey) {
        e.preventDefault();
        uiStore.getState().requestFilterFocus();
      } else if (e.key.toLowerCase() === 'c' && e.shiftKey) {
        e.preventDefault();
        void copyContext();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Received marks can go stale while the window is in the background (files edited elsewhere). */
function useMarksOnFocus() {
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void hostSync().refreshMarks();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
}

declare global {
  interface Window {
    /** Set by the Electron preload: where a dropped item is on disk. */
    loupeFiles?: DroppedPaths;
  }
}

/** A folder dropped on the window opens it (Electron); a browser says how to open one instead. */
function useFolderDrop(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const files = (e: DragEvent) => carriesFiles([...(e.dataTransfer?.types ?? [])]);
    const enter = (e: DragEvent) => {
      if (!files(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overIt = (e: DragEvent) => {
      if (!files(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!files(e)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!files(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const outcome = dropOutcome([...(e.dataTransfer?.files ?? [])], window.loupeFiles);
      if (!outcome) return;
      if ('problem' in outcome) projectStore.getState().notify({ level: 'info', message: outcome.problem });
      else void projectStore.getState().open(outcome.path);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overIt);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overIt);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}

/** With the preview open, moving through files in the tree shows each (after a short pause). */
function usePreviewFollowsSelection() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = treeStore.subscribe((s, prev) => {
      if (s.active === prev.active || uiStore.getState().panel !== 'preview') return;
      const m = s.model;
      if (!m || s.active < 0 || m.isDir[s.active] || m.hidden[s.active]) return;
      const path = m.pathOf(s.active);
      clearTimeout(timer);
      timer = setTimeout(() => void previewStore.getState().show(path), 120);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
}

function Panel() {
  const panel = useUi((s) => s.panel);
  if (!panel) return null;
  const Component = panelComponent(panel);
  return <Component />;
}

function Welcome() {
  return (
    <div className="welcome">
      <h1>Loupe</h1>
      <p>Open a project, tick what matters, and let your agent see exactly that.</p>
      <OpenControls />
    </div>
  );
}

export function App() {
  useTheme();
  useShortcuts();
  useMarksOnFocus();
  usePreviewFollowsSelection();
  const dropping = useFolderDrop();
  const { project, connected, problem } = useProject((s) => ({
    project: s.project,
    connected: s.connected,
    problem: s.connectionProblem,
  }));
  const panel = useUi((s) => s.panel);
  // While the link is down the last window stays on screen, inert, under the banner.
  const live = useStore(connectionStore, (s) => s.status.state === 'live');
  const refused = useStore(connectionStore, (s) => s.status.state === 'refused');
  const onOverride = useCallback((node: number, state: 'show' | 'hide') => {
    const path = treeStore.getState().model?.pathOf(node);
    if (path === undefined) return;
    void settingsStore
      .getState()
      .setOverride(path, state)
      .catch((e: Error) => projectStore.getState().notify({ level: 'error', message: e.message }));
  }, []);

  if (problem)
    return (
      <div className="disconnected" role="alert">
        {problem}
      </div>
    );
  if (!connected)
    return (
      <>
        <ConnectionBanner />
        {refused ? null : <div className="connecting">Connecting to Loupe…</div>}
      </>
    );
  return (
    <div className={`app${panel ? ' with-panel' : ''}${live ? '' : ' offline'}`}>
      <ConnectionBanner />
      <div className="contents" inert={!live}>
        <Header />
        <MaskingBanner />
        <DamagedStateBanner />
      </div>
      <main className="main" inert={!live}>
        {project ? (
          <div className="tree-pane">
            <FilterBar />
            <TreeView onOverride={onOverride} disabled={!live} />
            <MarksLegend />
          </div>
        ) : (
          <Welcome />
        )}
        {panel ? (
          <aside className="side">
            <Panel />
          </aside>
        ) : null}
      </main>
      <Toasts />
      {dropping ? (
        <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          Drop a folder to open it
        </div>
      ) : null}
    </div>
  );
}
