// The open project's own settings as the window changes them: today, masking. Saved in Loupe's
// state for this project (never in the repository), where every later opening (the window, a
// headless `loupe mcp`, `loupe pack`) reads it; applied to the open Workspace at once, so agents
// connected now get the new choice on their next call, with no reconnect.

import type { ProjectInfo } from '@loupe/common';
import { saveProjectSettings } from '@loupe/engine';
import type { HostEventBus } from './events';
import type { OpenProject } from './project';
import * as v from './validate';

export function setProjectMasking(
  stateDir: string,
  project: OpenProject,
  bus: HostEventBus,
  arg: { on: boolean },
): ProjectInfo {
  const on = v.boolean(v.record(arg).on, 'masking choice');
  saveProjectSettings(stateDir, project.ws.root, { masking: on });
  project.ws.setMasking(on);
  const info = project.info();
  bus.emit('didChangeProject', info);
  return info;
}
