// Public API of packing (see docs/packing.md).
export { DATA_LABEL, type PackDeps, type PackReport, packFocus, packFocusTo } from './pack';
export { type ParsedFile, type ParsedPack, parsePack } from './parse';
export { type Ranked, rankFiles, translationOf } from './priority';
export {
  type AlreadyReceived,
  DEFAULT_BUDGET,
  FILE_SHARE,
  type Included,
  type OmitKind,
  type Omitted,
  type Outcome,
  PACK_FORMATS,
  type PackCoverage,
  type PackDelivery,
  type PackFormat,
  type PackOptions,
  type PackResult,
  type ReceivedBefore,
  type Referenced,
  type Step,
  TREE_SHARE,
} from './types';
export type { PackProgress, PackWatch } from './watch';
