// Private folders (created 0700 or checked, never changed), scratch that cannot be planted, and the
// state lock between real processes.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withLock } from './lock';
import { ensureFolder, folderProblem, scratchFolder } from './private-fs';
import { updateState, writeState } from './state-file';

const work = mkdtempSync(path.join(os.tmpdir(), 'loupe-private-fs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const numbers = (raw: unknown) =>
  Array.isArray(raw) && raw.every((n) => typeof n === 'number') ? (raw as number[]) : undefined;
const posix = process.platform !== 'win32';
const root = posix && process.getuid?.() === 0;
let n = 0;
const fresh = () => {
  const dir = path.join(work, `d${n++}`);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
};

describe.runIf(posix)('folders Loupe did not create are checked, never changed', () => {
  it('a shared sticky folder is refused with a sentence and keeps its mode', () => {
    const shared = path.join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    expect(() => ensureFolder(shared, 'private', 'its agent socket')).toThrow(
      /only in a folder of yours that others cannot change, and .*shared is open to other users \(mode 1777/,
    );
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  it('a folder Loupe creates is 0700 with its missing parents; an existing owned folder may be 0755', () => {
    const made = path.join(work, 'made', 'deep', 'er');
    expect(ensureFolder(made)).toBe(true);
    for (const d of [made, path.dirname(made), path.dirname(path.dirname(made))])
      expect(statSync(d).mode & 0o777).toBe(0o700);
    const chosen = path.join(work, 'chosen');
    mkdirSync(chosen, { mode: 0o755 });
    chmodSync(chosen, 0o755);
    expect(ensureFolder(chosen, 'owned')).toBe(false);
    expect(() => ensureFolder(chosen, 'private')).toThrow(/open to other users \(mode 755/);
    expect(statSync(chosen).mode & 0o777).toBe(0o755);
  });

  it('a link where a folder should be is refused', () => {
    const target = fresh();
    const link = path.join(work, 'linked-folder');
    symlinkSync(target, link);
    expect(folderProblem(link)).toMatch(/is a link/);
    expect(() => writeState(path.join(link, 'x.json'), [1])).toThrow(/is a link/);
    expect(readdirSync(target)).toEqual([]);
  });

  it.runIf(root)('a folder of another user is refused (uid 65534)', () => {
    const theirs = path.join(work, 'theirs');
    mkdirSync(theirs, { mode: 0o700 });
    chownSync(theirs, 65534, 65534);
    expect(folderProblem(theirs)).toMatch(/belongs to another user \(uid 65534\)/);
    expect(() => writeState(path.join(theirs, 'x.json'), [1])).toThrow(/belongs to another user/);
  });

  it('scratch: a planted name (a link, or a folder open to others) is passed over for a private mkdtemp', () => {
    const base = fresh();
    const uid = process.getuid?.() ?? 'user';
    const decoy = fresh();
    symlinkSync(decoy, path.join(base, `loupe-git-${uid}`));
    const first = scratchFolder('loupe-git', base);
    expect(first).not.toBe(path.join(base, `loupe-git-${uid}`));
    expect(folderProblem(first)).toBeUndefined();
    rmSync(path.join(base, `loupe-git-${uid}`));
    mkdirSync(path.join(base, `loupe-git-${uid}`), { mode: 0o777 });
    chmodSync(path.join(base, `loupe-git-${uid}`), 0o777);
    expect(scratchFolder('loupe-git', base)).not.toBe(path.join(base, `loupe-git-${uid}`));
    rmSync(path.join(base, `loupe-git-${uid}`), { recursive: true });
    expect(scratchFolder('loupe-git', base)).toBe(path.join(base, `loupe-git-${uid}`));
    expect(statSync(path.join(base, `loupe-git-${uid}`)).mode & 0o777).toBe(0o700);
  });
});

const lockHolder = fileURLToPath(new URL('./testing/hold-lock.ts', import.meta.url));

describe('the state lock', () => {
  it('breaks a lock whose holder died, and waits for a live holder', async () => {
    const dir = fresh();
    const file = path.join(dir, 'recent.json');
    // A lock left by a process that is gone.
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: dead, host: os.hostname(), nonce: 'x' }));
    expect(withLock(file, () => 'ran')).toBe('ran');
    expect(existsSync(`${file}.lock`)).toBe(false);

    // A live holder (a real process) adds 1 while holding the lock for a while; our update waits.
    writeState(file, []);
    const child = spawn(process.execPath, ['--import', 'tsx', lockHolder, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve())); // it holds the lock
    const next = updateState(file, numbers, (current) => [...(current ?? []), 2]);
    expect(next).toEqual([1, 2]);
    await new Promise((resolve) => child.once('exit', resolve));
  });
});
