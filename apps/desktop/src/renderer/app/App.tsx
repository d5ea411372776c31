// The window: header, the tree with its filter, the open panel, and messages.
import { useCallback, useEffect } from 'react';
import { Header, OpenControls } from '../components/Header';
import { MaskingBanner } from '../components/MaskingBanner';
import { Toasts } from '../components/Toasts';
import { FilterBar } from '../components/tree/FilterBar';
import { TreeView } from '../components/tree/TreeView';
import { hostSync } from '../services/host';
import { useProject, useSettings, useUi } from '../store/hooks';
import { projectStore, settingsStore, treeStore, uiStore } from '../store/index';
import { copyContext } from './commands';
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

function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      if (e.key === 'f' && !e.shiftKey) {
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
  const { project, connected, problem } = useProject((s) => ({
    project: s.project,
    connected: s.connected,
    problem: s.connectionProblem,
  }));
  const panel = useUi((s) => s.panel);
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
  if (!connected) return <div className="connecting">Connecting to Loupe…</div>;
  return (
    <div className={`app${panel ? ' with-panel' : ''}`}>
      <Header />
      <MaskingBanner />
      <main className="main">
        {project ? (
          <div className="tree-pane">
            <FilterBar />
            <TreeView onOverride={onOverride} />
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
    </div>
  );
}
