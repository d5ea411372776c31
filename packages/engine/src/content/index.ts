// Public API of the content pipeline (docs/architecture.md: the one data path).

export { isBinary, SNIFF_BYTES } from './classify';
export { compressible, detailOf, ladder } from './detail';
export { maskedIn } from './label';
export { type MaskedText, type Masker, type MaskOutcome, noMasking, type PendingMask } from './mask-stage';
export { maskedFrom, maskHere, maskPrepared } from './maskers';
export { type ContentOptions, ContentPipeline } from './pipeline';
export {
  type ContentDeps,
  type FileContent,
  type FileRequest,
  finishFile,
  type ProcessedFile,
  processFile,
  readMasked,
  type SymbolMiss,
} from './process';
export { type FileInput, readBytesAsync, readBytesSync } from './read';
export { type LineRange, sliceLines } from './select';
export { findSymbol, type SymbolMatch } from './symbols';
export { FLAG_REASONS, flagReason, reasonPhrase, type Withheld, type WithheldCause } from './withheld';
