import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { Workspace, type WorkspaceOptions } from '../workspace/workspace';
import { loadProjectSettings, projectSettingsFile, saveProjectSettings } from './project-settings';

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-project-settings-')));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const proj = path.join(work, 'proj');
mkdirSync(proj);
// Built at run time, so that the repository's own sources hold no secret.
const secret = ['ghp', 'R8cN2kQ7vY1mZ4pL6tW9xB3sD5fH0jK2aE7u'].join('_');
writeFileSync(path.join(proj, 'config.py'), `TOKEN = "${secret}"\n`);

async function read(options: WorkspaceOptions) {
  const ws = await Workspace.open(proj, { cacheDir: null, countTokens: false, ...options });
  try {
    const entry = ws.index.get('config.py')!;
    const r = await ws.content.read(entry, { path: 'config.py' }, new MaskSession());
    return { masking: ws.content.masking, text: r.kind === 'content' ? r.text : '', warnings: ws.warnings };
  } finally {
    await ws.close();
  }
}

describe('project settings', () => {
  it('masking is on by default, and off only where the project says so, for every reader', async () => {
    const state = path.join(work, 'state-a');
    expect(loadProjectSettings(state, proj).settings).toEqual({ masking: true });
    expect(await read({ stateDir: state })).toMatchObject({ masking: true });
    expect((await read({ stateDir: state })).text).not.toContain(secret);

    saveProjectSettings(state, proj, { masking: false });
    expect(loadProjectSettings(state, proj).settings).toEqual({ masking: false });
    // The window (stateDir) and a headless server whose focus is not saved (savedFrom) alike.
    for (const options of [{ stateDir: state }, { stateDir: null, savedFrom: state }]) {
      const r = await read(options);
      expect(r.masking).toBe(false);
      expect(r.text).toContain(secret);
    }
    // An explicit option wins; no state folder means the default.
    expect(await read({ stateDir: state, masking: true })).toMatchObject({ masking: true });
    expect(await read({ stateDir: null })).toMatchObject({ masking: true });
    expect((await read({ stateDir: null, savedFrom: null })).masking).toBe(true);
  });

  it('a damaged settings file is set aside with a warning, and masking stays on', async () => {
    const state = path.join(work, 'state-b');
    const file = projectSettingsFile(state, proj);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"masking": "no"');
    const r = await read({ stateDir: state });
    expect(r.masking).toBe(true);
    expect(r.text).not.toContain(secret);
    expect(r.warnings.join('\n')).toMatch(/settings\.json could not be read .* moved to .*damaged-/);
  });
});
