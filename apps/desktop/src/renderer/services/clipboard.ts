// The clipboard, as a service so stores never reach for browser globals.
import type { ClipboardService } from '../store/export/action';

export const clipboard: ClipboardService = {
  writeText: (text) => navigator.clipboard.writeText(text),
};
