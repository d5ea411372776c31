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
import { createProjectStore } from '../src/renderer/store/project/index';
import { createSessionsStore } from '../src/renderer/store/sessions/index';
import { createSettingsStore } from '../src/renderer/store/settings';
import { createTreeStore } from '../src/renderer/store/tree/index';
import { createUiStore } from '../src/renderer/store/ui';
import { generatedFiles, rng, snapshotOf } from '../src/renderer/testing/snapshot';

const tmp = tempDir('loupe-window-');
afterAll(() => tmp.dispose());

const until = async (ok: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

describe('window stores on the real host', () => {
  it('opens, ticks, counts and copies through the same host the agents use', async () => {
    const project = writeProject(path.join(tmp.dir, 'sample'));
    const host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
    const api = localApi(host);
    const copied: string[] = [];
    const stores: Stores = {
      tree: createTreeStore({ host: () => api, saveDelay: 0 }),
      project: createProjectStore({ host: () => api }),
      sessions: createSessionsStore({ host: () => api }),
      exports: createExportStore({
        host: () => api,
        clipboard: { writeText: async (t) => void copied.push(t) },
      }),
      settings: createSettingsStore({ host: () => api }),
      ui: createUiStore(),
    };
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

      const r = await stores.exports.getState().copy();
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
});
