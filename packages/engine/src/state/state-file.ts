// Loupe's own state (focus, overrides, settings, receipts) lives in the user's data folder, never
// in the project. Folders are 0700 (an existing one must be this user's and writable by nobody
// else); files are 0600, written atomically (temp file + rename, never through a link) under a
// lock beside the file, with one backup. A damaged file is set aside as `<name>.damaged-<time>`
// and reported; for the files that decide what agents see (`sticky`), the damage stands until a
// person saves that state again (docs/security.md, "Damaged state").
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LoupeError } from '../errors';
import { withLock } from './lock';
import { ensureFolder, readOwnFile, writeFileAtomic } from './private-fs';

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

/** A state file that could not be used, and where its bytes were moved. */
export interface StateDamage {
  file: string;
  /** The set-aside copy (`<file>.damaged-<time>`); removing it, or saving the state, resolves it. */
  aside: string;
  /** What was wrong, e.g. "Unexpected token g in JSON at position 0". */
  reason: string;
  /** Set aside by an earlier read, and not saved since (`reason` then says only that). */
  earlier?: boolean;
}

export interface ReadOutcome<T> {
  value: T | undefined;
  /** Set when the file existed but could not be used; it was moved aside. */
  problem?: string;
  /** For a sticky read: the file is damaged (now or earlier) and no one has saved it since. */
  damage?: StateDamage;
}

export interface ReadOptions {
  /**
   * The file decides what agents may see (focus, overrides): a damaged one stays damaged, even
   * once set aside, until a person saves that state again or removes the set-aside copy.
   */
  sticky?: boolean;
}

const ASIDE = '.damaged-';
const EARLIER = 'it was damaged earlier and has not been saved since';

/** One line, short: a parser's message can quote the file and span lines. */
const oneLine = (message: string) => {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
};

const asideName = (file: string) =>
  `${file}${ASIDE}${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

/** The set-aside copies of `file` that no save has resolved yet, oldest first. */
function setAside(file: string): string[] {
  const base = `${path.basename(file)}${ASIDE}`;
  try {
    return readdirSync(path.dirname(file))
      .filter((n) => n.startsWith(base) && !n.endsWith('.resolved'))
      .sort()
      .map((n) => path.join(path.dirname(file), n));
  } catch {
    return [];
  }
}

type Parsed<T> = { ok: true; value: T | undefined } | { ok: false; reason: string };

function parse<T>(file: string, validate: (raw: unknown) => T | undefined): Parsed<T> {
  try {
    const bytes = readOwnFile(file);
    if (bytes === undefined) return { ok: true, value: undefined };
    const value = validate(JSON.parse(bytes.toString('utf8')));
    return value === undefined ? { ok: false, reason: 'unexpected content' } : { ok: true, value };
  } catch (error) {
    return { ok: false, reason: oneLine((error as Error).message) };
  }
}

function damageSentence(d: StateDamage, sticky: boolean): string {
  const name = path.basename(d.file);
  return sticky
    ? `${name} could not be read (${d.reason}); it was set aside as ${d.aside}.`
    : `${name} could not be read (${d.reason}); it was moved to ${d.aside} and defaults are used.`;
}

/** Moves a damaged file aside (under its lock, if it is still damaged); returns the damage. */
function moveAside<T>(
  file: string,
  validate: (raw: unknown) => T | undefined,
  reason: string,
): { damage?: StateDamage; value?: T } {
  const aside = asideName(file);
  try {
    return withLock(file, () => {
      const again = parse(file, validate);
      if (again.ok) return again.value === undefined ? {} : { value: again.value }; // saved meanwhile
      renameSync(file, aside);
      return { damage: { file, aside, reason: again.reason } };
    });
  } catch {
    // cannot move it (read-only state): it stays where it is, and stays damaged
    return { damage: { file, aside: file, reason } };
  }
}

/** Reads a JSON state file; a damaged file is set aside and reported (see ReadOptions.sticky). */
export function readState<T>(
  file: string,
  validate: (raw: unknown) => T | undefined,
  options: ReadOptions = {},
): ReadOutcome<T> {
  const first = parse(file, validate);
  let value = first.ok ? first.value : undefined;
  let damage: StateDamage | undefined;
  if (!first.ok) {
    const moved = moveAside(file, validate, first.reason);
    value = moved.value;
    damage = moved.damage;
  }
  if (damage) {
    const problem = damageSentence(damage, Boolean(options.sticky));
    return options.sticky ? { value: undefined, problem, damage } : { value: undefined, problem };
  }
  if (options.sticky) {
    const earlier = setAside(file).pop();
    if (earlier)
      return {
        value: undefined,
        damage: { file, aside: earlier, reason: EARLIER, earlier: true },
        problem: `${path.basename(file)} was damaged earlier and set aside as ${earlier}; it has not been saved since.`,
      };
  }
  return { value };
}

function unwritable(file: string, error: unknown): LoupeError {
  if (error instanceof LoupeError) return error;
  const e = error as NodeJS.ErrnoException;
  return new LoupeError(
    'unwritable',
    `Loupe could not write its state in ${path.dirname(file)} (${e.code ?? e.message}); make that folder writable, or set LOUPE_STATE_DIR to a folder that is.`,
  );
}

/** Writes while holding the lock: the backup, the new file, then the damage it resolves. */
function writeLocked(file: string, value: unknown): void {
  const bak = `${file}.bak`;
  const bakTmp = `${bak}.${process.pid}.tmp`;
  try {
    rmSync(bakTmp, { force: true }); // left by a process that died here (the folder is private)
    linkSync(file, bakTmp); // the previous version, without copying it or following a link
    renameSync(bakTmp, bak);
  } catch {
    // no previous version (or no hard links here): a missing backup is not worth failing the write
  }
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
  // A person saved this state: damage set aside earlier is resolved (its bytes stay, renamed).
  for (const aside of setAside(file)) {
    try {
      renameSync(aside, `${aside}.resolved`);
    } catch {
      // gone already
    }
  }
}

function lockedIn<T>(file: string, fn: () => T): T {
  try {
    ensureFolder(path.dirname(file), 'owned', "Loupe's state");
    return withLock(file, fn);
  } catch (error) {
    throw unwritable(file, error);
  }
}

/**
 * Writes JSON atomically under the file's lock, keeping the previous version as `<name>.bak`.
 * Folders are 0700, files 0600. A folder that cannot be written is a LoupeError saying where and
 * what to do. Saving resolves damage set aside earlier.
 */
export function writeState(file: string, value: unknown): void {
  lockedIn(file, () => writeLocked(file, value));
}

/**
 * Read-modify-write under the file's lock, so concurrent writers (the window, CLI commands,
 * headless servers) never lose each other's changes. `change` gets the current value (undefined
 * when there is none, or when it was damaged: then `damage` says so) and returns the next one,
 * which is written and returned: what this returns is on disk.
 */
export function updateState<T>(
  file: string,
  validate: (raw: unknown) => T | undefined,
  change: (current: T | undefined, damage: StateDamage | undefined) => T,
  options: ReadOptions = {},
): T {
  return lockedIn(file, () => {
    const read = parse(file, validate);
    let current: T | undefined;
    let damage: StateDamage | undefined;
    if (read.ok) {
      current = read.value;
      const earlier = options.sticky ? setAside(file).pop() : undefined;
      if (earlier) {
        current = undefined;
        damage = { file, aside: earlier, reason: EARLIER, earlier: true };
      }
    } else {
      const aside = asideName(file);
      renameSync(file, aside);
      damage = { file, aside, reason: read.reason };
    }
    const next = change(current, damage);
    writeLocked(file, next);
    return next;
  });
}
