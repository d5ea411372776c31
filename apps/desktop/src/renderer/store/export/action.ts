import {
  type ExportOptions,
  type ExportProgress,
  type ExportResult,
  type HostApi,
  HostCallError,
} from '@loupe/common';
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
  /**
   * Puts exactly the export's text on the clipboard: the preview's when it was made for these
   * options, this focus `revision` and files unchanged since; otherwise packs again.
   */
  copy(revision: number): Promise<ExportResult>;
  /** Stops the export in flight; it ends as "Cancelled" and nothing is copied. */
  cancel(): Promise<void>;
  /** The export in flight read more files. */
  setProgress(progress: ExportProgress): void;
  /** Files, the tree or the tokenizer changed: the preview may no longer be what a pack makes. */
  filesChanged(): void;
}

const cancelled = (error: unknown) => error instanceof HostCallError && error.code === 'cancelled';

export function createExportActions(set: Set, get: Get, deps: ExportDeps): ExportActions {
  let seq = 0;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** A Copy is packing: previews wait for it (its answer becomes the preview). */
  let copying = false;

  /** An export ended without a text: cancelled (nothing shown but that) or refused (the sentence). */
  const failed = (mine: number, error: unknown, revision: number) => {
    if (mine !== seq) return;
    if (cancelled(error))
      // Marked as previewed: the panel does not start it again until something changes.
      set({
        cancelled: true,
        preview: null,
        previewRevision: revision,
        error: null,
        busy: false,
        progress: null,
      });
    // The refusal replaces the preview: a preview of other options would read as this one's.
    else set({ error: (error as Error).message, preview: null, busy: false, progress: null });
  };

  return {
    setOptions(patch) {
      // A new options object: the panel previews again for it, whatever the last answer was. An
      // answer still on its way is for the old options: it must not show, nor mark the revision as
      // previewed (the panel would not ask again).
      seq++;
      set({ options: { ...get().options, ...patch }, previewRevision: -1, busy: false, progress: null });
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
      if (copying) return;
      const mine = ++seq;
      set({ busy: true, cancelled: false, progress: null });
      try {
        const preview = await deps.host().exportPreview(get().options);
        if (mine === seq)
          set({ preview, previewRevision: revision, error: null, stale: false, busy: false, progress: null });
      } catch (error) {
        failed(mine, error, revision);
      }
    },
    async copy(revision) {
      const s = get();
      if (
        s.preview &&
        !s.busy &&
        !s.stale &&
        s.previewRevision === revision &&
        s.preview.revision === revision
      ) {
        await deps.clipboard.writeText(s.preview.text);
        return s.preview;
      }
      const mine = ++seq;
      copying = true;
      set({ busy: true, cancelled: false, progress: null });
      try {
        const result = await deps.host().exportPack(get().options);
        await deps.clipboard.writeText(result.text);
        // Options changed meanwhile: copied (what was asked), not shown as their preview.
        if (mine === seq)
          set({
            preview: result,
            previewRevision: result.revision,
            error: null,
            stale: false,
            busy: false,
            progress: null,
          });
        return result;
      } catch (error) {
        failed(mine, error, revision);
        throw error;
      } finally {
        copying = false;
      }
    },
    async cancel() {
      await deps.host().cancelExport();
    },
    setProgress(progress) {
      if (get().busy) set({ progress });
    },
    filesChanged() {
      if (get().preview && !get().stale) set({ stale: true });
    },
  };
}
