// Public API of the context engine. Consumers import from here only.
export * from './errors';
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
export * from './types';
