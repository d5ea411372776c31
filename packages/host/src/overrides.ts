// The window's show/hide overrides for the open project: saved in Loupe's state for it, then
// applied by a rescan (which also resolves damaged saved overrides), with the scan's progress shown.
import type { OverrideState, Overrides } from '@loupe/common';
import { loadOverrides, setOverride as saveOverride, saveOverrides } from '@loupe/engine';
import type { ProgressReporter } from './progress';
import type { OpenProject } from './project';
import * as v from './validate';

const OVERRIDES: readonly (OverrideState | 'default')[] = ['show', 'hide', 'default'];

/** Where overrides are saved and applied: `current` gives the open project (asked for once the
 * arguments are checked); `isOpen` says whether a project is still the open one. */
export interface OverrideTarget {
  stateDir: string;
  progress: ProgressReporter;
  current(): OpenProject;
  isOpen(project: OpenProject): boolean;
}

export function getOverrides(stateDir: string, project: OpenProject): Overrides {
  return loadOverrides(stateDir, project.ws.root).overrides;
}

export function setOverride(t: OverrideTarget, arg: unknown): Promise<Overrides> {
  const a = v.record(arg);
  const path = v.string(a.path, 'path');
  const state = v.oneOf(a.state, OVERRIDES, 'override');
  const project = t.current();
  const { show, hide } = saveOverride(t.stateDir, project.ws.root, path, state);
  return applyOverrides(t, project, { show, hide });
}

export function clearOverrides(t: OverrideTarget): Promise<Overrides> {
  const project = t.current();
  return applyOverrides(t, project, saveOverrides(t.stateDir, project.ws.root, { show: [], hide: [] }));
}

/** Saved overrides take effect: a rescan (and damaged overrides are resolved). */
async function applyOverrides(
  t: OverrideTarget,
  project: OpenProject,
  overrides: Overrides,
): Promise<Overrides> {
  t.progress.scan(project.info().name, 'Applying the override…', false);
  try {
    await project.ws.overridesSaved(overrides);
  } finally {
    if (t.isOpen(project)) t.progress.idle();
  }
  return overrides;
}
