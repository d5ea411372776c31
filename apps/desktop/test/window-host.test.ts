// The window's stores against the real host over a real project: the same wiring the app runs
// (connectStores over a HostApi), minus the transport (tested in packages/host).
import path from 'node:path';
import { Focus } from '@loupe/engine';
import { LoupeHost, localApi } from '@loupe/host';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { TreeModel } from '../src/renderer/model/tree-model';
import { connectStores, type Stores, startWindow } from '../src/renderer/services/host-sync';
import { createExportStore } from '../src/renderer/store/export/index';
import { createFocusToolsStore } from '../src/renderer/store/focus/index';
import { createHistoryStore } from '../src/renderer/store/history';
import { createPreviewStore } from '../src/renderer/store/preview/index';
import { createProjectStore } from '../src/renderer/store/project/index';
import { createRequestsStore } from '../src/renderer/store/requests';
import { createSessionsStore } from '../src/renderer/store/sessions/index';
import { createSettingsStore } from '../src/renderer/store/settings';
import { createTreeStore } from '../src/renderer/store/tree/index';
import { createUiStore } from '../src/renderer/store/ui';
import { generatedFiles, rng, snapshotOf } from '../src/renderer/testing/snapshot';

const tmp = tempDir('loupe-window-');
afterAll(() => tmp.dispose());

function storesFor(api: ReturnType<typeof localApi>, copied: string[] = []): Stores {
  return {
    tree: createTreeStore({ host: () => api, saveDelay: 0 }),
    project: createProjectStore({ host: () => api }),
    sessions: createSessionsStore({ host: () => api }),
    exports: createExportStore({
      host: () => api,
      clipboard: { writeText: async (t) => void copied.push(t) },
    }),
    settings: createSettingsStore({ host: () => api }),
    ui: createUiStore(),
    history: createHistoryStore({ host: () => api }),
    focusTools: createFocusToolsStore({ host: () => api, notify: () => {} }),
    preview: createPreviewStore({ host: () => api }),
    requests: createRequestsStore({ host: () => api, onError: () => {} }),
  };
}

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 800 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

describe('window stores on the real host', () => {
  it('opens, ticks, counts and copies through the same host the agents use', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
    const api = localApi(host);
    const copied: string[] = [];
    const stores = storesFor(api, copied);
    const sync = connectStores(api, stores, () => {});
    try {
      await startWindow(api, stores, sync);
      expect(stores.project.getState().connected).toBe(true);
      await stores.project.getState().open(project);
      await until(() => stores.tree.getState().model !== null, 'the tree');
      await host.workspace!.tokensReady;
      await until(() => stores.tree.getState().model!.uncounted[0] === 0, 'token counts');
      const t = stores.tree.getState();
      const m = t.model!;
      expect(m.tokens[0]).toBe((await api.focusSummary()).totalTokens);

      await t.toggleCheck(m.find('src'));
      await t.toggleCheck(m.find('src/math/mul.ts'));
      const focus = await api.getFocus();
      expect(focus).toMatchObject({ revision: 2, include: ['src'], exclude: ['src/math/mul.ts'] });
      expect(stores.project.getState().revision).toBe(2);
      expect(m.checkedCount[0]).toBe(focus.summary.files);
      expect(m.checkedTokens[0]).toBe(focus.summary.tokens);

      const r = await stores.exports.getState().copy(stores.project.getState().revision);
      expect(copied).toEqual([r.text]);
      expect(r.text).toContain('add.ts');
      expect(r.text).not.toContain('mul.ts');
    } finally {
      sync.dispose();
      await host.close();
    }
  });

  it('computes the same focus rules as the engine for random toggle sequences (differential)', () => {
    const s = snapshotOf({ files: generatedFiles(300, 21) });
    const model = new TreeModel(s);
    const engine = new Focus();
    const r = rng(4);
    let rules = { include: [] as string[], exclude: [] as string[] };
    for (let step = 0; step < 500; step++) {
      const i = Math.floor(r() * model.size);
      const on = r() < 0.55;
      rules = model.toggle(i, on, rules);
      engine.toggle(s.paths[i]!, on);
      expect(rules).toEqual({ include: engine.snapshot.include, exclude: engine.snapshot.exclude });
      const matcher = engine.matcher();
      if (step % 50 === 0)
        for (let k = 0; k < model.size; k++)
          if (!model.isDir[k])
            expect(model.ticked[k]).toBe(!matcher.everything && matcher.has(s.paths[k]!) ? 1 : 0);
    }
  });

  it('undoes and redoes ticks, a filter tick included, as new revisions the engine holds', async () => {
    const project = writeProject(path.join(tmp.dir, 'undo'));
    const host = new LoupeHost({
      stateDir: path.join(tmp.dir, 'undo-state'),
      cacheDir: null,
      tokenThreads: 1,
    });
    const api = localApi(host);
    const stores = storesFor(api);
    const sync = connectStores(api, stores, () => {});
    try {
      await startWindow(api, stores, sync);
      await stores.project.getState().open(project);
      await until(() => stores.tree.getState().model !== null, 'the tree');
      const t = () => stores.tree.getState();
      const h = () => stores.history.getState();
      await until(() => h().current !== null, 'the history');
      const node = (p: string) => t().model!.find(p);
      await t().toggleCheck(node('docs'));
      t().setFilter('add');
      await t().toggleCheck(node('src')); // the one match: src/math/add.ts
      t().setFilter('');
      const engine = () => host.workspace!.focus.snapshot;
      expect(engine()).toMatchObject({ revision: 2, include: ['docs', 'src/math/add.ts'] });
      await until(() => h().past.length === 2, 'two steps');

      expect(await h().undo()).toEqual({ to: 1, revision: 3 });
      expect(engine()).toMatchObject({ revision: 3, include: ['docs'], exclude: [] });
      await until(() => t().revision === 3, 'the tree at r3');
      expect(t().model!.checkState(node('src'))).toBe('unchecked');
      expect(await h().undo()).toEqual({ to: 0, revision: 4 });
      expect(engine().include).toEqual([]);
      expect(await h().redo()).toEqual({ to: 3, revision: 5 });
      expect(await h().redo()).toEqual({ to: 2, revision: 6 });
      expect(engine()).toMatchObject({ revision: 6, include: ['docs', 'src/math/add.ts'] });
      await until(() => t().revision === 6, 'the tree at r6');
      expect(t().model!.checkState(node('src/math/add.ts'))).toBe('checked');
      expect(await h().redo()).toBeNull();
    } finally {
      sync.dispose();
      await host.close();
    }
  });
});
