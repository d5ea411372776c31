// Where the app's agent socket lives: a Unix domain socket in a per-user 0700 folder
// ($XDG_RUNTIME_DIR/loupe, else Loupe's state folder), a named pipe on Windows. LOUPE_SOCKET
// overrides it (tests, several app instances).
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultStateDir, LoupeError } from '@loupe/engine';

// sun_path holds 108 bytes on Linux, 104 on macOS (with the terminating NUL).
const MAX_SOCKET_PATH = 100;

export function defaultSocketPath(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.LOUPE_SOCKET) return env.LOUPE_SOCKET;
  if (platform === 'win32') return `\\\\.\\pipe\\loupe-${os.userInfo().username.replace(/[^\w.-]/g, '_')}`;
  const dir = env.XDG_RUNTIME_DIR
    ? path.join(env.XDG_RUNTIME_DIR, 'loupe')
    : path.join(defaultStateDir(env), 'run');
  const candidate = path.join(dir, 'loupe.sock');
  if (Buffer.byteLength(candidate) <= MAX_SOCKET_PATH) return candidate;
  return path.join(os.tmpdir(), `loupe-${os.userInfo().uid}`, 'loupe.sock');
}

export const isPipe = (p: string) => p.startsWith('\\\\.\\pipe\\') || p.startsWith('\\\\?\\pipe\\');

/** Creates the socket's folder 0700 and refuses one that another user owns or that is a link. */
export function ensureSocketDir(socketPath: string): void {
  if (isPipe(socketPath)) return;
  const dir = path.dirname(socketPath);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory())
    throw new LoupeError(
      'unsupported',
      `${dir} is not a folder (a link?); remove it so Loupe can create its socket folder.`,
    );
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    throw new LoupeError(
      'unsupported',
      `${dir} belongs to another user; Loupe keeps its socket only in a folder of yours.`,
    );
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}
