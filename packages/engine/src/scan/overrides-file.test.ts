// The per-project overrides file: lives in the state folder the caller names (never in the
// repository), written atomically as a state file; a damaged file is set aside.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { loadOverrides, overridesFile, saveOverrides, setOverride } from './overrides-file';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const project = path.join(work, 'project');
mkdirSync(project);

describe('overrides file', () => {
  it('starts empty, saves, loads back normalized and sorted, outside the project', () => {
    const state = path.join(work, 'state1');
    expect(loadOverrides(state, project)).toEqual({ overrides: { show: [], hide: [] } });
    saveOverrides(state, project, { show: ['./dist/', 'a/b', 'dist'], hide: [path.join(project, 'docs')] });
    expect(loadOverrides(state, project)).toEqual({ overrides: { show: ['a/b', 'dist'], hide: ['docs'] } });
    const file = overridesFile(state, project);
    expect(file.startsWith(state + path.sep)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, root: project });
    expect(readdirSync(project)).toEqual([]);
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps projects apart', () => {
    const state = path.join(work, 'state2');
    const other = path.join(work, 'other');
    saveOverrides(state, project, { show: ['x'], hide: [] });
    saveOverrides(state, other, { show: [], hide: ['y'] });
    expect(loadOverrides(state, project).overrides).toEqual({ show: ['x'], hide: [] });
    expect(loadOverrides(state, other).overrides).toEqual({ show: [], hide: ['y'] });
  });

  it('setOverride toggles one path and keeps the others', () => {
    const state = path.join(work, 'state3');
    setOverride(state, project, 'dist', 'show');
    expect(setOverride(state, project, 'dist', 'hide')).toEqual({ show: [], hide: ['dist'] });
    expect(setOverride(state, project, 'dist', 'default')).toEqual({ show: [], hide: [] });
    for (let i = 0; i < 30; i++) setOverride(state, project, `p${i}`, i % 2 ? 'show' : 'hide');
    const all = loadOverrides(state, project).overrides;
    expect([all.show.length, all.hide.length]).toEqual([15, 15]);
  });

  it('sets a damaged file aside and says so; refuses bad paths with one sentence', () => {
    const state = path.join(work, 'state4');
    const file = overridesFile(state, project);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{not json');
    const damaged = loadOverrides(state, project);
    expect(damaged.overrides).toEqual({ show: [], hide: [] });
    expect(damaged.problem).toMatch(/could not be read .* set aside as .*overrides\.json\.damaged-/);
    expect(damaged.damage?.reason).toMatch(/JSON/);
    let error: unknown;
    try {
      setOverride(path.join(work, 'state5'), project, '../x', 'show');
    } catch (e) {
      error = e;
    }
    expect(isLoupeError(error) && error.code).toBe('outside-root');
    expect(() => saveOverrides(state, project, { show: ['a'], hide: ['a/'] })).toThrow(
      /both shown and hidden/,
    );
  });
});
