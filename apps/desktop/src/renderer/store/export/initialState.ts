import type { ExportOptions, ExportResult } from '@loupe/common';

export interface ExportState {
  options: ExportOptions;
  preview: ExportResult | null;
  /** The focus revision the preview was made for (stale when the focus moved on). */
  previewRevision: number;
  busy: boolean;
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
  error: null,
};
