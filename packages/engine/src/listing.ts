// The engine's listing half: scan a folder and name what it hid, with the saved overrides and the
// state folder they live in. A command that only lists (`loupe ls`) imports this instead of the
// whole engine, so its process loads the scan's modules alone (no workers, masking, re2, search).

export { LoupeError } from './errors';
export {
  DEFAULT_MAX_FILE_BYTES,
  resolveRoot,
  type ScanOptions,
  type ScanProgress,
  type ScanResult,
  scanProject,
} from './scan/index';
export type { OverrideState, Overrides } from './scan/overrides';
export { loadOverrides, setOverride } from './scan/overrides-file';
export { summarizeHidden } from './scan/smart/index';
export { damageNotice } from './state/damage';
export { defaultStateDir } from './state/state-file';
