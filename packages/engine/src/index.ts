// Public API of the context engine. Consumers import from here only.

export {
  type CompressOptions,
  type CompressResult,
  type CompressStats,
  compress,
  isTestFile,
  LEVELS,
  type Level,
  levelsFor,
} from './compress/index';
export {
  type Declaration,
  type DeclarationKind,
  declarations,
  declarationsOfTree,
} from './declarations/index';
export * from './errors';
export {
  type GrammarId,
  grammarOf,
  hasGrammar,
  LANGUAGES,
  type LanguageId,
  languageOf,
} from './lang/languages';
export {
  copyGrammars,
  defaultParseCache,
  GRAMMAR_IDS,
  GRAMMAR_SOURCES,
  locateGrammar,
  ParseCache,
  syntaxFor,
  withTree,
} from './parse/index';
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
