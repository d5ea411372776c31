// Start-up: find the transport this window was given (the preload's object in Electron, else a
// WebSocket link with the session token from the URL, which reconnects on its own), connect the
// stores, render.
import type { HostApi, MenuCommand } from '@loupe/common';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { copyContext } from './app/commands';
import { setHostApi, setHostSync } from './services/host';
import { connectStores, type HostSync, startWindow } from './services/host-sync';
import { tokenFromLocation, webSocketLink } from './services/ws-client';
import { connectionStore } from './store/connection';
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
} from './store/index';
import './styles.css';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser. */
    loupe?: HostApi;
  }
}

const stores = {
  tree: treeStore,
  project: projectStore,
  sessions: sessionsStore,
  exports: exportStore,
  settings: settingsStore,
  ui: uiStore,
  focusTools: focusToolsStore,
  history: historyStore,
  preview: previewStore,
};

function onMenu(command: MenuCommand) {
  const ui = uiStore.getState();
  if (command === 'open-folder') void projectStore.getState().chooseAndOpen();
  else if (command === 'copy-context') void copyContext();
  else ui.open(command);
}

/** Connects the stores to a transport that is up. */
function connect(api: HostApi): HostSync {
  setHostApi(api);
  const sync = connectStores(api, stores, onMenu);
  setHostSync(sync);
  return sync;
}

const failed = (error: unknown) => projectStore.getState().setConnected(false, (error as Error).message);

/** A browser: the WebSocket link, which keeps trying when the server goes and reloads on return. */
function startBrowser() {
  const token = tokenFromLocation(location.hash);
  if (!token)
    throw new Error('This page needs the address `loupe serve` printed (it carries the session token).');
  const link = webSocketLink(location.origin, token);
  const connection = connectionStore.getState();
  connectionStore.setState({ retryNow: link.retryNow });
  let sync: HostSync | null = null;
  // A load cut short by a lost link is done again on reconnect; any other failure is shown.
  const load = (s: HostSync) =>
    startWindow(link.api, stores, s).catch((error) => {
      if (link.status().state === 'live') failed(error);
    });
  link.onStatus((status) => {
    connection.setStatus(status);
    if (status.state !== 'live' || sync) return;
    sync = connect(link.api);
    void load(sync);
  });
  // What changed while the link was down (tree, focus, sessions) is loaded again.
  link.onReconnect(() => {
    if (sync) void load(sync);
  });
  connection.setStatus(link.status());
}

async function start() {
  createRoot(document.getElementById('root')!).render(<App />);
  try {
    if (window.loupe) {
      connectionStore.getState().setStatus({ state: 'live' });
      const api = window.loupe;
      await startWindow(api, stores, connect(api));
    } else startBrowser();
  } catch (error) {
    failed(error);
  }
}

void start();
