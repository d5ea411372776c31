// Start-up: find the transport this window was given (the preload's object in Electron, else a
// WebSocket with the session token from the URL), connect the stores, render.
import type { HostApi, MenuCommand } from '@loupe/common';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { copyContext } from './app/commands';
import { setHostApi, setHostSync } from './services/host';
import { connectStores, startWindow } from './services/host-sync';
import { connectWebSocket, tokenFromLocation } from './services/ws-client';
import { exportStore, projectStore, sessionsStore, settingsStore, treeStore, uiStore } from './store/index';
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
};

function onMenu(command: MenuCommand) {
  const ui = uiStore.getState();
  if (command === 'open-folder') void projectStore.getState().chooseAndOpen();
  else if (command === 'copy-context') void copyContext();
  else ui.open(command);
}

async function transport(): Promise<HostApi> {
  if (window.loupe) return window.loupe;
  const token = tokenFromLocation(location.hash);
  if (!token)
    throw new Error('This page needs the address `loupe serve` printed (it carries the session token).');
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const conn = await connectWebSocket(url, token);
  conn.onClose(() =>
    projectStore
      .getState()
      .setConnected(
        false,
        'The connection to Loupe closed. Restart `loupe serve` and open the address it prints.',
      ),
  );
  return conn.api;
}

async function start() {
  createRoot(document.getElementById('root')!).render(<App />);
  try {
    const api = await transport();
    setHostApi(api);
    const sync = connectStores(api, stores, onMenu);
    setHostSync(sync);
    await startWindow(api, stores, sync);
  } catch (error) {
    projectStore.getState().setConnected(false, (error as Error).message);
  }
}

void start();
