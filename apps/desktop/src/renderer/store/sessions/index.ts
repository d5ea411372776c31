import { createStore } from 'zustand/vanilla';
import { createSessionsActions, type SessionsActions, type SessionsDeps } from './action';
import { initialSessionsState, type SessionsState } from './initialState';

export type SessionsStore = SessionsState & SessionsActions;

export function createSessionsStore(deps: SessionsDeps) {
  return createStore<SessionsStore>()((set, get) => ({
    ...initialSessionsState,
    ...createSessionsActions(set, get, deps),
  }));
}

export type { SessionsState } from './initialState';
