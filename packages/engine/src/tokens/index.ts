// Exact token counts (js-tiktoken's encodings, several times faster), counted in worker threads
// and cached on disk by content hash in the user's cache folder.
export { userCacheDir } from './cache-dir';
export { type CounterOptions, countTokens, createCounter, decodeText, type TokenCounter } from './count';
export { sumByFolder } from './folders';
export { ENCODINGS, isEncoding } from './ranks';
export {
  type CountOptions,
  createTokenService,
  type FileToCount,
  type FileTokens,
  type TokenService,
  type TokenServiceOptions,
} from './service';
