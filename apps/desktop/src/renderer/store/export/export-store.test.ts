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
      arg: {
        format: 'markdown',
        budget: 1000,
        detail: 'full',
        masking: false,
        lineNumbers: false,
        instructions: '',
      },
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

describe('export instructions', () => {
  it('go into the options at once and are saved for the project after a pause, once', async () => {
    const saved: unknown[] = [];
    const host = fakeHost({
      getInstructions: () => 'saved before',
      setInstructions: (arg: never) => void saved.push(arg),
    });
    const store = createExportStore({
      host: () => host.api,
      clipboard: { writeText: async () => {} },
      saveDelay: 5,
    });
    await store.getState().loadInstructions();
    expect(store.getState().options.instructions).toBe('saved before');
    store.getState().setInstructions('Find');
    store.getState().setInstructions('Find the bug');
    expect(store.getState().options.instructions).toBe('Find the bug');
    expect(store.getState().previewRevision).toBe(-1); // the preview is made again
    await new Promise((r) => setTimeout(r, 30));
    expect(saved).toEqual([{ text: 'Find the bug' }]);
  });
});
