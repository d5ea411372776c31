// The host: the one implementation of the host API (whose contract is @loupe/common's) over engine
// Workspaces, and the transports (Electron IPC main side, WebSocket for browser mode). The preload
// side of IPC is imported by its own declared path (`@loupe/host/transport/ipc-preload`): it must
// stay Node-free.

export { registrySessions } from './agent-sessions';
export { type ConnectInput, clientConfigs, connectInfo } from './connect';
export { HostError, toErrorData } from './errors';
export { type EventListener, HostEventBus } from './events';
export { type HostOptions, LoupeHost } from './host';
export {
  type BrowserServer,
  type BrowserServerOptions,
  contentSecurityPolicy,
  startBrowserServer,
} from './serve/browser-server';
export { RENDERER_TYPES, rendererCsp } from './serve/renderer-policy';
export type { SessionSource } from './sessions';
export { CALL_PREFIX, CHANNEL_PREFIX, EVENT_CHANNEL } from './transport/channels';
export { dispatcher, isCommandName, localApi } from './transport/dispatch';
export { createGate, type Gate, type IpcMainLike, type IpcTarget, serveIpc } from './transport/ipc-main';
export {
  checkMessage,
  refuseUpgrade,
  serveWebSocket,
  type WsCall,
  type WsMessage,
} from './transport/ws-server';
