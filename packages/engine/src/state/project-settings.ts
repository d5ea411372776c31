// A project's own settings in Loupe's state (never in the repository): today, whether secret values
// are masked. Masking is on unless the person turned it off for this project; every reader of the
// project (agents, previews, exports, headless servers) follows the same saved choice.
import path from 'node:path';
import { projectStateDir, readState, updateState } from './state-file';

export interface ProjectSettings {
  /** Mask secret values in everything read from this project (default true). */
  masking: boolean;
}

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { masking: true };

const VERSION = 1;

/** The file holding the settings of the project at `root` (an absolute, resolved path). */
export function projectSettingsFile(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'settings.json');
}

function validate(raw: unknown): Partial<ProjectSettings> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const data = raw as Record<string, unknown>;
  if (data.masking !== undefined && typeof data.masking !== 'boolean') return undefined;
  return data.masking === undefined ? {} : { masking: data.masking };
}

const pickSettings = (s: Partial<ProjectSettings>): Partial<ProjectSettings> =>
  s.masking === undefined ? {} : { masking: s.masking };

export interface LoadedProjectSettings {
  settings: ProjectSettings;
  /** Set when a damaged file was set aside (the defaults are then used: masking on). */
  problem?: string;
}

export function loadProjectSettings(stateDir: string, root: string): LoadedProjectSettings {
  const { value, problem } = readState(projectSettingsFile(stateDir, root), validate);
  return { settings: { ...DEFAULT_PROJECT_SETTINGS, ...value }, ...(problem ? { problem } : {}) };
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
