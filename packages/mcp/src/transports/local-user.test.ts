// The app's side against another local user: the socket folder Loupe did not create is checked,
// never chmodded; the HTTP token file is never followed through a link nor left readable.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentSocket } from './agent-socket';
import { loadOrCreateToken, tokenFile } from './http';
import { checkSocket } from './socket-path';

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-app-side-')));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const posix = process.platform !== 'win32';
let n = 0;
const folder = (mode: number) => {
  const dir = path.join(work, `f${n++}`);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
};

describe.runIf(posix)('the socket folder', () => {
  it('LOUPE_SOCKET in a shared folder (like /tmp/x.sock): refused with a sentence, the folder keeps its mode', async () => {
    const shared = folder(0o1777);
    const server = new AgentSocket({ socketPath: path.join(shared, 'x.sock') });
    await expect(server.listen()).rejects.toThrow(
      /agent socket only in a folder of yours that others cannot change, and .* is open to other users \(mode 1777.*set LOUPE_SOCKET to a path inside a folder only you can open/,
    );
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  it('a folder Loupe creates for its socket is 0700, and the bridge accepts it', async () => {
    const sock = path.join(folder(0o700), 'run', 'loupe.sock');
    const server = new AgentSocket({ socketPath: sock });
    await server.listen();
    try {
      expect(statSync(path.dirname(sock)).mode & 0o777).toBe(0o700);
      expect(checkSocket(sock)).toEqual({ usable: true });
    } finally {
      await server.close();
    }
  });

  it('the bridge refuses a socket folder that is a link, or that lies in a folder others can change', () => {
    const real = path.join(folder(0o700), 'real');
    mkdirSync(real, { mode: 0o700 });
    writeFileSync(path.join(real, 'loupe.sock'), '');
    const link = path.join(work, `link${n++}`);
    symlinkSync(real, link);
    expect(checkSocket(path.join(link, 'loupe.sock'))).toMatchObject({ usable: false, problem: /is a link/ });
    const open = folder(0o777);
    const inside = path.join(open, 'loupe');
    mkdirSync(inside, { mode: 0o700 });
    writeFileSync(path.join(inside, 'loupe.sock'), '');
    expect(checkSocket(path.join(inside, 'loupe.sock'))).toMatchObject({
      usable: false,
      problem: /can be changed by other users \(mode 777, not sticky\)/,
    });
    // Nothing there: not usable, nothing to report (the bridge serves headless).
    expect(checkSocket(path.join(work, 'none', 'loupe.sock'))).toEqual({ usable: false });
  });
});

describe.runIf(posix)('the HTTP token file', () => {
  it('a token file that pre-existed 0644 is replaced by a new 0600 one (the old token may have been read)', () => {
    const stateDir = folder(0o700);
    const file = tokenFile(stateDir);
    const old = 'x'.repeat(43);
    writeFileSync(file, `${old}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const token = loadOrCreateToken(stateDir);
    expect(token).not.toBe(old);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateToken(stateDir)).toBe(token);
  });

  it('a short token in a 0644 file: the new token is written 0600', () => {
    const stateDir = folder(0o700);
    const file = tokenFile(stateDir);
    writeFileSync(file, 'short\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    const token = loadOrCreateToken(stateDir);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
  });

  it('a linked token file is neither read through nor written through', () => {
    const stateDir = folder(0o700);
    const elsewhere = path.join(work, `known-token-${n++}`);
    const known = 'k'.repeat(43);
    writeFileSync(elsewhere, `${known}\n`, { mode: 0o644 });
    symlinkSync(elsewhere, tokenFile(stateDir));
    const token = loadOrCreateToken(stateDir);
    expect(token).not.toBe(known);
    expect(readFileSync(elsewhere, 'utf8')).toBe(`${known}\n`);
    expect(lstatSync(tokenFile(stateDir)).isFile()).toBe(true);
    // And a link to a missing file is not written through either.
    const stateDir2 = folder(0o700);
    const target = path.join(work, `would-be-created-${n++}`);
    symlinkSync(target, tokenFile(stateDir2));
    loadOrCreateToken(stateDir2);
    expect(() => lstatSync(target)).toThrow(/ENOENT/);
  });
});
