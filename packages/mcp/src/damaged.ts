// What agents are told while the person's saved focus or show/hide choices are damaged (the
// engine's state/damage.ts): a part of every live-context line, and the refusal of the tools the
// damage affects. Loupe's own words only; the set-aside file's path (it holds the project's name)
// is for the person, in the window and the CLI.
import type { McpProject } from './project';

const LIVE = {
  focus:
    'the saved focus could not be read: nothing is in the focus, focus-scoped tools are refused until the person sets it again in Loupe',
  overrides:
    'the saved show/hide choices could not be read: no file is served until the person saves them again in Loupe',
} as const;

/** Live-context parts, one per damaged file (empty when nothing is damaged). */
export function damageLiveParts(project: McpProject): string[] {
  return project.ws.damage.kinds.map((k) => LIVE[k]);
}

/**
 * The refusal of a call while saved state is damaged, or undefined when the call may run. With
 * damaged overrides nothing that reads the project runs (which files the person hid is unknown);
 * with a damaged focus, the focus-scoped tools do not (what the person ticked is unknown).
 */
export function damageRefusal(
  project: McpProject,
  tool: { name: string; focusScoped?: boolean },
): string | undefined {
  const damage = project.ws.damage;
  if (tool.name === 'focus_status') return undefined;
  const after =
    'The person resolves it in the Loupe window (its banner says how) or at the command line (`loupe ls` in the project says how); your next call after that works.';
  if (damage.get('overrides'))
    return `Refused: the person's saved show/hide choices for this project could not be read, so Loupe cannot tell which files they hid, and serves no file rather than risk one of those. ${after} focus_status still answers.`;
  if (damage.get('focus') && tool.focusScoped)
    return `Refused: the person's saved focus for this project could not be read, so Loupe cannot tell what they ticked, and gives no focus-scoped answer (get_tree, search, pack, related_files) rather than one over the whole project. get_file still reads a visible file by name. ${after}`;
  return undefined;
}
