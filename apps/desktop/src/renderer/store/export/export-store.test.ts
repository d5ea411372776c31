import type { ExportResult } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { fakeHost } from '../../testing/fake-host';
import { createExportStore } from './index';

const result = (text: string, revision: number): ExportResult => ({
  text,
  tokens: 42,
  encoding: 'o200k_base',
  parts: { tree: 42, files: 0, frame: 0, leftOut: 10 },
  filesIncluded: 0,
  leftOut: [],
  leftOutCount: 0,
  masked: 0,
  revision,
  notes: [],
});

describe('export store', () => {
  it('previews with the current options and copies exactly the packed text', async () => {
    const copied: string[] = [];
    const host = fakeHost({
      exportPreview: () => result('preview', 4),
      exportPack: () => result('packed text', 5),
    });
    const store = createExportStore({
      host: () => host.api,
      clipboard: { writeText: async (t) => void copied.push(t) },
    });
    store.getState().setOptions({ budget: 1000, masking: false });
    await store.getState().refresh(4);
    expect(host.calls[0]).toEqual({
      method: 'exportPreview',
      arg: { format: 'markdown', budget: 1000, detail: 'full', masking: false, lineNumbers: false },
    });
    expect(store.getState().previewRevision).toBe(4);
    const r = await store.getState().copy();
    expect(copied).toEqual(['packed text']);
    expect(r.tokens).toBe(42);
    expect(store.getState().preview?.text).toBe('packed text');
  });

  it('keeps the error sentence when the host refuses', async () => {
    const host = fakeHost({
      exportPreview: () => {
        throw new Error('No project is open. Open a folder first.');
      },
    });
    const store = createExportStore({ host: () => host.api, clipboard: { writeText: async () => {} } });
    await store.getState().refresh(0);
    expect(store.getState().error).toBe('No project is open. Open a folder first.');
    expect(store.getState().busy).toBe(false);
  });
});
