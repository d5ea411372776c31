// The clipboard, as a service so stores never reach for browser globals.
export interface ClipboardService {
  writeText(text: string): Promise<void>;
}

export const clipboard: ClipboardService = {
  writeText: (text) => navigator.clipboard.writeText(text),
};
