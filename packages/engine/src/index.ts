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
  contentPath,
  openProjectFileSync,
  projectFile,
  readProjectFile,
  readProjectFileSync,
} from './content/open';
export {
  type ContentOptions,
  ContentPipeline,
  type ContentRequest,
  type ContentResult,
  type Delivered,
  type LineRange,
  type SymbolMiss,
  sliceLines,
  type Withheld,
} from './content/pipeline';
export { FLAG_REASONS, flagReason } from './content/read';
export { findSymbol, type SymbolMatch } from './content/symbols';
export {
  type Declaration,
  type DeclarationKind,
  declarations,
  declarationsOfTree,
} from './declarations/index';
export * from './errors';
export { Focus, type FocusDelta, FocusMatcher, type FocusRules, type FocusSnapshot } from './focus/focus';
export {
  checkPresetName,
  deletePreset,
  type FocusPreset,
  getPreset,
  type LoadedPresets,
  loadPresets,
  PRESET_NAME_MAX,
  presetsFile,
  renamePreset,
  savePreset,
} from './focus/presets';
export { focusFile, type LoadedFocus, loadFocus, saveFocus, updateSavedFocus } from './focus/saved';
export * from './jail/index';
export {
  type GrammarId,
  grammarOf,
  hasGrammar,
  LANGUAGES,
  type LanguageId,
  languageOf,
} from './lang/languages';
export * from './mask/index';
export * from './pack/index';
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
export * from './relations/index';
export { createGitRunner, type GitResult, type GitRunner, untrustedRootsFor } from './scan/git';
export { type GitBase, type GitChanges, type GitSet, gitChanges } from './scan/git-changes';
export {
  DEFAULT_MAX_FILE_BYTES,
  resolveRoot,
  type ScanOptions,
  type ScanProgress,
  type ScanResult,
  scanProject,
} from './scan/index';
export { judgeNamedFile, type NamedFile } from './scan/named';
export { normalizeOverridePath, type OverrideState, type Overrides } from './scan/overrides';
export {
  type LoadedOverrides,
  loadOverrides,
  overridesFile,
  type SavedOverrides,
  saveOverrides,
  setOverride,
} from './scan/overrides-file';
export { MARKERS, type StackId, summarizeHidden } from './scan/smart/index';
export * from './search/index';
export * from './session/index';
export { DamagedState, type DamageKind, damageNotice } from './state/damage';
export { withLock } from './state/lock';
export {
  ancestorsProblem,
  ensureFolder,
  type FolderLevel,
  folderProblem,
  readOwnFile,
  UnusableFile,
  writeFileAtomic,
} from './state/private-fs';
export {
  DEFAULT_PROJECT_SETTINGS,
  type LoadedProjectSettings,
  loadProjectSettings,
  type ProjectSettings,
  projectSettingsFile,
  saveProjectSettings,
} from './state/project-settings';
export {
  defaultStateDir,
  projectStateDir,
  readState,
  type StateDamage,
  updateState,
  writeState,
} from './state/state-file';
export * from './tokens/index';
export * from './tree/index';
export * from './types';
export type { Event, Listener } from './util/emitter';
export * from './watch/index';
export { FileIndex, type IndexEntry } from './workspace/file-index';
export {
  type TokenProgress,
  Workspace,
  type WorkspaceOptions,
} from './workspace/workspace';
