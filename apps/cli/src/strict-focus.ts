// Strict focus from the command line: what `loupe focus DIR --strict on|off` does, kept in its
// own module so the focus command only spreads `strictOption` (options.ts) into its spec and calls
// `applyStrict`. The choice is saved in Loupe's state (beside masking); the open window and every
// agent session (headless ones too) follow it on their next call.
import { loadProjectSettings, saveProjectSettings } from '@loupe/engine';
import { oneLine, quoteName } from './quote';

/**
 * Saves `value` ('on' or 'off'; undefined changes nothing) for the project at `root`; returns the
 * setting after, with the sentence to print.
 */
export function applyStrict(
  stateDir: string,
  root: string,
  value: string | undefined,
): { strictFocus: boolean; line: string; problem?: string } {
  const loaded = loadProjectSettings(stateDir, root);
  let on = loaded.settings.strictFocus;
  if (value !== undefined)
    on = saveProjectSettings(stateDir, root, { strictFocus: value === 'on' }).strictFocus;
  const where = oneLine(quoteName(root));
  const line = on
    ? `Strict focus is on for ${where}: agents read only ticked files; a read of another file asks in the Loupe window (refused when none is open).`
    : `Strict focus is off for ${where}: agents may read any visible file by name.`;
  return { strictFocus: on, line, ...(loaded.problem ? { problem: loaded.problem } : {}) };
}
