// The file preview: which file and detail level, and what the host answered (exactly what an
// agent's get_file receives). Answers to older requests are dropped.
import type { Detail, FilePreview, HostApi } from '@loupe/common';
import { createStore } from 'zustand/vanilla';

export interface PreviewState {
  path: string | null;
  detail: Detail;
  result: FilePreview | null;
  busy: boolean;
  error: string | null;
}

export interface PreviewActions {
  /** Shows `path` (at the current detail, or the one given). */
  show(path: string, detail?: Detail): Promise<void>;
  setDetail(detail: Detail): Promise<void>;
  /** Reads the shown file again (it changed on disk, masking changed). */
  refresh(): Promise<void>;
  clear(): void;
}

export type PreviewStore = PreviewState & PreviewActions;

export function createPreviewStore(deps: { host: () => HostApi }) {
  let seq = 0;
  return createStore<PreviewStore>()((set, get) => {
    const load = async () => {
      const { path, detail } = get();
      if (path === null) return;
      const mine = ++seq;
      set({ busy: true, error: null });
      try {
        const result = await deps.host().previewFile({ path, detail });
        if (mine === seq) set({ result, busy: false });
      } catch (error) {
        if (mine === seq) set({ result: null, error: (error as Error).message, busy: false });
      }
    };
    return {
      path: null,
      detail: 'full',
      result: null,
      busy: false,
      error: null,
      async show(path, detail) {
        if (path === get().path && (detail ?? get().detail) === get().detail && get().result) return;
        set({ path, ...(detail ? { detail } : {}) });
        await load();
      },
      async setDetail(detail) {
        set({ detail });
        await load();
      },
      refresh: load,
      clear: () => {
        seq++;
        set({ path: null, result: null, error: null, busy: false });
      },
    };
  });
}
