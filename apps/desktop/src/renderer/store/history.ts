// Undo and redo of focus changes. The history is read off the host's focus states as they arrive
// (every tick, a filter's ticks, Clear, a preset, a change from elsewhere), so every change is a
// step whoever made it. Undo sets the focus of an earlier step again through the host: a new
// revision agents see, never a rewind of the revision counter.
import type { FocusRules, FocusState, HostApi } from '@loupe/common';
import { createStore } from 'zustand/vanilla';

/** One focus the project had: its rules and the revision they first had. */
export interface FocusStep {
  rules: FocusRules;
  revision: number;
}

export interface HistoryState {
  /** Earlier focuses, the most recent last. */
  past: FocusStep[];
  /** Focuses undone, the next to redo last. */
  future: FocusStep[];
  current: FocusStep | null;
  /** An undo or redo is on its way to the host. */
  busy: boolean;
}

/** What an undo or redo did: the step it went back (or forward) to, and the new revision. */
export interface HistoryMove {
  to: number;
  revision: number;
}

export interface HistoryActions {
  /** A project opened (or none): the history starts from its focus. */
  reset(focus: FocusState | null): void;
  /** A focus state from the host (an event or an answer), in any order; older ones are ignored. */
  observe(focus: FocusState): void;
  undo(): Promise<HistoryMove | null>;
  redo(): Promise<HistoryMove | null>;
}

export type HistoryStore = HistoryState & HistoryActions;

/** Steps kept each way. */
export const HISTORY_LIMIT = 100;

const sameRules = (a: FocusRules, b: FocusRules) =>
  a.include.join('\0') === b.include.join('\0') && a.exclude.join('\0') === b.exclude.join('\0');

const stepOf = (f: FocusState): FocusStep => ({
  rules: { include: [...f.include], exclude: [...f.exclude] },
  revision: f.revision,
});

export function createHistoryStore(deps: { host: () => HostApi }) {
  return createStore<HistoryStore>()((set, get) => {
    /** The move on its way: the step it sets, and where the step it leaves goes. */
    let expected: { rules: FocusRules; leaveTo: 'past' | 'future' } | null = null;

    const move = async (from: 'past' | 'future'): Promise<HistoryMove | null> => {
      const s = get();
      const target = s[from].at(-1);
      if (!target || s.busy || !s.current) return null;
      expected = { rules: target.rules, leaveTo: from === 'past' ? 'future' : 'past' };
      set({ [from]: s[from].slice(0, -1), busy: true } as Partial<HistoryState>);
      try {
        const focus = await deps.host().setFocus(target.rules);
        get().observe(focus);
        return { to: target.revision, revision: focus.revision };
      } catch (error) {
        // Not applied: the step stays where it was.
        expected = null;
        set({ [from]: [...get()[from], target] } as Partial<HistoryState>);
        throw error;
      } finally {
        set({ busy: false });
      }
    };

    return {
      past: [],
      future: [],
      current: null,
      busy: false,
      reset(focus) {
        expected = null;
        set({ past: [], future: [], current: focus ? stepOf(focus) : null });
      },
      observe(focus) {
        const { current, past, future } = get();
        if (!current) return set({ current: stepOf(focus) });
        if (focus.revision <= current.revision) return;
        if (sameRules(focus, current.rules))
          return set({ current: { ...current, revision: focus.revision } });
        const next = stepOf(focus);
        if (expected && sameRules(focus, expected.rules)) {
          const leaveTo = expected.leaveTo;
          expected = null;
          if (leaveTo === 'future')
            set({ future: [...future, current].slice(-HISTORY_LIMIT), current: next });
          else set({ past: [...past, current].slice(-HISTORY_LIMIT), current: next });
          return;
        }
        // A new change (here or elsewhere): what was undone cannot be redone over it.
        set({ past: [...past, current].slice(-HISTORY_LIMIT), future: [], current: next });
      },
      undo: () => move('past'),
      redo: () => move('future'),
    };
  });
}
