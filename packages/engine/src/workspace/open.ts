// What opening a Workspace reads before the Workspace exists (workspace.ts `open`): the saved
// choices for the project (focus, show/hide overrides, masking), refused while damaged unless the
// caller shows damage (`openDamaged`), merged under the caller's options, then the scan.

import { LoupeError } from '../errors';
import { resolveRoot, type ScanResult, scanProject } from '../scan/index';
import { damageNotice } from '../state/damage';
import { loadSavedChoices, type SavedChoices } from '../state/saved-choices';
import type { StateDamage } from '../state/state-file';
import { EarlyWatches } from '../watch/early';
import { scanOptionsOf, type WorkspaceOptions } from './options';

export interface Opening {
  saved: SavedChoices;
  /** The caller's options with the saved overrides and masking where the caller named none. */
  options: WorkspaceOptions;
  scanned: ScanResult;
  /** When the scan began (ms, this machine's clock): the watch's start checks what changed since. */
  scannedAt: number;
  /** The folder watches placed during the scan, for a workspace that will be watched (watch/early.ts). */
  early?: EarlyWatches;
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
  const scan = scanOptionsOf(merged);
  const early = merged.watch || merged.watchLater ? new EarlyWatches() : undefined;
  const scannedAt = Date.now();
  let scanned: ScanResult;
  try {
    scanned = await scanProject(root, {
      ...scan,
      ...(merged.signal ? { signal: merged.signal } : {}),
      ...(early
        ? {
            onWalked: (dirs: readonly string[], at: string) => {
              scan.onWalked?.(dirs, at);
              early.place(at, dirs);
            },
          }
        : {}),
    });
  } catch (error) {
    early?.close();
    throw error;
  }
  return { saved, options: merged, scanned, scannedAt, ...(early ? { early } : {}) };
}
