// Public API of the search (see docs/search.md).
export { type BodyPart, type CappedBody, capBody } from './body';
export { MAX_QUERY } from './match';
export { type FileRole, roleOf, type Tier } from './rank';
export {
  getFileCall,
  type RenderedSearch,
  type RenderSearchOptions,
  renderSearch,
  renderSearchResult,
  searchDelivered,
  searchResultJson,
} from './render';
export type {
  BestMatch,
  Coverage,
  DeclarationHit,
  FileResult,
  GetFileCall,
  SearchOptions,
  SearchResult,
  ShownLine,
} from './result';
export { callFor, focusedFiles, searchFocus, searchIndexOf } from './search';
export { type IndexStats, type PathRecord, SearchIndex } from './search-index';
