// A project's saved choices, as its Workspace uses them: the focus (focus.json in the project's
// state folder, read when the project opens and written on every change), and the show/hide
// overrides and the masking setting that apply where the opening options name none.
import path from 'node:path';
import type { FocusSnapshot } from '../focus/focus';
import { resolveRoot } from '../scan/index';
import { loadOverrides } from '../scan/overrides-file';
import { loadProjectSettings } from '../state/project-settings';
import { projectStateDir, readState, writeState } from '../state/state-file';

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

/** The project's focus file, or none (a focus kept in memory only). */
export class FocusFile {
  private readonly file: string | undefined;

  constructor(stateDir: string | null | undefined, root: string) {
    this.file = stateDir ? path.join(projectStateDir(stateDir, root), 'focus.json') : undefined;
  }

  /** The saved focus, and what went wrong reading it (a damaged file is set aside). */
  load(): { value?: SavedFocus; problem?: string } {
    if (!this.file) return {};
    const saved = readState(this.file, validFocus);
    return {
      ...(saved.value ? { value: saved.value } : {}),
      ...(saved.problem ? { problem: saved.problem } : {}),
    };
  }

  /** Saves `s`; returns why it could not be saved, if it could not. */
  save(s: FocusSnapshot): string | undefined {
    if (!this.file) return undefined;
    const saved: SavedFocus = { version: 1, revision: s.revision, include: s.include, exclude: s.exclude };
    try {
      writeState(this.file, saved);
      return undefined;
    } catch (error) {
      return `The focus could not be saved (${(error as Error).message}).`;
    }
  }
}

/** What of a Workspace's options the saved choices fill in (workspace.ts documents them). */
export interface ChoiceOptions {
  stateDir?: string | null;
  savedFrom?: string | null;
  scan?: { overrides?: ReturnType<typeof loadOverrides>['overrides'] };
  masking?: boolean;
}

/** The options with the project's saved choices filled in where they name none (and what could not be read). */
export function withSavedChoices<T extends ChoiceOptions>(
  root: string,
  options: T,
): { options: T; problems: string[] } {
  const from = options.savedFrom !== undefined ? options.savedFrom : options.stateDir;
  const problems: string[] = [];
  if (!from || (options.scan?.overrides && options.masking !== undefined)) return { options, problems };
  const abs = resolveRoot(root);
  let next = options;
  if (!options.scan?.overrides) {
    const saved = loadOverrides(from, abs);
    if (saved.problem) problems.push(saved.problem);
    next = { ...next, scan: { ...next.scan, overrides: saved.overrides } };
  }
  if (options.masking === undefined) {
    const saved = loadProjectSettings(from, abs);
    if (saved.problem) problems.push(saved.problem);
    next = { ...next, masking: saved.settings.masking };
  }
  return { options: next, problems };
}
