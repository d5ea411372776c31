// Loupe's own state (focus, overrides, receipts) lives in the user's data folder, never in the
// project. Writes are atomic (temp file + rename) and keep one backup; a corrupt file is set aside
// with a message instead of crashing.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LoupeError } from '../errors';

/** The default state folder for this platform; LOUPE_STATE_DIR overrides it. */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOUPE_STATE_DIR) return env.LOUPE_STATE_DIR;
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Loupe');
  if (process.platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Loupe');
  return path.join(env.XDG_STATE_HOME ?? path.join(home, '.local', 'state'), 'loupe');
}

/** The folder holding one project's state: readable name plus a hash of the full root path. */
export function projectStateDir(stateDir: string, root: string): string {
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const name =
    path
      .basename(root)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 40) || 'root';
  return path.join(stateDir, 'projects', `${name}-${hash}`);
}

export interface ReadOutcome<T> {
  value: T | undefined;
  /** Set when the file existed but could not be used; it was moved aside. */
  problem?: string;
}

/** Reads a JSON state file. A corrupt file is renamed to `<name>.corrupt-<time>` and reported. */
export function readState<T>(file: string, validate: (raw: unknown) => T | undefined): ReadOutcome<T> {
  if (!existsSync(file)) return { value: undefined };
  try {
    const value = validate(JSON.parse(readFileSync(file, 'utf8')));
    if (value !== undefined) return { value };
    throw new Error('unexpected content');
  } catch (error) {
    const aside = `${file}.corrupt-${Date.now()}`;
    try {
      renameSync(file, aside);
    } catch {
      // leave it; the next write replaces it
    }
    return {
      value: undefined,
      problem: `${path.basename(file)} could not be read (${(error as Error).message}); it was moved to ${aside} and defaults are used.`,
    };
  }
}

/**
 * Writes JSON atomically, keeping the previous version as `<name>.bak`. Folders are 0700, files
 * 0600. A folder that cannot be written is a LoupeError saying where and what to do.
 */
export function writeState(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new LoupeError(
      'unwritable',
      `Loupe could not write its state in ${path.dirname(file)} (${e.code ?? e.message}); make that folder writable, or set LOUPE_STATE_DIR to a folder that is.`,
    );
  }
  if (existsSync(file)) {
    try {
      copyFileSync(file, `${file}.bak`);
    } catch {
      // a missing backup is not worth failing the write
    }
  }
  renameSync(tmp, file); // atomic replace: readers see the old or the new file, never half of one
}
