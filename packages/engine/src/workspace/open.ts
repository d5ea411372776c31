// What opening a Workspace reads before the Workspace exists (workspace.ts `open`): the saved
// choices for the project (focus, show/hide overrides, masking), refused while damaged unless the
// caller shows damage (`openDamaged`), merged under the caller's options, then the scan.

import { LoupeError } from '../errors';
import { resolveRoot, type ScanResult, scanProject } from '../scan/index';
import { damageNotice } from '../state/damage';
import { loadSavedChoices, type SavedChoices } from '../state/saved-choices';
import type { StateDamage } from '../state/state-file';
import { scanOptionsOf, type WorkspaceOptions } from './options';

export interface Opening {
  saved: SavedChoices;
  /** The caller's options with the saved overrides and masking where the caller named none. */
  options: WorkspaceOptions;
  scanned: ScanResult;
}

export async function openProject(root: string, options: WorkspaceOptions): Promise<Opening> {
  const saved = loadSavedChoices(resolveRoot(root), {
    from: options.savedFrom !== undefined ? options.savedFrom : options.stateDir,
    focusFrom: options.stateDir,
    overrides: !options.scan?.overrides,
    masking: options.masking === undefined,
  });
  const damaged = Object.entries(saved.damage) as Array<['focus' | 'overrides', StateDamage]>;
  if (damaged.length && !options.openDamaged)
    throw new LoupeError('unsupported', damaged.map(([k, d]) => damageNotice(k, d)).join(' '));
  const merged: WorkspaceOptions = {
    ...options,
    ...(saved.overrides ? { scan: { ...options.scan, overrides: saved.overrides } } : {}),
    ...(saved.masking !== undefined ? { masking: saved.masking } : {}),
  };
  const scanned = await scanProject(root, {
    ...scanOptionsOf(merged),
    ...(merged.signal ? { signal: merged.signal } : {}),
  });
  return { saved, options: merged, scanned };
}
