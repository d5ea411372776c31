// The preload: exposes the host API as `window.loupe`, and the path of a dropped file or folder as
// `window.loupeFiles` (Electron's webUtils: a page cannot learn a dropped item's path otherwise),
// and nothing else. Sandboxed (no Node), so it is bundled to one CommonJS file that only requires
// `electron`.
import { ipcClientApi } from '@loupe/host/transport/ipc-preload';
import { contextBridge, ipcRenderer, webUtils } from 'electron';

contextBridge.exposeInMainWorld('loupe', ipcClientApi(ipcRenderer));
contextBridge.exposeInMainWorld('loupeFiles', { pathFor: (file: File) => webUtils.getPathForFile(file) });
