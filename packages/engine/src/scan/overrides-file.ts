// Persists a project's show/hide overrides in Loupe's state (the caller names the state folder),
// never in the repository: `overrides.json` in the project's state folder, written atomically by
// writeState under its lock (concurrent writers lose nothing). The file decides what agents may
// see, so a damaged one stays damaged until a person saves overrides again (sticky).
import path from 'node:path';
import { LoupeError } from '../errors';
import { projectStateDir, readState, type StateDamage, updateState, writeState } from '../state/state-file';
import type { RelPath } from '../types';
import { normalizeOverridePath, type OverrideState, type Overrides } from './overrides';

const VERSION = 1;

interface StoredOverrides extends Overrides {
  version: number;
  /** The project root the file belongs to. */
  root: string;
}

/** The file holding the overrides of the project at `root` (an absolute, resolved path). */
export function overridesFile(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'overrides.json');
}

const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function validate(raw: unknown): Overrides | undefined {
  const data = raw as Partial<StoredOverrides> | null;
  if (!data || typeof data !== 'object' || !strings(data.show) || !strings(data.hide)) return undefined;
  return { show: data.show as string[], hide: data.hide as string[] };
}

export interface LoadedOverrides {
  overrides: Overrides;
  /** Set when the file was damaged (the overrides are then empty, and not to be trusted). */
  problem?: string;
  /** The file is damaged and no one saved overrides since: which files were hidden is unknown. */
  damage?: StateDamage;
}

/** The saved overrides, or empty lists when none were saved. */
export function loadOverrides(stateDir: string, root: string): LoadedOverrides {
  const { value, problem, damage } = readState(overridesFile(stateDir, root), validate, { sticky: true });
  return {
    overrides: value ?? { show: [], hide: [] },
    ...(problem ? { problem } : {}),
    ...(damage ? { damage } : {}),
  };
}

function tidy(overrides: Overrides, root: string): StoredOverrides {
  const clean = (list: string[]) => [...new Set(list.map((p) => normalizeOverridePath(p, root)))].sort();
  const show = clean(overrides.show);
  const hide = clean(overrides.hide);
  const both = show.find((p) => hide.includes(p));
  if (both)
    throw new LoupeError('invalid-argument', `${both} is both shown and hidden; keep one of the two.`);
  return { version: VERSION, root, show, hide };
}

/** Replaces the saved overrides of `root` (normalized, sorted, without duplicates). */
export function saveOverrides(stateDir: string, root: string, overrides: Overrides): Overrides {
  const data = tidy(overrides, root);
  writeState(overridesFile(stateDir, root), data);
  return { show: data.show, hide: data.hide };
}

/** The overrides as they are on disk after a save. */
export interface SavedOverrides extends Overrides {
  /** The saved overrides were damaged before this save: the list holds only what was saved since. */
  resolved?: StateDamage;
}

/**
 * Sets one path to always shown, always hidden, or back to the rules ('default'), as one locked
 * read-modify-write: concurrent calls (other processes included) each keep their change.
 */
export function setOverride(
  stateDir: string,
  root: string,
  target: RelPath,
  state: OverrideState | 'default',
): SavedOverrides {
  const p = normalizeOverridePath(target, root);
  let resolved: StateDamage | undefined;
  const data = updateState(
    overridesFile(stateDir, root),
    validate,
    (current, damage) => {
      resolved = damage;
      const was = current ?? { show: [], hide: [] };
      const next: Overrides = {
        show: was.show.filter((x) => x !== p),
        hide: was.hide.filter((x) => x !== p),
      };
      if (state !== 'default') next[state].push(p);
      return tidy(next, root);
    },
    { sticky: true },
  );
  return { show: data.show, hide: data.hide, ...(resolved ? { resolved } : {}) };
}
