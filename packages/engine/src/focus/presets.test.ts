import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { deletePreset, getPreset, loadPresets, presetsFile, renamePreset, savePreset } from './presets';
import { focusFile, loadFocus, updateSavedFocus } from './saved';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-presets-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const stateDir = path.join(work, `state${++n}`);
  return { stateDir, root: path.join(work, `root${n}`) };
};

describe('focus presets', () => {
  it('saves, lists by name, replaces, renames and deletes; the file is private and names its project', () => {
    const { stateDir, root } = fresh();
    expect(loadPresets(stateDir, root).presets).toEqual([]);
    savePreset(stateDir, root, '  review ', { include: ['src/', './docs'], exclude: [] }, 1);
    const saved = savePreset(stateDir, root, 'api', { include: ['src'], exclude: ['src/test', 'lib/x'] }, 2);
    expect(saved.replaced).toBe(false);
    // names sorted; rules normalized (clean paths, exclusions only below an inclusion)
    expect(saved.presets).toEqual([
      { name: 'api', include: ['src'], exclude: ['src/test'], savedAt: 2 },
      { name: 'review', include: ['docs', 'src'], exclude: [], savedAt: 1 },
    ]);
    expect(savePreset(stateDir, root, 'review', { include: ['README.md'], exclude: [] }, 3).replaced).toBe(
      true,
    );
    expect(getPreset(stateDir, root, 'review').include).toEqual(['README.md']);
    const file = presetsFile(stateDir, root);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).root).toBe(root);

    expect(renamePreset(stateDir, root, 'api', 'backend').map((p) => p.name)).toEqual(['backend', 'review']);
    expect(() => renamePreset(stateDir, root, 'backend', 'review')).toThrow(/"review" exists already/);
    expect(deletePreset(stateDir, root, 'review').map((p) => p.name)).toEqual(['backend']);
    expect(() => getPreset(stateDir, root, 'review')).toThrow(
      'There is no focus preset "review" for this project; saved: "backend".',
    );
  });

  it('refuses names a menu or a command line cannot carry, with a sentence', () => {
    const { stateDir, root } = fresh();
    const rules = { include: [], exclude: [] };
    expect(() => savePreset(stateDir, root, '   ', rules)).toThrow('A preset needs a name');
    expect(() => savePreset(stateDir, root, 'a\nb', rules)).toThrow('without control characters');
    expect(() => savePreset(stateDir, root, 'x'.repeat(81), rules)).toThrow('at most 80 characters');
    expect(() => deletePreset(stateDir, root, 'nope')).toThrow('(none is saved yet)');
  });

  it('sets a damaged presets file aside and says so, keeping nothing from it', () => {
    const { stateDir, root } = fresh();
    const file = presetsFile(stateDir, root);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version":1,"presets":[{"name":3}]}');
    const loaded = loadPresets(stateDir, root);
    expect(loaded.presets).toEqual([]);
    expect(loaded.problem).toMatch(/presets\.json could not be read/);
  });
});

describe('the saved focus, changed from outside a Workspace', () => {
  it('saves at the next revision only when the rules change', () => {
    const { stateDir, root } = fresh();
    const file = focusFile(stateDir, root);
    const a = updateSavedFocus(file, () => ({ include: ['src'], exclude: [] }));
    expect(a).toMatchObject({ changed: true, focus: { revision: 1, include: ['src'], exclude: [] } });
    const b = updateSavedFocus(file, (r) => ({ ...r, include: [...r.include, 'src/'] }));
    expect(b).toMatchObject({ changed: false, focus: { revision: 1 } });
    expect(loadFocus(file).focus?.revision).toBe(1);
  });

  it('an open Workspace follows it on reload: new rules, a revision that only grows, listeners told', async () => {
    const { stateDir } = fresh();
    const dir = path.join(work, 'project');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    mkdirSync(path.join(dir, 'docs'), { recursive: true });
    writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(dir, 'docs/x.md'), '# x\n');
    const ws = await Workspace.open(dir, { stateDir, cacheDir: null, countTokens: false });
    try {
      ws.toggleFocus('src', true);
      ws.toggleFocus('docs', true);
      expect(ws.focus.snapshot.revision).toBe(2);
      const seen: number[] = [];
      ws.onDidChangeFocus((d) => seen.push(d.to));
      const file = focusFile(stateDir, ws.root);
      // another process sets the focus: revision 3 on disk
      updateSavedFocus(file, () => ({ include: ['docs'], exclude: [] }));
      expect(ws.reloadFocus()).toMatchObject({ from: 2, to: 3, removed: ['src'] });
      expect(ws.focus.snapshot).toEqual({ revision: 3, include: ['docs'], exclude: [] });
      expect(ws.reloadFocus()).toBeUndefined(); // nothing new
      // a tick here applies on top of what another process saved since
      updateSavedFocus(file, () => ({ include: [], exclude: [] }));
      ws.toggleFocus('src/a.ts', true);
      expect(ws.focus.snapshot).toMatchObject({ revision: 5, include: ['src/a.ts'] });
      expect(seen).toEqual([3, 4, 5]);
      expect(loadFocus(file).focus).toEqual({ revision: 5, include: ['src/a.ts'], exclude: [] });
      // a writer with a stale revision cannot move the revision backwards
      writeFileSync(file, JSON.stringify({ version: 1, revision: 1, include: ['docs'], exclude: [] }));
      ws.reloadFocus();
      expect(ws.focus.snapshot).toEqual({ revision: 6, include: ['docs'], exclude: [] });
    } finally {
      await ws.close();
    }
  });
});
