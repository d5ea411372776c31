// The per-project overrides file: lives in the state directory the caller names (never in the
// repository), written atomically, and concurrent changes from one process are all kept.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { loadOverrides, overridesFile, saveOverrides, setOverride } from './overrides-store';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const project = path.join(work, 'project');
mkdirSync(project);

describe('overrides store', () => {
  it('starts empty, saves, loads back normalized and sorted, outside the project', async () => {
    const state = path.join(work, 'state1');
    expect(await loadOverrides(state, project)).toEqual({ show: [], hide: [] });
    await saveOverrides(state, project, { show: ['./dist/', 'a/b'], hide: [path.join(project, 'docs')] });
    expect(await loadOverrides(state, project)).toEqual({ show: ['a/b', 'dist'], hide: ['docs'] });
    const file = overridesFile(state, project);
    expect(file.startsWith(state + path.sep)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, root: project });
    expect(readdirSync(project)).toEqual([]);
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]); // no temp file left
  });

  it('keeps projects apart and removes the file when nothing is left', async () => {
    const state = path.join(work, 'state2');
    const other = path.join(work, 'other');
    await saveOverrides(state, project, { show: ['x'], hide: [] });
    await saveOverrides(state, other, { show: [], hide: ['y'] });
    expect(await loadOverrides(state, project)).toEqual({ show: ['x'], hide: [] });
    expect(await loadOverrides(state, other)).toEqual({ show: [], hide: ['y'] });
    await saveOverrides(state, project, { show: [], hide: [] });
    expect(existsSync(overridesFile(state, project))).toBe(false);
  });

  it('setOverride toggles one path, and 30 concurrent calls all land', async () => {
    const state = path.join(work, 'state3');
    await setOverride(state, project, 'dist', 'show');
    expect(await setOverride(state, project, 'dist', 'hide')).toEqual({ show: [], hide: ['dist'] });
    expect(await setOverride(state, project, 'dist', 'default')).toEqual({ show: [], hide: [] });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => setOverride(state, project, `p${i}`, i % 2 ? 'show' : 'hide')),
    );
    const all = await loadOverrides(state, project);
    expect(all.show.length + all.hide.length).toBe(30);
  });

  it('answers a damaged file, a bad path and a path both shown and hidden with one sentence', async () => {
    const state = path.join(work, 'state4');
    const file = overridesFile(state, project);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{not json');
    const damaged = await loadOverrides(state, project).catch((e: unknown) => e);
    expect(isLoupeError(damaged) && damaged.message).toMatch(/damaged .* delete it/);
    const outside = await setOverride(path.join(work, 'state5'), project, '../x', 'show').catch(
      (e: unknown) => e,
    );
    expect(isLoupeError(outside) && outside.code).toBe('outside-root');
    const both = await saveOverrides(state, project, { show: ['a'], hide: ['a/'] }).catch((e: unknown) => e);
    expect(isLoupeError(both) && both.code).toBe('invalid-argument');
  });
});
