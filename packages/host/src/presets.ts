// Focus presets in the window: the focus saved under a name (in Loupe's state for the project,
// engine focus/presets), loaded, renamed and deleted; each change is sent to the window. The
// arguments are checked before the open project is asked for, as in every host command.
import type { FocusPreset, FocusState } from '@loupe/common';
import {
  deletePreset as deleteSaved,
  getPreset,
  renamePreset as renameSaved,
  savePreset as saveNew,
} from '@loupe/engine';
import type { HostEventBus } from './events';
import type { OpenProject } from './project';
import * as v from './validate';

export function savePreset(
  stateDir: string,
  current: () => OpenProject,
  bus: HostEventBus,
  arg: unknown,
): FocusPreset[] {
  const name = v.string(v.record(arg).name, 'preset name');
  const project = current();
  const saved = saveNew(stateDir, project.ws.root, name, project.ws.focus.snapshot);
  bus.emit('didChangePresets', saved.presets);
  return saved.presets;
}

/** The preset's rules become the focus (on top of what another process may have saved). */
export function loadPreset(stateDir: string, current: () => OpenProject, arg: unknown): FocusState {
  const name = v.string(v.record(arg).name, 'preset name');
  const project = current();
  const preset = getPreset(stateDir, project.ws.root, name);
  project.ws.setFocus({ include: preset.include, exclude: preset.exclude });
  return project.focusState();
}

export function renamePreset(
  stateDir: string,
  current: () => OpenProject,
  bus: HostEventBus,
  arg: unknown,
): FocusPreset[] {
  const a = v.record(arg);
  const list = renameSaved(
    stateDir,
    current().ws.root,
    v.string(a.from, 'preset name'),
    v.string(a.to, 'preset name'),
  );
  bus.emit('didChangePresets', list);
  return list;
}

export function deletePreset(
  stateDir: string,
  current: () => OpenProject,
  bus: HostEventBus,
  arg: unknown,
): FocusPreset[] {
  const name = v.string(v.record(arg).name, 'preset name');
  const list = deleteSaved(stateDir, current().ws.root, name);
  bus.emit('didChangePresets', list);
  return list;
}
