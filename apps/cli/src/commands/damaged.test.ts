// Damaged saved state at the command line: a garbage overrides.json must not list (or pack) the
// files the person hid, a garbage focus.json must not pack the whole project. Each command refuses
// with the sentence that says how to resolve it; saving overrides again resolves it.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { overridesFile, projectStateDir } from '@loupe/engine';
import { writeProject } from '@loupe/host/testing/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../testing/run';

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-cli-damaged-')));
const proj = path.join(work, 'proj');
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(() =>
  writeProject(proj, {
    'src/app.ts': 'export const app = 1;\n',
    'docs/readme.md': '# Docs\n',
    'secret/plan.txt': 'HIDDEN-PLAN\n',
  }),
);

const garbage = (file: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '\u0000\u0000garbage');
};

describe('damaged saved state at the command line', () => {
  it('a garbage overrides.json: ls and pack list nothing and say how to resolve it; --hide resolves it', async () => {
    const env = { LOUPE_STATE_DIR: mkdtempSync(path.join(work, 's')) };
    expect((await cli(['ls', proj, '--hide', 'secret'], work, env)).code).toBe(0);
    garbage(overridesFile(env.LOUPE_STATE_DIR, proj));
    for (const argv of [
      ['ls', proj],
      ['pack', proj],
      ['tree', proj],
    ]) {
      const r = await cli(argv, work, env);
      expect(r.stdout, argv[0]).not.toContain('plan.txt');
      expect(r.stdout, argv[0]).not.toContain('HIDDEN-PLAN');
      expect(r.code, argv[0]).not.toBe(0);
      expect(r.stderr, argv[0]).toMatch(
        /The saved show\/hide choices \(overrides\.json\) (could not be read \(.*\) and were|were damaged and) set aside as .*overrides\.json\.damaged-.*loupe ls DIR --hide PATH/,
      );
    }
    const resolved = await cli(['ls', proj, '--hide', 'secret'], work, env);
    expect(resolved.code).toBe(0);
    expect(resolved.stderr).toMatch(
      /had been damaged \(set aside as .*\); they now hold only what you save from here on/,
    );
    expect(resolved.stdout).not.toContain('plan.txt');
    expect((await cli(['ls', proj], work, env)).stdout).toContain('src/app.ts');
  });

  it('a garbage focus.json: pack refuses rather than pack the whole project', async () => {
    const env = { LOUPE_STATE_DIR: mkdtempSync(path.join(work, 's')) };
    const file = path.join(projectStateDir(env.LOUPE_STATE_DIR, proj), 'focus.json');
    garbage(file);
    const r = await cli(['pack', proj], work, env);
    expect(r.stdout).not.toContain('# Docs');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/The saved focus \(focus\.json\) could not be read .*tick in the Loupe window/);
    // Still refused by the next command: the damage stands until resolved.
    expect((await cli(['pack', proj], work, env)).code).not.toBe(0);
  });
});
