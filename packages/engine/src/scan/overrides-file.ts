// Persists a project's show/hide overrides in Loupe's state (the caller names the state folder),
// never in the repository: `overrides.json` in the project's state folder, written atomically by
// writeState (temp file + rename, previous version kept, a damaged file set aside).
import path from 'node:path';
import { LoupeError } from '../errors';
import { projectStateDir, readState, writeState } from '../state/state-file';
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
  /** Set when a damaged file was set aside (the overrides are then empty). */
  problem?: string;
}

/** The saved overrides, or empty lists when none were saved. */
export function loadOverrides(stateDir: string, root: string): LoadedOverrides {
  const { value, problem } = readState(overridesFile(stateDir, root), validate);
  return { overrides: value ?? { show: [], hide: [] }, ...(problem ? { problem } : {}) };
}

/** Replaces the saved overrides of `root` (normalized, sorted, without duplicates). */
export function saveOverrides(stateDir: string, root: string, overrides: Overrides): Overrides {
  const tidy = (list: string[]) => [...new Set(list.map((p) => normalizeOverridePath(p, root)))].sort();
  const show = tidy(overrides.show);
  const hide = tidy(overrides.hide);
  const both = show.find((p) => hide.includes(p));
  if (both)
    throw new LoupeError('invalid-argument', `${both} is both shown and hidden; keep one of the two.`);
  const data: StoredOverrides = { version: VERSION, root, show, hide };
  writeState(overridesFile(stateDir, root), data);
  return { show, hide };
}

/** Sets one path to always shown, always hidden, or back to the rules ('default'). */
export function setOverride(
  stateDir: string,
  root: string,
  target: RelPath,
  state: OverrideState | 'default',
): Overrides {
  const p = normalizeOverridePath(target, root);
  const { overrides } = loadOverrides(stateDir, root);
  const next: Overrides = {
    show: overrides.show.filter((x) => x !== p),
    hide: overrides.hide.filter((x) => x !== p),
  };
  if (state !== 'default') next[state].push(p);
  return saveOverrides(stateDir, root, next);
}
