// The focus as saved in Loupe's state (`focus.json` in the project's state folder): the one source
// of the focus for every process. The window's host writes it on every tick, `loupe focus` edits
// it from another process, and an open Workspace follows what another process wrote
// (`Workspace.reloadFocus`). The saved focus decides what agents see, so a damaged file never
// becomes "nothing ticked, the whole project": it is set aside and the damage stands (agents are
// refused focus-scoped answers) until a person sets the focus again or removes the set-aside copy
// (docs/security.md, "Damaged state").
import path from 'node:path';
import { type FocusRules, normalizeRules } from '@loupe/common';
import { projectStateDir, readState, type StateDamage, writeState } from '../state/state-file';
import type { FocusSnapshot } from './focus';

interface SavedFocus {
  version: 1;
  revision: number;
  include: string[];
  exclude: string[];
}

function validFocus(raw: unknown): SavedFocus | undefined {
  const r = raw as Partial<SavedFocus> | null;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  return r && r.version === 1 && Number.isInteger(r.revision) && strings(r.include) && strings(r.exclude)
    ? (r as SavedFocus)
    : undefined;
}

/** The focus file of the project at `root` (an absolute, resolved path). */
export function focusFile(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'focus.json');
}

export interface LoadedFocus {
  focus?: FocusSnapshot;
  problem?: string;
  /** The saved focus is damaged and unresolved: what the person ticked is unknown. */
  damage?: StateDamage;
}

export function loadFocus(file: string): LoadedFocus {
  const { value, problem, damage } = readState(file, validFocus, { sticky: true });
  return {
    ...(value ? { focus: { revision: value.revision, include: value.include, exclude: value.exclude } } : {}),
    ...(problem ? { problem } : {}),
    ...(damage ? { damage } : {}),
  };
}

/** Saves the focus (and so resolves damage set aside earlier). */
export function saveFocus(file: string, s: FocusSnapshot): void {
  const saved: SavedFocus = { version: 1, revision: s.revision, include: s.include, exclude: s.exclude };
  writeState(file, saved);
}

/**
 * Changes the saved focus from outside a Workspace (`loupe focus`): reads it, applies `change`
 * to its rules and, when they differ, saves them at the next revision. Returns what is saved now
 * and whether it changed. Open Workspaces of the project follow on their next reload.
 */
export function updateSavedFocus(
  file: string,
  change: (rules: FocusRules) => FocusRules,
): { focus: FocusSnapshot; changed: boolean; problem?: string } {
  const loaded = loadFocus(file);
  const now = loaded.focus ?? { revision: 0, include: [], exclude: [] };
  const next = normalizeRules(change({ include: [...now.include], exclude: [...now.exclude] }));
  const same =
    next.include.join('\0') === now.include.join('\0') && next.exclude.join('\0') === now.exclude.join('\0');
  const problem = loaded.problem ? { problem: loaded.problem } : {};
  // A damaged focus is resolved by any change a person makes here (it is written even when equal).
  if (same && !loaded.damage) return { focus: now, changed: false, ...problem };
  const focus = { revision: now.revision + 1, ...next };
  saveFocus(file, focus);
  return { focus, changed: true, ...problem };
}
