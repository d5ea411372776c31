// The window's handles on the host, set once at start-up: the HostApi from the transport the window
// was given (the preload's object in Electron, a WebSocket in a browser), and the HostSync that
// feeds the stores from it. Stores reach the host only through the services they are created with.
import type { HostApi } from '@loupe/common';
import type { HostSync } from './host-sync';

let api: HostApi | undefined;
let sync: HostSync | undefined;

export function setHostApi(value: HostApi): void {
  api = value;
}

export function hostApi(): HostApi {
  if (!api) throw new Error('The window is not connected to Loupe yet.');
  return api;
}

export function setHostSync(value: HostSync): void {
  sync = value;
}

export function hostSync(): HostSync {
  if (!sync) throw new Error('The window has not started yet.');
  return sync;
}
