// A project's saved choices that apply wherever it is opened: the show/hide overrides, masking, and
// (for a consumer that follows the saved focus) the focus. Read once when a Workspace opens; what
// could not be read is reported, and damage to the focus or the overrides is kept (see damage.ts).
import type { FocusSnapshot } from '../focus/focus';
import { focusFile, loadFocus } from '../focus/saved';
import type { Overrides } from '../scan/overrides';
import { loadOverrides } from '../scan/overrides-file';
import { loadProjectSettings } from './project-settings';
import type { StateDamage } from './state-file';

export interface SavedChoicesRequest {
  /** Where the overrides and masking are read (null: nowhere). */
  from: string | null | undefined;
  /** Where the focus is read (null: nowhere: the focus lives in memory only). */
  focusFrom: string | null | undefined;
  /** Skip what the caller already decided. */
  overrides?: boolean;
  masking?: boolean;
}

export interface SavedChoices {
  overrides?: Overrides;
  masking?: boolean;
  focus?: FocusSnapshot;
  focusFile?: string;
  /** What could not be read and was replaced by defaults (damage to focus or overrides is in `damage`). */
  problems: string[];
  damage: { focus?: StateDamage; overrides?: StateDamage };
}

/** The saved choices of the project at `root` (absolute, resolved). */
export function loadSavedChoices(root: string, want: SavedChoicesRequest): SavedChoices {
  const out: SavedChoices = { problems: [], damage: {} };
  const note = (r: { problem?: string }) => r.problem && out.problems.push(r.problem);
  if (want.from && want.overrides !== false) {
    const saved = loadOverrides(want.from, root);
    out.overrides = saved.overrides;
    if (saved.damage) out.damage.overrides = saved.damage;
    else note(saved);
  }
  if (want.from && want.masking !== false) {
    const saved = loadProjectSettings(want.from, root);
    note(saved);
    out.masking = saved.settings.masking;
  }
  if (want.focusFrom) {
    out.focusFile = focusFile(want.focusFrom, root);
    const saved = loadFocus(out.focusFile);
    if (saved.focus) out.focus = saved.focus;
    if (saved.damage) out.damage.focus = saved.damage;
    else note(saved);
  }
  return out;
}
