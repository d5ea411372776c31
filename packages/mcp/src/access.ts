// Strict focus asks the person: the contract between a tool that wants to read an unticked file
// and whoever can ask (the window's host). Without an asker (headless), nobody can be asked and
// the read is refused with the command that changes the focus.
import type { RelPath } from '@loupe/common';
import type { AccessDecision, LineSpan } from '@loupe/engine';

/** One read waiting for the person's answer. */
export interface AccessRequest {
  sessionId: string;
  /** The client's name as it introduced itself (or "unnamed client (socket)"). */
  client: string;
  path: RelPath;
  lines?: LineSpan;
  symbol?: string;
  tool: string;
}

export interface AccessAnswer {
  decision: Exclude<AccessDecision, 'headless'>;
  decidedBy: 'person' | 'time limit' | 'agent' | 'no window' | 'bound';
  at: Date;
  /** The focus revision after the path was ticked (add-to-focus). */
  revision?: number;
}

export interface AccessAsker {
  /**
   * Shows the request to the person and resolves with their answer, 'timeout' when the bound
   * runs out, or 'withdrawn' when `signal` aborts (the agent cancelled, or its session ended).
   */
  ask(request: AccessRequest, signal?: AbortSignal): Promise<AccessAnswer>;
  /** How long a request waits for an answer, in milliseconds. */
  readonly timeoutMs: number;
}
