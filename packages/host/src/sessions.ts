// Where the window's agent sessions come from: the MCP server's session ledger for the open
// project. The host reads it through this small interface so the window does not depend on how
// the ledger stores its records.
import type {
  CallRecord,
  Receipt,
  ReceiptFormat,
  ReceivedFile,
  SessionDetail,
  SessionSummary,
  Unsubscribe,
} from '@loupe/common';

export interface SessionSource {
  list(): SessionSummary[];
  get(id: string): SessionDetail | null;
  /** Files received by one session, or by every session when id is absent (latest call wins). */
  received(sessionId?: string): ReceivedFile[];
  receipt(id: string, format: ReceiptFormat): Receipt | null;
  onDidChange(listener: () => void): Unsubscribe;
  onDidCall(listener: (event: { sessionId: string; client: string; call: CallRecord }) => void): Unsubscribe;
}
