// The export's instructions for the open project (they head every export and count in its budget):
// kept in Loupe's state for the project (state-files.ts InstructionsFile), bounded in length.
import { groupDigits } from '@loupe/common';
import { HostError } from './errors';
import type { HostEventBus } from './events';
import type { OpenProject } from './project';
import { INSTRUCTIONS_MAX, type InstructionsFile } from './state-files';
import * as v from './validate';

/** The saved instructions; a damaged file reads as none, and the window is told why. */
export function getInstructions(file: InstructionsFile, project: OpenProject, bus: HostEventBus): string {
  const loaded = file.load(project.ws.root);
  if (loaded.problem) bus.emit('didNotice', { level: 'warning', message: loaded.problem });
  return loaded.value;
}

/** `current`: the open project, asked for once the text is checked. */
export function setInstructions(file: InstructionsFile, current: () => OpenProject, arg: unknown): void {
  const text = v.string(v.record(arg).text, 'instructions text');
  if (text.length > INSTRUCTIONS_MAX)
    throw new HostError(
      'invalid-argument',
      `Instructions hold at most ${groupDigits(INSTRUCTIONS_MAX)} characters; these have ${groupDigits(text.length)}.`,
    );
  file.save(current().ws.root, text);
}
