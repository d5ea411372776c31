// Focus presets and git-aware ticking: the host does the work (the focus is the host's); the store
// keeps what the panel shows and says what went wrong through `notify`.
import type { FocusPreset, FocusState, GitFiles, GitSet, HostApi, Notice } from '@loupe/common';
import type { FocusToolsState } from './initialState';

export interface FocusToolsDeps {
  host: () => HostApi;
  /** Where errors go (the project store's notices). */
  notify: (notice: Notice) => void;
}

type Set = (partial: Partial<FocusToolsState>) => void;
type Get = () => FocusToolsState;

export interface FocusToolsActions {
  load(): Promise<void>;
  setPresets(presets: FocusPreset[]): void;
  setGit(git: GitFiles): void;
  /** Saves the focus as `name`; resolves to whether it was saved. */
  save(name: string): Promise<boolean>;
  restore(name: string): Promise<FocusState | null>;
  rename(from: string, to: string): Promise<boolean>;
  remove(name: string): Promise<boolean>;
  tick(which: GitSet): Promise<FocusState | null>;
  follow(which: GitSet | null): Promise<void>;
}

export function createFocusToolsActions(set: Set, get: Get, deps: FocusToolsDeps): FocusToolsActions {
  /** Runs one host command with its button marked busy; a refusal becomes a notice. */
  const run = async <T>(what: string, fn: () => Promise<T>): Promise<T | null> => {
    set({ busy: what });
    try {
      return await fn();
    } catch (error) {
      deps.notify({ level: 'error', message: (error as Error).message });
      return null;
    } finally {
      if (get().busy === what) set({ busy: null });
    }
  };
  const presets = async (fn: () => Promise<FocusPreset[]>, what: string) => {
    const list = await run(what, fn);
    if (list) set({ presets: list });
    return list !== null;
  };

  return {
    async load() {
      const host = deps.host();
      const [list, git] = await Promise.all([host.listPresets(), host.gitFiles()]);
      set({ presets: list, git });
    },
    setPresets: (list) => set({ presets: list }),
    setGit: (git) => set({ git }),
    save: (name) => presets(() => deps.host().savePreset({ name }), 'save'),
    restore: (name) => run(`restore:${name}`, () => deps.host().loadPreset({ name })),
    rename: (from, to) => presets(() => deps.host().renamePreset({ from, to }), `rename:${from}`),
    remove: (name) => presets(() => deps.host().deletePreset({ name }), `delete:${name}`),
    tick: (which) => run(`tick:${which}`, () => deps.host().tickGitFiles({ which })),
    async follow(which) {
      // The box shows the choice at once (a controlled checkbox would flip back until the host
      // answers); a refusal puts back what was there.
      const before = get().git;
      if (before) set({ git: { ...before, following: which } });
      const git = await run('follow', () => deps.host().followGitFiles({ which }));
      if (git) set({ git });
      else if (before && get().git?.following === which)
        set({ git: { ...get().git!, following: before.following } });
    },
  };
}
