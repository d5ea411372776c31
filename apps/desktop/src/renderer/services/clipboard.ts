// The clipboard, as a service so stores never reach for browser globals. In the Electron window
// text goes to the host's `writeClipboard` (Electron's clipboard in the main process); in a browser
// (`loupe serve`) it goes through the Clipboard API, the only clipboard a web page has.
import type { HostApi } from '@loupe/common';
import type { ClipboardService } from '../store/export/action';
import { hostApi } from './host';

export interface ClipboardEnv {
  /** The window runs in Electron (the preload set `window.loupe`). */
  electron: () => boolean;
  host: () => HostApi;
  /** The browser's Clipboard API (absent on insecure origins). */
  browser: () => Pick<Clipboard, 'writeText'> | undefined;
}

export function createClipboard(env: ClipboardEnv): ClipboardService {
  return {
    writeText: async (text) => {
      if (env.electron()) return env.host().writeClipboard({ text });
      const api = env.browser();
      if (!api)
        throw new Error(
          'This browser offers no clipboard to this page; open the address `loupe serve` printed.',
        );
      return api.writeText(text);
    },
  };
}

export const clipboard: ClipboardService = createClipboard({
  electron: () => typeof window !== 'undefined' && window.loupe !== undefined,
  host: hostApi,
  browser: () => (typeof navigator === 'undefined' ? undefined : navigator.clipboard),
});
