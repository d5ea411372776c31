// Show/hide overrides beat every rule, the deepest one wins; tracked files inside proven build
// output are hidden with that folder's reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { scanProject } from './index';
import { normalizeOverridePath, type Overrides } from './overrides';
import { build, DIR } from './smart/testing/fixture';
import { git } from './testing/git-oracle';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-overrides-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
const SPEC = {
  'App.csproj': '',
  'Program.cs': '',
  'bin/Debug/App.dll': 'MZ',
  'bin/Debug/App.runtimeconfig.json': '{}',
  '.gitignore': 'logs/\n',
  'logs/a.log': '',
  'logs/keep/b.log': '',
  'docs/guide.md': '',
  'docs/api/index.md': '',
  '.DS_Store': '',
};
const fixture = () => build(path.join(work, `o${++counter}`), SPEC);

async function scan(dir: string, overrides: Partial<Overrides>, smartIgnore = true) {
  const r = await scanProject(dir, {
    stat: false,
    smartIgnore,
    overrides: { show: overrides.show ?? [], hide: overrides.hide ?? [] },
  });
  return {
    files: r.files.map((f) => f.path),
    hidden: r.hidden.map((h) => [h.path, h.reason.kind]),
    notes: r.notes,
  };
}

describe('overrides', () => {
  it('without overrides: build output, gitignored and junk are hidden', async () => {
    const r = await scan(fixture(), {});
    expect(r.files).toEqual(['.gitignore', 'App.csproj', 'Program.cs', 'docs/api/index.md', 'docs/guide.md']);
    expect(r.hidden).toEqual([
      ['.DS_Store', 'os-junk'],
      ['bin', 'build-output'],
      ['logs', 'gitignored'],
    ]);
  });

  it('hide: a folder and a file, with everything beneath', async () => {
    const r = await scan(fixture(), { hide: ['docs', 'Program.cs'] });
    expect(r.files).toEqual(['.gitignore', 'App.csproj']);
    expect(r.hidden).toContainEqual(['docs', 'user-hidden']);
    expect(r.hidden).toContainEqual(['Program.cs', 'user-hidden']);
  });

  it('show: a proven build folder, gitignored folder and junk become visible', async () => {
    const r = await scan(fixture(), { show: ['bin', 'logs', '.DS_Store'] });
    expect(r.files).toEqual([
      '.DS_Store',
      '.gitignore',
      'App.csproj',
      'Program.cs',
      'bin/Debug/App.dll',
      'bin/Debug/App.runtimeconfig.json',
      'docs/api/index.md',
      'docs/guide.md',
      'logs/a.log',
      'logs/keep/b.log',
    ]);
    expect(r.hidden).toEqual([]);
  });

  it('show one file inside hidden folders: only that file appears, the folders keep their reasons', async () => {
    const r = await scan(fixture(), { show: ['bin/Debug/App.runtimeconfig.json', 'logs/keep/b.log'] });
    expect(r.files.filter((f) => f.startsWith('bin/') || f.startsWith('logs/'))).toEqual([
      'bin/Debug/App.runtimeconfig.json',
      'logs/keep/b.log',
    ]);
    expect(r.hidden).toEqual([
      ['.DS_Store', 'os-junk'],
      ['bin', 'build-output'],
      ['logs', 'gitignored'],
    ]);
  });

  it('the deepest override wins: hide a folder, show a path inside it', async () => {
    const r = await scan(fixture(), { hide: ['docs'], show: ['docs/api'] });
    expect(r.files.filter((f) => f.startsWith('docs/'))).toEqual(['docs/api/index.md']);
    const r2 = await scan(fixture(), { show: ['bin'], hide: ['bin/Debug/App.dll'] });
    expect(r2.files.filter((f) => f.startsWith('bin/'))).toEqual(['bin/Debug/App.runtimeconfig.json']);
  });

  it('apply with smart ignore off too', async () => {
    const r = await scan(fixture(), { hide: ['docs'] }, false);
    expect(r.files).toContain('bin/Debug/App.dll');
    expect(r.files.some((f) => f.startsWith('docs/'))).toBe(false);
  });

  it('accept ./, trailing slashes and absolute paths inside the root; say when one did not apply', async () => {
    const dir = fixture();
    const r = await scan(dir, { hide: ['./docs/', path.join(dir, 'Program.cs')], show: ['nope/x'] });
    expect(r.files).toEqual(['.gitignore', 'App.csproj']);
    expect(r.notes).toContainEqual(expect.stringMatching(/^show override nope\/x did not apply/));
  });

  it('refuse paths outside the root, the root itself, and a path both shown and hidden', async () => {
    const dir = fixture();
    for (const [o, code] of [
      [{ show: ['../x'] }, 'outside-root'],
      [{ hide: ['/etc/passwd'] }, 'outside-root'],
      [{ hide: ['.'] }, 'invalid-argument'],
      [{ show: ['docs'], hide: ['docs/'] }, 'invalid-argument'],
    ] as Array<[Partial<Overrides>, string]>) {
      const error = await scan(dir, o).catch((e: unknown) => e);
      expect(isLoupeError(error) && error.code).toBe(code);
    }
    expect(normalizeOverridePath('a//b/./c/')).toBe('a/b/c');
  });
});

describe('tracked files inside proven build output', () => {
  it('are hidden with the folder, which carries the build-output reason', async () => {
    const dir = build(path.join(work, 'tracked'), {
      'App.csproj': '',
      'bin/Release/App.dll': 'MZ',
      'bin/Release/notes.txt': 'tracked',
      'obj/project.assets.json': '{}',
      '.gitignore': 'obj/\n',
    });
    git(dir, ['init', '-q']);
    git(dir, ['add', '-A']);
    git(dir, ['add', '-f', 'obj/project.assets.json']);
    git(dir, ['commit', '-qm', 'x']);
    const r = await scanProject(dir, { stat: false });
    expect(r.files.map((f) => f.path)).toEqual(['.gitignore', 'App.csproj']);
    // obj is gitignored and proven: one entry, and the proof is its reason (it hides tracked files).
    expect(r.hidden.map((h) => [h.path, h.reason.kind === 'build-output' && h.reason.rule])).toEqual([
      ['bin', 'dotnet.bin'],
      ['obj', 'dotnet.obj'],
    ]);
    // Without smart ignore, git's answer: tracked files stay visible.
    const plain = await scanProject(dir, { stat: false, smartIgnore: false });
    expect(plain.files.map((f) => f.path)).toEqual([
      '.gitignore',
      'App.csproj',
      'bin/Release/App.dll',
      'bin/Release/notes.txt',
      'obj/project.assets.json',
    ]);
  });

  it('owner markers above a scanned subfolder still count (inside the repository only)', async () => {
    const dir = build(path.join(work, 'sub'), {
      'web/package.json': '{}',
      'web/src/app.ts': '',
      'web/src/dist/app.js': '',
      'web/src/dist/app.js.map': '',
      'web/src/empty': DIR,
    });
    git(dir, ['init', '-q']);
    const r = await scanProject(path.join(dir, 'web/src'), { stat: false });
    expect(r.files.map((f) => f.path)).toEqual(['app.ts']);
    expect(r.hidden[0]?.reason).toMatchObject({ rule: 'js.dist', owner: '../package.json' });
  });
});
