// A project's own settings in Loupe's state (never in the repository): whether secret values are
// masked, and whether the focus is strict. Masking is on unless the person turned it off for this
// project; strict focus is off unless they turned it on. Every reader of the project (agents,
// previews, exports, headless servers) follows the same saved choice.
import path from 'node:path';
import { projectStateDir, readState, updateState } from './state-file';

export interface ProjectSettings {
  /** Mask secret values in everything read from this project (default true). */
  masking: boolean;
  /**
   * Strict focus (default false): agents see and read only the ticked files; a read of another
   * visible file asks the person (docs/security.md#strict-focus).
   */
  strictFocus: boolean;
}

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { masking: true, strictFocus: false };

const VERSION = 1;

/** The file holding the settings of the project at `root` (an absolute, resolved path). */
export function projectSettingsFile(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'settings.json');
}

function validate(raw: unknown): Partial<ProjectSettings> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const data = raw as Record<string, unknown>;
  const out: Partial<ProjectSettings> = {};
  for (const key of ['masking', 'strictFocus'] as const) {
    if (data[key] === undefined) continue;
    if (typeof data[key] !== 'boolean') return undefined;
    out[key] = data[key];
  }
  return out;
}

const pickSettings = (s: Partial<ProjectSettings>): Partial<ProjectSettings> => ({
  ...(s.masking === undefined ? {} : { masking: s.masking }),
  ...(s.strictFocus === undefined ? {} : { strictFocus: s.strictFocus }),
});

export interface LoadedProjectSettings {
  settings: ProjectSettings;
  /** Set when a damaged file was set aside (the defaults are then used: masking on). */
  problem?: string;
}

/** What a damaged file gives: the narrow choices (masking on, strict focus on). */
const FAIL_CLOSED: ProjectSettings = { masking: true, strictFocus: true };

export function loadProjectSettings(stateDir: string, root: string): LoadedProjectSettings {
  // Sticky: whether strict focus was on is unknown once the file is damaged, so it is on (fail
  // closed) until a person saves the settings again (that resolves the damage).
  const { value, problem, damage } = readState(projectSettingsFile(stateDir, root), validate, {
    sticky: true,
  });
  if (!damage) return { settings: { ...DEFAULT_PROJECT_SETTINGS, ...value } };
  return {
    settings: FAIL_CLOSED,
    problem: `${problem} Masking and strict focus are on until you change them (Settings, or loupe focus DIR --strict off).`,
  };
}

/** Saves a change to the project's settings (a locked read-modify-write); returns them whole. */
export function saveProjectSettings(
  stateDir: string,
  root: string,
  patch: Partial<ProjectSettings>,
): ProjectSettings {
  const saved = updateState(projectSettingsFile(stateDir, root), validate, (current) => ({
    version: VERSION,
    root,
    ...DEFAULT_PROJECT_SETTINGS,
    ...current,
    ...patch,
  }));
  return { ...DEFAULT_PROJECT_SETTINGS, ...pickSettings(saved) };
}
