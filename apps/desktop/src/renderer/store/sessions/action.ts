import type { HostApi, Receipt, ReceiptFormat, ReceivedFile, SessionSummary } from '@loupe/common';
import type { SessionsState } from './initialState';

export interface SessionsDeps {
  host: () => HostApi;
}

type Set = (partial: Partial<SessionsState>) => void;
type Get = () => SessionsState;

export interface SessionsActions {
  setSessions(sessions: SessionSummary[]): void;
  select(id: string | null): Promise<void>;
  refreshDetail(): Promise<void>;
  setMarkSource(source: 'all' | string): void;
  /** The files that carry marks now (per markSource). */
  receivedFiles(): Promise<ReceivedFile[]>;
  receipt(id: string, format: ReceiptFormat): Promise<Receipt>;
}

export function createSessionsActions(set: Set, get: Get, deps: SessionsDeps): SessionsActions {
  const actions: SessionsActions = {
    setSessions(sessions) {
      set({ sessions });
      if (get().selected) void actions.refreshDetail();
    },
    async select(id) {
      set({ selected: id, detail: null });
      if (id) await actions.refreshDetail();
    },
    async refreshDetail() {
      const id = get().selected;
      if (!id) return;
      const detail = await deps.host().getSession({ id });
      if (get().selected === id) set({ detail });
    },
    setMarkSource(source) {
      set({ markSource: source });
    },
    async receivedFiles() {
      const source = get().markSource;
      return deps.host().receivedFiles(source === 'all' ? {} : { sessionId: source });
    },
    receipt(id, format) {
      return deps.host().exportReceipt({ id, format });
    },
  };
  return actions;
}
