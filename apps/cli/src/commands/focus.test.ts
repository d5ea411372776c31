import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-focus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(): string {
  const dir = mkdtempSync(path.join(work, 'p'));
  for (const rel of ['src/a.ts', 'src/test/t.ts', 'docs/guide.md', 'README.md', 'weird\nname.txt']) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), 'x\n');
  }
  return dir;
}

describe('loupe focus', () => {
  const dir = project();
  const env = { LOUPE_STATE_DIR: path.join(work, 'state') };
  const run = (...args: string[]) => cli(['focus', dir, ...args], dir, env);
  const json = async (...args: string[]) => {
    const r = await run(...args, '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  };

  it('prints the saved focus: nothing ticked at first', async () => {
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Nothing ticked in .*: the whole visible project \(revision 0\)\.\n$/);
    expect(await json()).toMatchObject({ revision: 0, everything: true, include: [], exclude: [] });
  });

  it('--set, --add, --remove, --clear: each a new revision, in that order, the rules minimal', async () => {
    expect(await json('--set', 'src', 'README.md')).toMatchObject({
      revision: 1,
      include: ['README.md', 'src'],
      exclude: [],
      changed: true,
    });
    expect(await json('--add', 'docs/guide.md', '--remove', 'src/test')).toMatchObject({
      revision: 2,
      include: ['README.md', 'docs/guide.md', 'src'],
      exclude: ['src/test'],
    });
    // the same change again changes nothing: no new revision
    expect(await json('--add', 'docs/guide.md')).toMatchObject({ revision: 2, changed: false });
    const text = await run();
    expect(text.stdout).toContain(
      'at revision 2:\n  ticked    README.md\n  ticked    docs/guide.md\n  ticked    src\n  unticked  src/test\n',
    );
    expect(await json('--clear')).toMatchObject({ revision: 3, everything: true, include: [] });
  });

  it('takes paths from the working folder into the project, and absolute ones', async () => {
    const r = await cli(['focus', dir, '--set', 'test', path.join(dir, 'docs')], path.join(dir, 'src'), env);
    expect(r.code).toBe(0);
    expect((await json()).include).toEqual(['docs', 'src/test']);
  });

  it('quotes names in text and keeps them exact in JSON', async () => {
    await run('--set', 'weird\nname.txt');
    expect((await run()).stdout).toContain('  ticked    "weird\\nname.txt"\n');
    expect((await json()).include).toEqual(['weird\nname.txt']);
  });

  it('refuses a path outside the project or not on disk, and changes nothing', async () => {
    const before = await json();
    const outside = await run('--add', '../elsewhere');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/^loupe focus: \.\.\/elsewhere is outside the project .*\.\n$/);
    const missing = await run('--set', 'src', 'nope.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^loupe focus: nope\.ts is not a file or folder in .*; give a path relative to the project\.\n$/,
    );
    expect(await json()).toEqual(before);
    // unticking a path that is gone is allowed (a ticked file deleted on disk)
    expect((await run('--remove', 'gone.ts')).code).toBe(0);
  });

  it('presets: --save, --presets, --load (then edits apply to it), --rename, --delete', async () => {
    await run('--set', 'src', '--remove', 'src/test', '--save', 'backend');
    await run('--set', 'docs', '--save', 'docs');
    const listed = await run('--presets');
    expect(listed.stdout).toContain('  backend: src minus src/test\n  docs: docs\n');
    expect((await json('--presets')).presets.map((p: { name: string }) => p.name)).toEqual([
      'backend',
      'docs',
    ]);

    const loaded = await json('--load', 'backend', '--add', 'README.md');
    expect(loaded).toMatchObject({ loaded: 'backend', include: ['README.md', 'src'], exclude: ['src/test'] });
    expect((await run('--load', 'docs')).stdout).toContain('Loaded the focus preset docs.');

    expect((await run('--rename', 'docs', 'guides')).stdout).toContain(
      'Renamed the focus preset docs to guides.',
    );
    const gone = await run('--load', 'docs');
    expect(gone.code).toBe(2);
    expect(gone.stderr).toBe(
      'loupe focus: There is no focus preset "docs" for this project; saved: "backend", "guides".\n',
    );
    expect((await run('--delete', 'guides')).stdout).toContain('Deleted the focus preset guides.');
    const bad = await run('--rename', 'backend');
    expect(bad.stderr).toBe(
      'loupe focus: --rename takes two names, the old one and the new one: --rename draft review.\n',
    );
    expect((await run('--delete', 'backend', '--add', 'src')).code).toBe(2);
  });
});
