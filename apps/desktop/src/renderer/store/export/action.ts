import type { ExportOptions, ExportResult, HostApi } from '@loupe/common';
import type { ExportState } from './initialState';

/** What the export needs of the clipboard (the window passes navigator.clipboard). */
export interface ClipboardService {
  writeText(text: string): Promise<void>;
}

export interface ExportDeps {
  host: () => HostApi;
  clipboard: ClipboardService;
}

type Set = (partial: Partial<ExportState>) => void;
type Get = () => ExportState;

export interface ExportActions {
  setOptions(patch: Partial<ExportOptions>): void;
  refresh(revision: number): Promise<void>;
  /** Packs with the current options and puts exactly that text on the clipboard. */
  copy(): Promise<ExportResult>;
}

export function createExportActions(set: Set, get: Get, deps: ExportDeps): ExportActions {
  let seq = 0;
  return {
    setOptions(patch) {
      set({ options: { ...get().options, ...patch }, previewRevision: -1 });
    },
    async refresh(revision) {
      const mine = ++seq;
      set({ busy: true, error: null });
      try {
        const preview = await deps.host().exportPreview(get().options);
        if (mine === seq) set({ preview, previewRevision: revision });
      } catch (error) {
        if (mine === seq) set({ error: (error as Error).message });
      } finally {
        if (mine === seq) set({ busy: false });
      }
    },
    async copy() {
      const result = await deps.host().exportPack(get().options);
      await deps.clipboard.writeText(result.text);
      set({ preview: result, previewRevision: result.revision });
      return result;
    },
  };
}
