import type { SessionDetail, SessionSummary } from '@loupe/common';

export interface SessionsState {
  sessions: SessionSummary[];
  /** The session whose receipt is open. */
  selected: string | null;
  detail: SessionDetail | null;
  /** Whose received files carry marks in the tree: every session, or one. */
  markSource: 'all' | string;
}

export const initialSessionsState: SessionsState = {
  sessions: [],
  selected: null,
  detail: null,
  markSource: 'all',
};
