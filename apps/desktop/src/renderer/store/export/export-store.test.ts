import { type ExportResult, HostCallError } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { deferred, fakeHost } from '../../testing/fake-host';
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
    const r = await store.getState().copy(5); // the focus moved on since the preview: packed again
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

describe('export store after a refusal', () => {
  it('drops the stale preview with the error, and the next valid answer (preview or Copy) clears it', async () => {
    let budget: number | null = null;
    const copied: string[] = [];
    const host = fakeHost({
      exportPreview: (o: { budget: number | null }) => {
        budget = o.budget;
        if (o.budget !== null && o.budget < 216) throw new Error('give a budget of at least 216.');
        return result(`preview ${o.budget}`, 3);
      },
      exportPack: (o: { budget: number | null }) => {
        if (o.budget !== null && o.budget < 216) throw new Error('give a budget of at least 216.');
        return result(`packed ${o.budget}`, 3);
      },
    });
    const store = createExportStore({
      host: () => host.api,
      clipboard: { writeText: async (t) => void copied.push(t) },
    });
    const s = () => store.getState();
    await s().refresh(3);
    expect(s().preview?.text).toBe('preview null');
    s().setOptions({ budget: 100 });
    const before = s().options;
    await s().refresh(3);
    expect(s()).toMatchObject({
      error: 'give a budget of at least 216.',
      preview: null,
      previewRevision: -1,
    });
    s().setOptions({ budget: 5000 });
    expect(s().options).not.toBe(before); // a new options object: the panel's trigger to preview again
    await s().refresh(3);
    expect(budget).toBe(5000);
    expect(s()).toMatchObject({ error: null, previewRevision: 3 });
    expect(s().preview?.text).toBe('preview 5000');

    s().setOptions({ budget: 100 });
    await expect(s().copy(3)).rejects.toThrow('at least 216');
    expect(s()).toMatchObject({ error: 'give a budget of at least 216.', preview: null });
    s().setOptions({ budget: null });
    await s().copy(3);
    expect(copied).toEqual(['packed null']);
    expect(s()).toMatchObject({ error: null });
    expect(s().preview?.text).toBe('packed null');
  });
});

describe('export store while options change', () => {
  it('drops an answer for the options before a change, so the panel previews the new ones', async () => {
    const answers: ReturnType<typeof deferred<ExportResult>>[] = [];
    const host = fakeHost({
      exportPreview: () => {
        const d = deferred<ExportResult>();
        answers.push(d);
        return d.promise;
      },
    });
    const store = createExportStore({ host: () => host.api, clipboard: { writeText: async () => {} } });
    store.getState().setOptions({ masking: false });
    const first = store.getState().refresh(7);
    // Masking turned back on (the project's setting) while the unmasked preview is on its way.
    store.getState().setOptions({ masking: true });
    answers[0]!.resolve(result('unmasked secret', 7));
    await first;
    // The answer was for masking off: it neither shows nor marks revision 7 as previewed, which
    // would stop the panel from asking again for masking on.
    expect(store.getState().preview).toBeNull();
    expect(store.getState().previewRevision).toBe(-1);
    const second = store.getState().refresh(7);
    answers[1]!.resolve(result('LOUPE_REDACTED[…]', 7));
    await second;
    expect(host.calls.map((c) => (c.arg as { masking: boolean }).masking)).toEqual([false, true]);
    expect(store.getState()).toMatchObject({ previewRevision: 7, busy: false });
    expect(store.getState().preview?.text).toBe('LOUPE_REDACTED[…]');
  });
});

describe('export store: Copy after a preview, and Cancel', () => {
  const setup = (pack: () => ExportResult | Promise<ExportResult>) => {
    const copied: string[] = [];
    const host = fakeHost({
      exportPreview: () => result('preview', 7),
      exportPack: pack,
      cancelExport: () => undefined,
    });
    const store = createExportStore({
      host: () => host.api,
      clipboard: { writeText: async (t) => void copied.push(t) },
    });
    const packs = () => host.calls.filter((c) => c.method.startsWith('export')).length;
    return { copied, host, s: () => store.getState(), packs };
  };

  it('copies the preview it already built when options, revision and files are unchanged', async () => {
    const { copied, s, packs } = setup(() => result('packed', 7));
    await s().refresh(7);
    expect(packs()).toBe(1);
    expect((await s().copy(7)).text).toBe('preview');
    expect(copied).toEqual(['preview']);
    expect(packs()).toBe(1); // no pack for the Copy
  });

  it('packs again when the options, the revision or the files changed since the preview', async () => {
    const { copied, s, packs } = setup(() => result('packed', 7));
    await s().refresh(7);
    s().filesChanged();
    expect(s().stale).toBe(true);
    await s().copy(7);
    expect(packs()).toBe(2);
    expect(s().stale).toBe(false);
    await s().copy(7); // the Copy's own answer is the preview now
    expect(packs()).toBe(2);
    s().setOptions({ lineNumbers: true });
    await s().copy(7);
    expect(packs()).toBe(3);
    await s().copy(8);
    expect(packs()).toBe(4);
    expect(copied).toEqual(['packed', 'packed', 'packed', 'packed']);
  });

  it('a cancelled Copy writes nothing, says Cancelled, and keeps no preview', async () => {
    let stop!: (e: unknown) => void;
    const pending = new Promise<ExportResult>((_, reject) => {
      stop = reject;
    });
    const { copied, host, s } = setup(() => pending);
    const copy = s().copy(7);
    expect(s().busy).toBe(true);
    s().setProgress({ files: 10, total: 100, bytes: 1234 });
    expect(s().progress).toEqual({ files: 10, total: 100, bytes: 1234 });
    await s().cancel();
    expect(host.calls.at(-1)?.method).toBe('cancelExport');
    stop(new HostCallError('cancelled', 'The export was cancelled.')); // as the host answers then
    await expect(copy).rejects.toThrow('cancelled');
    expect(copied).toEqual([]);
    expect(s()).toMatchObject({ cancelled: true, busy: false, preview: null, progress: null, error: null });
    expect(s().previewRevision).toBe(7); // the panel does not start it again by itself
  });
});
