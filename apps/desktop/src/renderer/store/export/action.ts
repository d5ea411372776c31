import type { ExportOptions, ExportResult, HostApi } from '@loupe/common';
import type { ExportState } from './initialState';

/** What the export needs of the clipboard (the window passes navigator.clipboard). */
export interface ClipboardService {
  writeText(text: string): Promise<void>;
}

export interface ExportDeps {
  host: () => HostApi;
  clipboard: ClipboardService;
  /** Delay before typed instructions are saved for the project (ms). */
  saveDelay?: number;
}

type Set = (partial: Partial<ExportState>) => void;
type Get = () => ExportState;

export interface ExportActions {
  setOptions(patch: Partial<ExportOptions>): void;
  /** The instructions heading the export: shown at once, saved for the project shortly after. */
  setInstructions(text: string): void;
  /** The open project's saved instructions (when a project opens). */
  loadInstructions(): Promise<void>;
  refresh(revision: number): Promise<void>;
  /** Packs with the current options and puts exactly that text on the clipboard. */
  copy(): Promise<ExportResult>;
}

export function createExportActions(set: Set, get: Get, deps: ExportDeps): ExportActions {
  let seq = 0;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    setOptions(patch) {
      // A new options object: the panel previews again for it, whatever the last answer was. An
      // answer still on its way is for the old options: it must not show, nor mark the revision as
      // previewed (the panel would not ask again).
      seq++;
      set({ options: { ...get().options, ...patch }, previewRevision: -1, busy: false });
    },
    setInstructions(text) {
      set({ options: { ...get().options, instructions: text }, previewRevision: -1 });
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        void deps
          .host()
          .setInstructions({ text })
          .catch((error: Error) => set({ error: error.message }));
      }, deps.saveDelay ?? 400);
    },
    async loadInstructions() {
      const text = await deps.host().getInstructions();
      set({ options: { ...get().options, instructions: text }, previewRevision: -1 });
    },
    async refresh(revision) {
      const mine = ++seq;
      set({ busy: true });
      try {
        const preview = await deps.host().exportPreview(get().options);
        if (mine === seq) set({ preview, previewRevision: revision, error: null });
      } catch (error) {
        // The refusal replaces the preview: a preview of other options would read as this one's.
        if (mine === seq) set({ error: (error as Error).message, preview: null });
      } finally {
        if (mine === seq) set({ busy: false });
      }
    },
    async copy() {
      const mine = ++seq;
      try {
        const result = await deps.host().exportPack(get().options);
        await deps.clipboard.writeText(result.text);
        if (mine === seq)
          set({ preview: result, previewRevision: result.revision, error: null, busy: false });
        return result;
      } catch (error) {
        if (mine === seq) set({ error: (error as Error).message, preview: null, busy: false });
        throw error;
      }
    },
  };
}
