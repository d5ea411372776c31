import { describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fake-host';
import { createSettingsStore } from './settings';

describe('settings store', () => {
  it('updates settings and overrides through the host', async () => {
    let overrides = { show: [] as string[], hide: [] as string[] };
    const host = fakeHost({
      updateSettings: (patch: { theme?: string }) => ({ theme: patch.theme }),
      getOverrides: () => overrides,
      setOverride: ({ path, state }: { path: string; state: string }) => {
        overrides = state === 'show' ? { show: [path], hide: [] } : { show: [], hide: [] };
        return overrides;
      },
    });
    const store = createSettingsStore({ host: () => host.api });
    await store.getState().update({ theme: 'dark' });
    expect(store.getState().settings).toEqual({ theme: 'dark' });
    await store.getState().loadOverrides();
    expect(store.getState().overrides).toEqual({ show: [], hide: [] });
    await store.getState().setOverride('dist', 'show');
    expect(store.getState().overrides).toEqual({ show: ['dist'], hide: [] });
    expect(host.calls.at(-1)).toEqual({ method: 'setOverride', arg: { path: 'dist', state: 'show' } });
  });

  it('turning the HTTP endpoint on or off reloads the connect information', async () => {
    let on = false;
    const host = fakeHost({
      updateSettings: (patch: { httpEndpoint?: boolean }) => {
        on = patch.httpEndpoint ?? on;
        return { httpEndpoint: on };
      },
      connectInfo: () => ({ http: on ? { url: 'http://127.0.0.1:5000/mcp', token: 't' } : null }),
    });
    const store = createSettingsStore({ host: () => host.api });
    await store.getState().update({ httpEndpoint: true });
    expect(store.getState().connect?.http?.url).toBe('http://127.0.0.1:5000/mcp');
    await store.getState().update({ httpEndpoint: false });
    expect(store.getState().connect?.http).toBeNull();
    await store.getState().update({ theme: 'dark' });
    expect(host.calls.map((c) => c.method)).toEqual([
      'updateSettings',
      'connectInfo',
      'updateSettings',
      'connectInfo',
      'updateSettings',
    ]);
  });
});
