// Where the app's agent socket lives: a Unix domain socket in a per-user 0700 folder
// ($XDG_RUNTIME_DIR/loupe, else Loupe's state folder), a named pipe on Windows. LOUPE_SOCKET
// overrides it (tests, several app instances). When that path is too long for a socket address,
// `$TMPDIR/loupe-<uid>` is used, a folder that both sides check before use. The app creates its
// socket folder 0700 or checks the existing one (never chmods it: it may be shared, like /tmp);
// the bridge checks the folder, the folders above it and the socket's owner before it sends
// anything (docs/security.md, "Another local user").
import { lstatSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultStateDir, LoupeError } from '@loupe/engine/listing';
import { ancestorsProblem, ensureFolder, folderProblem } from '@loupe/engine/state/private-fs';

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
  return path.join(env.TMPDIR || os.tmpdir(), `loupe-${os.userInfo().uid}`, 'loupe.sock');
}

export const isPipe = (p: string) => p.startsWith('\\\\.\\pipe\\') || p.startsWith('\\\\?\\pipe\\');

const REMEDY =
  'set LOUPE_SOCKET to a path inside a folder only you can open (e.g. $XDG_RUNTIME_DIR/loupe/loupe.sock), or fix that folder';

/**
 * Creates the socket's folder 0700, or checks the existing one: this user's, 0700, not a link, in
 * folders no other user can change. An unsafe folder is refused with a sentence, never changed.
 */
export function ensureSocketDir(socketPath: string): void {
  if (isPipe(socketPath)) return;
  const dir = path.dirname(socketPath);
  try {
    ensureFolder(dir, 'private', 'its agent socket', REMEDY);
  } catch (error) {
    if (error instanceof LoupeError) throw error;
    const e = error as NodeJS.ErrnoException;
    throw new LoupeError(
      'unwritable',
      `Loupe could not create ${dir} for its agent socket (${e.code ?? e.message}); ${REMEDY}.`,
    );
  }
  const above = ancestorsProblem(dir);
  if (above)
    throw new LoupeError(
      'unsupported',
      `Loupe keeps its agent socket only where other users cannot swap it, and ${above}; ${REMEDY}.`,
    );
}

export interface SocketCheck {
  /** The bridge may connect. */
  usable: boolean;
  /** Why not, when something is there that must not be talked to. */
  problem?: string;
}

/**
 * Whether the bridge may talk to the socket at `socketPath`: its folder must be this user's and
 * 0700, the folders above it unchangeable by others, and the socket file this user's. Node cannot
 * ask the peer's uid (no SO_PEERCRED), so the socket's owner stands for it: only the user (or
 * root) who bound a socket owns its file, and no one else can put one into a private folder.
 * No folder or no socket yet: not usable, no problem (the bridge serves headless).
 */
export function checkSocket(socketPath: string): SocketCheck {
  if (isPipe(socketPath)) return { usable: true };
  const dir = path.dirname(socketPath);
  const there = (p: string) => {
    try {
      return lstatSync(p);
    } catch {
      return undefined;
    }
  };
  if (!there(dir)) return { usable: false };
  const problem = folderProblem(dir) ?? ancestorsProblem(dir);
  if (problem) return { usable: false, problem };
  const st = there(socketPath);
  if (!st) return { usable: false };
  if (!st.isSocket()) return { usable: false, problem: `${socketPath} is not a socket` };
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid)
    return { usable: false, problem: `${socketPath} belongs to another user (uid ${st.uid})` };
  return { usable: true };
}
