// Public API of the context engine. Consumers import from here only.
export * from './errors';
export { type FocusDelta, FocusMatcher, type FocusRules, type FocusSnapshot } from './focus/focus';
export * from './jail/index';
export { compareBytewise } from './scan/bytes';
export { createGitRunner, type GitResult, type GitRunner } from './scan/git';
export {
  DEFAULT_MAX_FILE_BYTES,
  resolveRoot,
  type ScanOptions,
  type ScanProgress,
  type ScanResult,
  scanProject,
} from './scan/index';
export * from './session/index';
export { defaultStateDir, projectStateDir } from './state/store';
export * from './tokens/index';
export * from './tree/index';
export * from './types';
export type { Event, Listener } from './util/emitter';
export { FileIndex, type IndexEntry } from './workspace/file-index';
export {
  type FocusSummary,
  type TokenProgress,
  Workspace,
  type WorkspaceOptions,
} from './workspace/workspace';
