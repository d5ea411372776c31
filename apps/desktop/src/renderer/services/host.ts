// The window's one handle on the host. It is set once at start-up from the transport the window
// was given (the preload's object in Electron, a WebSocket in a browser); stores reach the host
// only through the services they are created with.
import type { HostApi } from '@loupe/host/api';

let current: HostApi | undefined;

export function setHostApi(api: HostApi): void {
  current = api;
}

export function hostApi(): HostApi {
  if (!current) throw new Error('The window is not connected to Loupe yet.');
  return current;
}
