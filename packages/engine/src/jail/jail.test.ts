import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { type JailView, jailPath } from './jail';
import { deviceName, lexicalPath, relativeInside } from './lexical';
import { boundedDistance, nearestPaths } from './nearest';
import { hostileInputs } from './testing/hostile';
import { createJailView } from './view';

const SENTINEL = 'OUTSIDE-SECRET-7f3a9c';
let base: string;
let root: string;
let outside: string;
let ws: Workspace;
let view: JailView;

function git(cwd: string, ...args: string[]) {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    stdio: 'ignore',
  });
}

function write(rel: string, text: string) {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

beforeAll(async () => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'loupe-jail-')));
  root = path.join(base, 'project');
  outside = path.join(base, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'secret.txt'), SENTINEL);
  mkdirSync(root);
  git(root, 'init', '-q');
  write('.gitignore', 'dist/\n*.log\n.env\n');
  write('src/app.ts', 'export const app = 1;\n');
  write('src/util.ts', 'export const util = 2;\n');
  write('src/components/Button.tsx', 'export {};\n');
  write('README.md', '# project\n');
  write('docs/guide.md', 'guide\n');
  write('dist/bundle.js', 'bundle\n');
  write('debug.log', 'log\n');
  write('.env', `TOKEN=${SENTINEL}\n`);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-out.txt'));
  symlinkSync(outside, path.join(root, 'linkdir'));
  symlinkSync('src/app.ts', path.join(root, 'link-in.ts'));
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
  ws = await Workspace.open(root, { stateDir: null, cacheDir: null, countTokens: false });
  view = createJailView(ws);
});

