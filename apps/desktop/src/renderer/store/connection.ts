// The window's link to the host as the banner shows it: live, lost (retrying with backoff) or
// refused (a stale session token). Electron's IPC cannot drop, so there it stays live.
import { createStore } from 'zustand/vanilla';
import type { LinkStatus } from '../services/ws-client';

export interface ConnectionState {
  status: LinkStatus;
  /** The transport's "try now" (set by main.tsx for a WebSocket link). */
  retryNow: () => void;
  /** The window was live once: its last tree stays on screen while the link is down. */
  wasLive: boolean;
  setStatus(status: LinkStatus): void;
}

export function createConnectionStore() {
  return createStore<ConnectionState>()((set, get) => ({
    status: { state: 'connecting' },
    retryNow: () => {},
    wasLive: false,
    setStatus: (status) => set({ status, wasLive: get().wasLive || status.state === 'live' }),
  }));
}

export const connectionStore = createConnectionStore();
