// The preload: exposes the host API as `window.loupe`, and nothing else. Sandboxed (no Node), so
// it is bundled to one CommonJS file that only requires `electron`.
import { ipcClientApi } from '@loupe/host/transport/ipc-preload';
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('loupe', ipcClientApi(ipcRenderer));
