// The Electron main process, kept thin: one instance, one locked-down window, the native menu,
// the host served over IPC, and the window's state remembered. Everything else is the host's.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultStateDir } from '@loupe/engine/listing';
import type { LoupeHost } from '@loupe/host';
import { createGate, serveIpc } from '@loupe/host/transport/ipc-main';
import { AgentSocket } from '@loupe/mcp/transports/agent-socket';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu } from 'electron';
import { buildMenu } from './menu';
import { re2Problem } from './native/re2';
import {
  APP_ORIGIN,
  isAppUrl,
  lockDownSession,
  registerAppScheme,
  serveRenderer,
  watchAllContents,
} from './security';
import { loadWindowState, saveWindowState } from './window-state';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '..', 'renderer');
const preload = path.join(here, '..', 'preload', 'preload.cjs');

/** A folder named on the command line (`loupe-app DIR`), resolved against the caller's folder. */
function folderArg(argv: string[], cwd: string): string | undefined {
  for (const arg of argv.slice(app.isPackaged ? 1 : 2)) {
    if (arg.startsWith('-')) continue;
    const p = path.resolve(cwd, arg);
    try {
      if (statSync(p).isDirectory()) return p;
    } catch {
      // not a folder: ignore
    }
  }
  return undefined;
}

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const stateDir = defaultStateDir();
  let window: BrowserWindow | undefined;

  const chooseFolder = async (): Promise<string | null> => {
    const options = { properties: ['openDirectory' as const], title: 'Open a project folder' };
    const r = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  };

  // The host (the engine, the MCP server, zod) loads once the window is up: the window shows at
  // once, and its calls wait for the host (serveIpc). The bundle splits here (build.ts).
  let hostReady!: (host: Promise<LoupeHost>) => void;
  const host = new Promise<LoupeHost>((resolve) => {
    hostReady = resolve;
  });
  const loadHost = async () => {
    const { askTimeoutFromEnv, LoupeHost } = await import('@loupe/host');
    return new LoupeHost({
      stateDir,
      chooseFolder,
      // Copy goes through Electron's clipboard here: the renderer's Clipboard API needs a focused
      // document and a permission the sandboxed window does not ask for.
      clipboard: { writeText: (text) => clipboard.writeText(text) },
      watch: true,
      ...(askTimeoutFromEnv(process.env) ? { askTimeoutMs: askTimeoutFromEnv(process.env) } : {}),
      socketNote: 'The agent socket is starting.',
      // A packaged app ships the Gitleaks rules as an extra resource (electron-builder.yml).
      ...(app.isPackaged
        ? { workspace: { rulesPath: path.join(process.resourcesPath, 'rules', 'gitleaks.toml') } }
        : {}),
    });
  };
  const notice = (level: 'warning' | 'error', message: string) =>
    void host.then((h) => h.events.emit('didNotice', { level, message }));

  const agentSocket = new AgentSocket();

  const open = (folder: string) =>
    host.then((h) => h.openProject({ path: folder })).catch((error: Error) => notice('error', error.message));

  const refreshMenu = async () => {
    const h = await host;
    const recent = await h.recentProjects().catch(() => []);
    Menu.setApplicationMenu(
      buildMenu(recent, {
        openFolder: () => {
          void chooseFolder().then((folder) => {
            if (folder) void open(folder);
          });
        },
        openRecent: (root) => void open(root),
        command: (command) => h.menuCommand(command),
      }),
    );
  };

  const createWindow = () => {
    const saved = loadWindowState(stateDir);
    const win = new BrowserWindow({
      ...saved.state,
      minWidth: 640,
      minHeight: 400,
      title: 'Loupe',
      show: false,
      backgroundColor: '#16181d',
      webPreferences: {
        preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        spellcheck: false,
        navigateOnDragDrop: false,
      },
    });
    if (saved.state.maximized) win.maximize();
    win.once('ready-to-show', () => win.show());
    const remember = () => {
      if (win.isDestroyed()) return;
      saveWindowState(stateDir, { ...win.getNormalBounds(), maximized: win.isMaximized() });
    };
    win.on('close', remember);
    win.on('closed', () => {
      window = undefined;
    });
    void win.loadURL(`${APP_ORIGIN}/index.html`);
    window = win;
    if (saved.problem) notice('warning', saved.problem);
    return win;
  };

  app.on('second-instance', (_event, argv, cwd) => {
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
    const folder = folderArg(argv, cwd);
    if (folder) void open(folder);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('before-quit', () => {
    void host.then((h) => h.close()).then(() => agentSocket.close());
  });

  void app.whenReady().then(() => {
    if (!existsSync(path.join(rendererDir, 'index.html'))) {
      dialog.showErrorBox(
        'Loupe',
        'The window is not built; run `npm run build` in the Loupe repository and start again.',
      );
      app.quit();
      return;
    }
    watchAllContents();
    lockDownSession();
    serveRenderer(rendererDir);
    serveIpc(
      host,
      ipcMain,
      createGate({ sender: () => window?.webContents, isAppUrl }),
      () => window?.webContents,
    );
    const win = createWindow();
    hostReady(loadHost());
    void host.then((h) => h.events.on('didOpenProject', () => void refreshMenu()));
    void refreshMenu();
    // The agent socket starts with the app: agents launched with `loupe bridge` inside an open
    // project reach this window's focus. Another Loupe already serving it is reported, not fatal.
    void agentSocket.listen().then(
      () => host.then((h) => h.useAgentSocket(agentSocket)),
      (error: Error) => {
        void host.then((h) => h.useAgentSocket(undefined, error.message));
        win.webContents.once('did-finish-load', () =>
          notice('warning', `The agent socket did not start: ${error.message}`),
        );
      },
    );
    if (re2Problem)
      win.webContents.once('did-finish-load', () =>
        notice('error', `${re2Problem} File contents are withheld.`),
      );
    const folder = folderArg(process.argv, process.cwd());
    if (folder) void open(folder);
    app.on('activate', () => {
      if (!BrowserWindow.getAllWindows().length) createWindow();
    });
  });
}
