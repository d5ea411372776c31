// Settings, the connect information and this project's overrides: small domains, one file (state
// and actions); all I/O through the injected host.
import type { ConnectInfo, HostApi, OverrideState, Overrides, Settings } from '@loupe/common';
import { createStore } from 'zustand/vanilla';

export interface SettingsState {
  settings: Settings | null;
  connect: ConnectInfo | null;
  /** The open project's always-show / always-hide paths (null until loaded). */
  overrides: Overrides | null;
}

export interface SettingsActions {
  setSettings(settings: Settings): void;
  update(patch: Partial<Settings>): Promise<void>;
  loadConnect(): Promise<void>;
  loadOverrides(): Promise<void>;
  /** Always show / always hide a path, or back to the rules; the host scans again. */
  setOverride(path: string, state: OverrideState | 'default'): Promise<void>;
  /** Forgets every override (resolves damaged saved overrides); the host scans again. */
  clearOverrides(): Promise<void>;
}

export type SettingsStore = SettingsState & SettingsActions;

export function createSettingsStore(deps: { host: () => HostApi }) {
  return createStore<SettingsStore>()((set) => ({
    settings: null,
    connect: null,
    overrides: null,
    setSettings: (settings) => set({ settings }),
    update: async (patch) => {
      set({ settings: await deps.host().updateSettings(patch) });
      // The HTTP endpoint starts or stops with its setting: the connect information changed.
      if ('httpEndpoint' in patch) set({ connect: await deps.host().connectInfo() });
    },
    loadConnect: async () => set({ connect: await deps.host().connectInfo() }),
    loadOverrides: async () => set({ overrides: await deps.host().getOverrides() }),
    setOverride: async (path, state) => set({ overrides: await deps.host().setOverride({ path, state }) }),
    clearOverrides: async () => set({ overrides: await deps.host().clearOverrides() }),
  }));
}
