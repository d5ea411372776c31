// Persists a project's show/hide overrides in Loupe's state directory (given by the caller),
// never in the repository: one small JSON file per project, written atomically (temp + rename).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LoupeError } from '../errors';
import type { RelPath } from '../types';
import { normalizeOverridePath, type OverrideState, type Overrides } from './overrides';

const VERSION = 1;

interface StoredOverrides extends Overrides {
  version: number;
  /** The project root the file belongs to (the file name is a hash of it). */
  root: string;
}

/** The file holding the overrides of the project at `root` (an absolute, resolved path). */
export function overridesFile(stateDir: string, root: string): string {
  const id = createHash('sha256').update(root).digest('hex').slice(0, 24);
  return path.join(stateDir, 'overrides', `${id}.json`);
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** The saved overrides, or empty lists when none were saved. */
export async function loadOverrides(stateDir: string, root: string): Promise<Overrides> {
  const file = overridesFile(stateDir, root);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { show: [], hide: [] };
    throw new LoupeError(
      'unreadable',
      `Loupe cannot read its overrides file ${file} (${(error as Error).message}).`,
    );
  }
  try {
    const data = JSON.parse(text) as Partial<StoredOverrides>;
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    return { show: list(data.show), hide: list(data.hide) };
  } catch {
    throw new LoupeError(
      'unreadable',
      `Loupe's overrides file ${file} is damaged (not JSON); delete it to start over without overrides.`,
    );
  }
}

/** Replaces the saved overrides of `root`; an empty set removes the file. */
export async function saveOverrides(stateDir: string, root: string, overrides: Overrides): Promise<void> {
  const file = overridesFile(stateDir, root);
  const show = sorted(overrides.show.map((p) => normalizeOverridePath(p, root)));
  const hide = sorted(overrides.hide.map((p) => normalizeOverridePath(p, root)));
  const both = show.find((p) => hide.includes(p));
  if (both)
    throw new LoupeError('invalid-argument', `${both} is both shown and hidden; keep one of the two.`);
  if (!show.length && !hide.length) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const data: StoredOverrides = { version: VERSION, root, show, hide };
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, file); // atomic on one file system: readers see the old or the new file
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Sets one path to always shown, always hidden, or back to the rules ('default'), and returns the
 * new overrides. Calls for the same project run one after another, so none is lost.
 */
export function setOverride(
  stateDir: string,
  root: string,
  target: RelPath,
  state: OverrideState | 'default',
): Promise<Overrides> {
  const file = overridesFile(stateDir, root);
  const run = async () => {
    const p = normalizeOverridePath(target, root);
    const current = await loadOverrides(stateDir, root);
    const next: Overrides = {
      show: current.show.filter((x) => x !== p),
      hide: current.hide.filter((x) => x !== p),
    };
    if (state !== 'default') next[state].push(p);
    await saveOverrides(stateDir, root, next);
    return loadOverrides(stateDir, root);
  };
  const result = (queues.get(file) ?? Promise.resolve()).then(run, run);
  const settled = result.catch(() => {});
  queues.set(file, settled);
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file);
  });
  return result;
}
