// The focus as saved in Loupe's state (`focus.json` in the project's state folder). The saved focus
// decides what agents see, so a damaged file never becomes "nothing ticked, the whole project": it
// is set aside and the damage stands (agents are refused focus-scoped answers) until a person sets
// the focus again or removes the set-aside copy (docs/security.md, "Damaged state").
import path from 'node:path';
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
