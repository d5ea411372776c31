// Public API of relations (import edges; see docs/search.md).
export { expandUseTree, type FileFacts, fileFacts, type ImportKind, type RawImport } from './imports';
export {
  type Direction,
  type EdgeInfo,
  isSupported,
  type RelatedFile,
  type Relations,
  type RelationsOptions,
  relatedFiles,
} from './relations';
export type { EdgeStatus, Resolution, Target } from './types';
