// Which panel is open, and short confirmations (toasts). Pure UI state: no I/O.
import type { PanelId } from '@loupe/common';
import { createStore } from 'zustand/vanilla';

/** The open panel (@loupe/common's PANELS), or none. */
export type Panel = PanelId | null;

export interface Toast {
  id: number;
  text: string;
}

export interface UiState {
  panel: Panel;
  toasts: Toast[];
  /** The tree's filter box should take the keyboard focus (seq changes on each request). */
  focusFilter: number;
}

export interface UiActions {
  open(panel: Panel): void;
  toggle(panel: Exclude<Panel, null>): void;
  toast(text: string): void;
  dismissToast(id: number): void;
  requestFilterFocus(): void;
}

export type UiStore = UiState & UiActions;

export function createUiStore() {
  let id = 0;
  return createStore<UiStore>()((set, get) => ({
    panel: null,
    toasts: [],
    focusFilter: 0,
    open: (panel) => set({ panel }),
    toggle: (panel) => set({ panel: get().panel === panel ? null : panel }),
    toast: (text) => set({ toasts: [...get().toasts.slice(-2), { id: ++id, text }] }),
    dismissToast: (t) => set({ toasts: get().toasts.filter((x) => x.id !== t) }),
    requestFilterFocus: () => set({ focusFilter: get().focusFilter + 1 }),
  }));
}
