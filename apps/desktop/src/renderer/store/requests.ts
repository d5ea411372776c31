// Strict focus: the reads waiting for the person's answer (newest first, as the host sends them)
// and the answer. One small domain, one file; I/O through the injected host.
import type { AccessChoice, AccessRequestInfo, HostApi } from '@loupe/common';
import { createStore } from 'zustand/vanilla';

export interface RequestsState {
  requests: AccessRequestInfo[];
  /** Requests whose answer is on its way (their buttons are disabled). */
  answering: string[];
}

export interface RequestsActions {
  setRequests(requests: AccessRequestInfo[]): void;
  /** Answers one request; a request that lapsed meanwhile is dropped with the host's sentence. */
  answer(id: string, choice: AccessChoice): Promise<void>;
}

export type RequestsStore = RequestsState & RequestsActions;

export function createRequestsStore(deps: { host: () => HostApi; onError: (message: string) => void }) {
  return createStore<RequestsStore>()((set, get) => ({
    requests: [],
    answering: [],
    setRequests: (requests) =>
      set({ requests, answering: get().answering.filter((id) => requests.some((r) => r.id === id)) }),
    async answer(id, choice) {
      set({ answering: [...get().answering, id] });
      try {
        get().setRequests(await deps.host().answerAccessRequest({ id, choice }));
      } catch (error) {
        deps.onError((error as Error).message);
        set({
          requests: get().requests.filter((r) => r.id !== id),
          answering: get().answering.filter((x) => x !== id),
        });
      }
    },
  }));
}
