// Small JSON state files in Loupe's state folder (the engine's atomic writes with a backup; a corrupt
// file is set aside and reported): recent projects, settings, and each project's view state.
import path from 'node:path';
import {
  isDetail,
  isEncoding,
  isPackFormat,
  type RecentProject,
  type Settings,
  type ViewState,
} from '@loupe/common';
import { projectStateDir, readState, updateState, writeState } from '@loupe/engine';

const RECENT_MAX = 12;

export const DEFAULT_SETTINGS: Settings = {
  encoding: 'o200k_base',
  detail: 'full',
  theme: 'system',
  exportFormat: 'markdown',
  budget: 32_000,
  lineNumbers: false,
  httpEndpoint: false,
};

export interface Loaded<T> {
  value: T;
  /** Set when a corrupt file was set aside. */
  problem?: string;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

interface RecentFile {
  version: 1;
  projects: Array<{ root: string; name: string; openedAt: number }>;
}

function validRecent(raw: unknown): RecentFile | undefined {
  return isObject(raw) &&
    raw.version === 1 &&
    Array.isArray(raw.projects) &&
    raw.projects.every(
      (p) =>
        isObject(p) &&
        typeof p.root === 'string' &&
        typeof p.name === 'string' &&
        typeof p.openedAt === 'number',
    )
    ? (raw as unknown as RecentFile)
    : undefined;
}

export class RecentProjectsFile {
  constructor(private readonly stateDir: string) {}

  private get file(): string {
    return path.join(this.stateDir, 'recent.json');
  }

  load(): Loaded<Array<{ root: string; name: string; openedAt: number }>> {
    const read = readState<RecentFile>(this.file, validRecent);
    return { value: read.value?.projects ?? [], ...(read.problem ? { problem: read.problem } : {}) };
  }

  /** Puts `root` first (a locked read-modify-write: other windows' and servers' entries stay). */
  add(root: string, name: string, now = Date.now()): void {
    updateState(this.file, validRecent, (current) => {
      const rest = (current?.projects ?? []).filter((p) => p.root !== root);
      return { version: 1 as const, projects: [{ root, name, openedAt: now }, ...rest].slice(0, RECENT_MAX) };
    });
  }

  list(exists: (root: string) => boolean): RecentProject[] {
    return this.load().value.map((p) => ({ ...p, exists: exists(p.root) }));
  }
}

const THEMES = ['light', 'dark', 'system'];

/**
 * Keeps the known, well-typed fields of `raw` over the defaults. Fields no longer known (the old
 * app-wide `masking`, now a per-project setting) are dropped.
 */
export function cleanSettings(raw: unknown, base: Settings = DEFAULT_SETTINGS): Settings {
  const out = { ...base };
  if (!isObject(raw)) return out;
  if (isEncoding(raw.encoding)) out.encoding = raw.encoding;
  if (isDetail(raw.detail)) out.detail = raw.detail;
  if (THEMES.includes(raw.theme as string)) out.theme = raw.theme as Settings['theme'];
  if (isPackFormat(raw.exportFormat)) out.exportFormat = raw.exportFormat;
  if (typeof raw.lineNumbers === 'boolean') out.lineNumbers = raw.lineNumbers;
  if (typeof raw.httpEndpoint === 'boolean') out.httpEndpoint = raw.httpEndpoint;
  if (raw.budget === null || (Number.isInteger(raw.budget) && (raw.budget as number) > 0))
    out.budget = raw.budget as number | null;
  return out;
}

export class SettingsFile {
  constructor(private readonly stateDir: string) {}

  private get file(): string {
    return path.join(this.stateDir, 'settings.json');
  }

  load(): Loaded<Settings> {
    const read = readState(this.file, (raw) => (isObject(raw) && raw.version === 1 ? raw : undefined));
    return { value: cleanSettings(read.value), ...(read.problem ? { problem: read.problem } : {}) };
  }

  save(settings: Settings): void {
    writeState(this.file, { version: 1, ...settings });
  }
}

export class ViewStateFile {
  constructor(private readonly stateDir: string) {}

  private file(root: string): string {
    return path.join(projectStateDir(this.stateDir, root), 'view.json');
  }

  load(root: string): Loaded<ViewState> {
    const read = readState(this.file(root), (raw) =>
      isObject(raw) && raw.version === 1 && strings(raw.expanded) ? { expanded: raw.expanded } : undefined,
    );
    return { value: read.value ?? { expanded: [] }, ...(read.problem ? { problem: read.problem } : {}) };
  }

  save(root: string, view: ViewState): void {
    writeState(this.file(root), { version: 1, expanded: [...new Set(view.expanded)].sort() });
  }
}

/** Instructions longer than this are refused: they head every export and count in its budget. */
export const INSTRUCTIONS_MAX = 100_000;

/** The export instructions of each project (`export.json` in its state folder). */
export class InstructionsFile {
  constructor(private readonly stateDir: string) {}

  private file(root: string): string {
    return path.join(projectStateDir(this.stateDir, root), 'export.json');
  }

  load(root: string): Loaded<string> {
    const read = readState(this.file(root), (raw) =>
      isObject(raw) && raw.version === 1 && typeof raw.instructions === 'string'
        ? raw.instructions
        : undefined,
    );
    return { value: read.value ?? '', ...(read.problem ? { problem: read.problem } : {}) };
  }

  save(root: string, instructions: string): void {
    writeState(this.file(root), { version: 1, instructions });
  }
}
