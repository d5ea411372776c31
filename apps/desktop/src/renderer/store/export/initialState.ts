import type { ExportOptions, ExportProgress, ExportResult } from '@loupe/common';

export interface ExportState {
  options: ExportOptions;
  preview: ExportResult | null;
  /** The focus revision the preview was made for (stale when the focus moved on). */
  previewRevision: number;
  busy: boolean;
  /** How far the export in flight got (files and bytes read), once the host said. */
  progress: ExportProgress | null;
  /** The last export was cancelled (it left no preview and copied nothing). */
  cancelled: boolean;
  /** Files changed since the preview was made: Copy packs again rather than copy it. */
  stale: boolean;
  error: string | null;
}

export const initialExportState: ExportState = {
  options: {
    format: 'markdown',
    budget: null,
    detail: 'full',
    masking: true,
    lineNumbers: false,
    instructions: '',
  },
  preview: null,
  previewRevision: -1,
  busy: false,
  progress: null,
  cancelled: false,
  stale: false,
  error: null,
};
