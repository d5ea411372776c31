// Focus presets: named focus rules saved per project in Loupe's state (`presets.json` in the
// project's state folder, never in the repository), shared by the window and `loupe focus
// --save/--load`. A preset holds rules, not files: loading one ticks what it names as the files
// are now (a path that no longer exists shows as missing, as any ticked path does).
import path from 'node:path';
import { type FocusRules, normalizeRules } from '@loupe/common';
import { LoupeError } from '../errors';
import { projectStateDir, readState, writeState } from '../state/state-file';

export interface FocusPreset extends FocusRules {
  name: string;
  /** When it was saved last (ms since the epoch). */
  savedAt: number;
}

interface StoredPresets {
  version: 1;
  root: string;
  presets: FocusPreset[];
}

/** Names are shown in menus and typed on command lines: one line, at most this long. */
export const PRESET_NAME_MAX = 80;

export function presetsFile(stateDir: string, root: string): string {
  return path.join(projectStateDir(stateDir, root), 'presets.json');
}

const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

function validPresets(raw: unknown): FocusPreset[] | undefined {
  const r = raw as Partial<StoredPresets> | null;
  if (r?.version !== 1 || !Array.isArray(r.presets)) return undefined;
  const ok = r.presets.every(
    (p) =>
      p &&
      typeof p.name === 'string' &&
      typeof p.savedAt === 'number' &&
      strings(p.include) &&
      strings(p.exclude),
  );
  return ok ? r.presets : undefined;
}

/** The name as it is kept (trimmed), or a LoupeError saying what is wrong with it. */
export function checkPresetName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new LoupeError('invalid-argument', 'A preset needs a name, e.g. "review".');
  if (name.length > PRESET_NAME_MAX)
    throw new LoupeError(
      'invalid-argument',
      `A preset name has at most ${PRESET_NAME_MAX} characters; this one has ${name.length}.`,
    );
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw new LoupeError(
      'invalid-argument',
      'A preset name is one line of text, without control characters.',
    );
  return name;
}

export interface LoadedPresets {
  /** By name, in the order of their names. */
  presets: FocusPreset[];
  /** Set when a damaged file was set aside (the list is then empty). */
  problem?: string;
}

const byName = (a: FocusPreset, b: FocusPreset) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function loadPresets(stateDir: string, root: string): LoadedPresets {
  const { value, problem } = readState(presetsFile(stateDir, root), validPresets);
  return { presets: [...(value ?? [])].sort(byName), ...(problem ? { problem } : {}) };
}

function save(stateDir: string, root: string, presets: FocusPreset[]): FocusPreset[] {
  const sorted = [...presets].sort(byName);
  writeState(presetsFile(stateDir, root), { version: 1, root, presets: sorted } satisfies StoredPresets);
  return sorted;
}

function find(presets: FocusPreset[], name: string): FocusPreset {
  const hit = presets.find((p) => p.name === name);
  if (hit) return hit;
  const names = presets.map((p) => JSON.stringify(p.name));
  throw new LoupeError(
    'not-found',
    `There is no focus preset ${JSON.stringify(name)} for this project${names.length ? `; saved: ${names.join(', ')}` : ' (none is saved yet)'}.`,
  );
}

/** The preset called `name`, or a LoupeError naming the saved ones. */
export function getPreset(stateDir: string, root: string, name: string): FocusPreset {
  return find(loadPresets(stateDir, root).presets, name.trim());
}

/** Saves `rules` as `name`, replacing a preset of that name. Returns the list and whether it replaced one. */
export function savePreset(
  stateDir: string,
  root: string,
  name: string,
  rules: FocusRules,
  now = Date.now(),
): { presets: FocusPreset[]; replaced: boolean } {
  const clean = checkPresetName(name);
  const list = loadPresets(stateDir, root).presets;
  const rest = list.filter((p) => p.name !== clean);
  const preset: FocusPreset = { name: clean, ...normalizeRules(rules), savedAt: now };
  return { presets: save(stateDir, root, [...rest, preset]), replaced: rest.length < list.length };
}

export function renamePreset(stateDir: string, root: string, from: string, to: string): FocusPreset[] {
  const list = loadPresets(stateDir, root).presets;
  const old = find(list, from.trim());
  const name = checkPresetName(to);
  if (name === old.name) return list;
  if (list.some((p) => p.name === name))
    throw new LoupeError(
      'invalid-argument',
      `A focus preset ${JSON.stringify(name)} exists already; delete it first or choose another name.`,
    );
  return save(stateDir, root, [...list.filter((p) => p !== old), { ...old, name }]);
}

export function deletePreset(stateDir: string, root: string, name: string): FocusPreset[] {
  const list = loadPresets(stateDir, root).presets;
  const old = find(list, name.trim());
  return save(
    stateDir,
    root,
    list.filter((p) => p !== old),
  );
}
