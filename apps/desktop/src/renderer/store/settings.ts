// Settings and the connect information: small domains, one file each side (state + actions).
import type { ConnectInfo, HostApi, Settings } from '@loupe/host/api';
import { createStore } from 'zustand/vanilla';

export interface SettingsState {
  settings: Settings | null;
  connect: ConnectInfo | null;
}

export interface SettingsActions {
  setSettings(settings: Settings): void;
  update(patch: Partial<Settings>): Promise<void>;
  loadConnect(): Promise<void>;
}

export type SettingsStore = SettingsState & SettingsActions;

export function createSettingsStore(deps: { host: () => HostApi }) {
  return createStore<SettingsStore>()((set) => ({
    settings: null,
    connect: null,
    setSettings: (settings) => set({ settings }),
    update: async (patch) => set({ settings: await deps.host().updateSettings(patch) }),
    loadConnect: async () => set({ connect: await deps.host().connectInfo() }),
  }));
}
