// Public API of the search (see docs/search.md).
export { type BodyPart, type CappedBody, capBody } from './body';
export { searchDelivered, searchResultJson } from './data';
export { MAX_QUERY } from './match';
export { type FileRole, roleOf, type Tier } from './rank';
export type {
  BestMatch,
  Coverage,
  DeclarationHit,
  FileResult,
  GetFileCall,
  NotShown,
  SearchOptions,
  SearchResult,
  ShownLine,
} from './result';
export { unmatchedScopeLine } from './scope';
export {
  callFor,
  focusedFiles,
  PARSED_OTHERS,
  PARSED_PER_SEARCH,
  STREAM_FROM,
  searchFocus,
  searchIndexOf,
} from './search';
export { type IndexStats, type PathRecord, SearchIndex } from './search-index';
export { needleFor, startStreamWorkers } from './stream';