afterAll(async () => {
  await ws?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('jailPath', () => {
  it('refuses every hostile input, with a reason, without reading anything', () => {
    const inputs = hostileInputs(root, outside);
    expect(inputs.length).toBeGreaterThanOrEqual(60);
    const realpathed: string[] = [];
    const deps = {
      sep: path.sep,
      stat: (p: string) => statSync(p),
      realpath: (p: string) => {
        realpathed.push(p);
        return realpathSync.native(p);
      },
    };
    const accepted = inputs
      .map((input) => ({ input, verdict: jailPath(input, view, deps) }))
      .filter(({ verdict }) => verdict.ok || !verdict.reason);
    expect(accepted).toEqual([]);
    // Only names the scanner listed ever reach the file system, and only for realpath.
    for (const p of realpathed) expect([root, path.join(root, 'link-out.txt')]).toContain(p);
  });

  it('gives the precise reason for each family', () => {
    const code = (input: unknown) => {
      const v = jailPath(input, view);
      return v.ok ? 'ok' : v.code;
    };
    expect(code('/etc/passwd')).toBe('absolute');
    expect(code('../outside/secret.txt')).toBe('escape');
    expect(code('src/app.ts\0')).toBe('nul');
    expect(code('C:\\x')).toBe('drive');
    expect(code('\\\\server\\share')).toBe('unc');
    expect(code('\\\\?\\C:\\x')).toBe('device');
    expect(code('nul.txt')).toBe('device');
    expect(code('~/.ssh/id_rsa')).toBe('home');
    expect(code('file:///etc/passwd')).toBe('url');
    expect(code('link-out.txt')).toBe('symlink-outside');
    expect(code('linkdir')).toBe('flagged');
    expect(code('.git/config')).toBe('git-internal');
    expect(code('dist/bundle.js')).toBe('hidden');
    expect(code('.env')).toBe('hidden');
    expect(code('does/not/exist.ts')).toBe('not-found');
    expect(code(42)).toBe('not-a-string');
  });

  it('says which ignore rule hides a path', () => {
    const v = jailPath('dist/bundle.js', view);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(/inside "dist\/".*ignored by \.gitignore line 1/);
  });

  it('accepts visible files and folders in every harmless spelling', () => {
    for (const input of [
      'src/app.ts',
      './src/app.ts',
      'src//app.ts',
      'src\\app.ts',
      'src/../src/app.ts',
      ' src/app.ts',
    ]) {
      const v = jailPath(input, view);
      expect(v).toMatchObject({
        ok: true,
        kind: 'file',
        path: 'src/app.ts',
        abs: path.join(root, 'src/app.ts'),
      });
    }
    expect(jailPath('link-in.ts', view)).toMatchObject({
      ok: true,
      kind: 'file',
      abs: path.join(root, 'src/app.ts'),
    });
    expect(jailPath('src', view)).toEqual({ ok: true, kind: 'folder', path: 'src' });
    expect(jailPath('src/', view)).toEqual({ ok: true, kind: 'folder', path: 'src' });
    expect(jailPath('', view)).toEqual({ ok: true, kind: 'folder', path: '' });
    expect(jailPath('.', view)).toEqual({ ok: true, kind: 'folder', path: '' });
  });

  it('offers the relative form of an absolute path inside the root', () => {
    const v = jailPath(`${root}/src/app.ts`, view);
    expect(v).toMatchObject({ ok: false, code: 'absolute', retry: 'src/app.ts' });
    const far = jailPath(`${outside}/secret.txt`, view);
    expect(far.ok || far.retry).toBeFalsy();
  });

  it('lists the nearest existing paths for unknown ones', () => {
    const near = (input: string) => {
      const v = jailPath(input, view);
      return v.ok ? [] : v.nearest;
    };
    expect(near('src/app.tsx')[0]).toBe('src/app.ts');
    expect(near('app.ts')[0]).toBe('src/app.ts');
    expect(near('lib/util.ts')[0]).toBe('src/util.ts');
    expect(near('readme.md')[0]).toBe('README.md');
    expect(near('components/Buton.tsx')[0]).toBe('src/components/Button.tsx');
  });

  it('refuses a file swapped for an outside symlink after the scan', () => {
    const abs = path.join(root, 'src/util.ts');
    unlinkSync(abs);
    symlinkSync(path.join(outside, 'secret.txt'), abs);
    try {
      expect(jailPath('src/util.ts', view)).toMatchObject({ ok: false, code: 'symlink-outside' });
    } finally {
      unlinkSync(abs);
      writeFileSync(abs, 'export const util = 2;\n');
    }
  });

  it('refuses a file swapped for a named pipe after the scan (a read would block)', () => {
    const abs = path.join(root, 'README.md');
    rmSync(abs);
    execFileSync('mkfifo', [abs]);
    try {
      expect(jailPath('README.md', view)).toMatchObject({ ok: false, code: 'flagged' });
    } finally {
      rmSync(abs);
      writeFileSync(abs, '# project\n');
    }
  });

  it('says a listed file that vanished no longer exists', () => {
    const abs = path.join(root, 'docs/guide.md');
    rmSync(abs);
    try {
      expect(jailPath('docs/guide.md', view)).toMatchObject({ ok: false, code: 'not-found' });
    } finally {
      writeFileSync(abs, 'guide\n');
    }
  });
});

describe('lexicalPath', () => {
  it('normalizes separators and dots', () => {
    expect(lexicalPath('a/./b//c/')).toEqual({ ok: true, path: 'a/b/c' });
    expect(lexicalPath('a\\b')).toEqual({ ok: true, path: 'a/b' });
    expect(lexicalPath('a/b/../c')).toEqual({ ok: true, path: 'a/c' });
    expect(lexicalPath('~notes.txt')).toEqual({ ok: true, path: '~notes.txt' });
  });

  it('knows the device names', () => {
    for (const d of ['CON', 'nul.tar.gz', 'COM1.', 'lpt9', 'Conin$']) expect(deviceName(d)).toBeDefined();
    for (const d of ['console', 'com10', 'nullable.ts', 'auxiliary']) expect(deviceName(d)).toBeUndefined();
  });

  it('maps absolute paths inside a root back to project paths', () => {
    expect(relativeInside('/r/p/src/a.ts', '/r/p')).toBe('src/a.ts');
    expect(relativeInside('/r/p', '/r/p')).toBe('');
    expect(relativeInside('/r/px/a.ts', '/r/p')).toBeUndefined();
    expect(relativeInside('C:\\R\\P\\a.ts', 'c:\\r\\p', '\\')).toBe('a.ts');
    expect(relativeInside('/r/p/../q/a.ts', '/r/p')).toBeUndefined();
  });
});

describe('nearestPaths', () => {
  it('bounds the edit distance', () => {
    expect(boundedDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedDistance('kitten', 'sitting', 2)).toBe(3);
    expect(boundedDistance('abc', 'abc', 0)).toBe(0);
  });

  it('prefers case twins, then tails, then names, then near names', () => {
    const files = ['a/readme.md', 'README.md', 'x/src/app.ts', 'y/app.ts', 'z/apps.ts', 'q/app.js'];
    expect(nearestPaths('readme.MD', files)).toEqual(['README.md', 'a/readme.md']);
    expect(nearestPaths('src/app.ts', files)).toEqual(['x/src/app.ts', 'y/app.ts', 'q/app.js', 'z/apps.ts']);
  });

  it('finds the nearest among 50k paths', () => {
    const files = Array.from({ length: 50_000 }, (_, i) => `pkg${i % 50}/src/dir${i % 13}/file${i}.ts`);
    expect(nearestPaths('pkg3/src/dir9/file4003.tsx', files)[0]).toBe('pkg3/src/dir12/file4003.ts');
  });
});
