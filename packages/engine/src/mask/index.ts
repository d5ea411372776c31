// Public API of secret masking (see docs/masking.md).
export {
  assembleMask,
  type MaskFinding,
  type MaskResult,
  maskText,
  type PreparedMark,
  type PreparedMask,
  prepareMask,
} from './mask';
export { createMaskPool, type MaskInput, type MaskPool, type MaskPoolOptions } from './pool';
export {
  countByRule,
  type MaskSummary,
  maskingFooter,
  maskingNotice,
  PLACEHOLDER_WARNING,
  summarizeMasking,
} from './report';
export { defaultRulesPath, loadMaskRules, type MaskRules, PINNED_RULES_SHA256 } from './rules';
export { DEFAULT_LIMITS, type MaskLimits } from './scan';
export { MaskSession } from './session';
