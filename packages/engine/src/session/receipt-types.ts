// What a receipt holds: the session (transport, client, project) and per call the tool, argument
// sizes, revision, what was delivered (paths, line ranges, hashes) and masked counts. Never file
// contents, search text or secret values.
import type { RelPath } from '../types';
import type { LineSpan } from './ledger';

export interface ClientInfo {
  name: string;
  version: string;
}

export interface SessionStart {
  /** e.g. 'socket', 'bridge-headless', 'stdio', 'http', 'memory'. */
  transport: string;
  project: string;
  client?: ClientInfo;
  /** Served without the app (headless bridge or `loupe mcp`). */
  headless?: boolean;
}

export interface DeliveredReceipt {
  path: RelPath;
  lines: LineSpan[];
  hash: string;
  detail: string;
}

/** How a strict-focus request ended (docs/security.md#strict-focus). */
export type AccessDecision =
  | 'allow-once'
  | 'add-to-focus'
  | 'deny'
  | 'timeout'
  | 'headless'
  | 'withdrawn'
  | 'busy';

/**
 * One read a strict focus turned into a request to the person: what was asked (the path, a line
 * range or that a symbol was named; never the symbol's text), and who decided what, when.
 */
export interface AccessRequestReceipt {
  path: RelPath;
  lines?: LineSpan;
  bySymbol?: boolean;
  asked: string;
  decision: AccessDecision;
  /**
   * 'person' (in the window), 'time limit', 'no window' (headless), 'agent' (it cancelled the
   * call), 'bound' (too many requests were waiting already).
   */
  decidedBy: 'person' | 'time limit' | 'no window' | 'agent' | 'bound';
  decidedAt: string;
}

export interface CallReceipt {
  n: number;
  tool: string;
  /** Argument name -> size of its JSON form (never the value). */
  args: Record<string, number>;
  revision: number;
  ms: number;
  resultTokens: number;
  delivered: DeliveredReceipt[];
  /** Masked values per rule id. */
  masked: Record<string, number>;
  /** Reads this call asked the person for (strict focus). */
  requests?: AccessRequestReceipt[];
  /**
   * Calls that read files (get_file, pack): what the files read or answered by reference would
   * have cost read whole, at the content the call saw (the index's count of each file at that hash).
   */
  wholeTokens?: number;
  error?: string;
  at: string;
}

export interface SessionReceipt extends SessionStart {
  id: string;
  start: string;
  end?: string;
  calls: CallReceipt[];
  /** Calls not written because the session's file reached its size bound. */
  dropped: number;
}
