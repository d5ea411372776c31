// Agent sessions: the ledger of delivered content, receipts, and what changed since delivery.

export { ContentHasher, type ReceivedChange, type ReceivedStatus, sha256 } from './changes';
export { receiptMarkdown, receiptText, requestText, savingsOf, sessionReceipt } from './format';
export {
  type DeliveredSpan,
  DeliveryLedger,
  formatRanges,
  type LineSpan,
  type ReadPlan,
  type ReceivedFile,
} from './ledger';
export {
  type AccessDecision,
  type AccessRequestReceipt,
  argumentSizes,
  type CallReceipt,
  type ClientInfo,
  type DeliveredReceipt,
  listReceipts,
  type ReceiptOptions,
  ReceiptWriter,
  receiptsDir,
  type SessionReceipt,
  SessionRecorder,
  type SessionStart,
} from './receipts';
export {
  AgentSession,
  type CallEvent,
  type ReceivedEntry,
  SessionRegistry,
  type SessionRegistryOptions,
} from './sessions';
