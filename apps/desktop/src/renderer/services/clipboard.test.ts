import { describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fake-host';
import { createClipboard } from './clipboard';

function world(electron: boolean, withBrowser = true) {
  const host = fakeHost({ writeClipboard: () => undefined });
  const browser: string[] = [];
  const clip = createClipboard({
    electron: () => electron,
    host: () => host.api,
    browser: () => (withBrowser ? { writeText: async (t: string) => void browser.push(t) } : undefined),
  });
  return { host, browser, clip };
}

describe('clipboard service', () => {
  it('in Electron, writes through the host command (Electron clipboard in main), not the Clipboard API', async () => {
    const w = world(true);
    await w.clip.writeText('packed text');
    expect(w.host.calls).toEqual([{ method: 'writeClipboard', arg: { text: 'packed text' } }]);
    expect(w.browser).toEqual([]);
  });

  it('in a browser (loupe serve), writes through the Clipboard API and never asks the host', async () => {
    const w = world(false);
    await w.clip.writeText('packed text');
    expect(w.browser).toEqual(['packed text']);
    expect(w.host.calls).toEqual([]);
  });

  it('says so when a browser page has no Clipboard API', async () => {
    const w = world(false, false);
    await expect(w.clip.writeText('x')).rejects.toThrow(/no clipboard/);
    expect(w.host.calls).toEqual([]);
  });

  it('passes the host refusal on (a host without a clipboard)', async () => {
    const host = fakeHost({
      writeClipboard: () => {
        throw new Error('This Loupe has no system clipboard.');
      },
    });
    const clip = createClipboard({ electron: () => true, host: () => host.api, browser: () => undefined });
    await expect(clip.writeText('x')).rejects.toThrow('no system clipboard');
  });
});
