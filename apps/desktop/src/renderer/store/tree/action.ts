// Tree actions: loading the flattened tree, ticking (local first, then the host; under a filter,
// the matches shown), expansion, filter, sort, show hidden, reveal, marks. Keyboard movement is its
// own slice (keyboard.ts). I/O goes through the injected host.
import type { FocusRules, FocusState, HostApi, ReceivedFile, TokenUpdate, TreeSnapshot } from '@loupe/common';
import { applyFilter, filterProblem, makeFilter } from '../../model/filter';
import { FilterScope } from '../../model/filter-scope';
import { Rows } from '../../model/rows';
import { type TreeSort, tokenOrder } from '../../model/sort';
import { TreeModel } from '../../model/tree-model';
import type { Mark, MarkCount, TreeState } from './initialState';
import { createKeyboardActions, type KeyboardActions } from './keyboard';

export interface TreeDeps {
  host: () => HostApi;
  /** Delay before the expansion state is saved (ms). */
  saveDelay?: number;
}

type Set = (partial: Partial<TreeState> | ((s: TreeState) => Partial<TreeState>)) => void;
type Get = () => TreeState;

export interface TreeActions extends KeyboardActions {
  load(snapshot: TreeSnapshot, expanded?: string[]): void;
  applyTokens(update: TokenUpdate): void;
  applyFocus(focus: FocusState): void;
  /** Ticks or unticks a node; under a filter, a folder's tick applies to the matches shown in it. */
  toggleCheck(node: number): Promise<void>;
  /** The person keeps the focus as the window shows it (resolves a damaged saved focus). */
  keepFocus(): Promise<void>;
  setOpen(node: number, open: boolean): void;
  toggleOpen(node: number): void;
  /** Expand all (every folder) or collapse all (every folder but the root). */
  setAllOpen(open: boolean): void;
  setFilter(text: string): void;
  setShowHidden(show: boolean): void;
  setSort(sort: TreeSort): void;
  setActive(node: number, scroll?: boolean): void;
  reveal(path: string): boolean;
  setMarks(files: ReceivedFile[]): void;
  expandedPaths(): string[];
}

export function createTreeActions(set: Set, get: Get, deps: TreeDeps): TreeActions {
  let pending = 0;
  let remote: FocusState | null = null;
  let userExpanded: Uint8Array | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;

  const rowsChanged = () => set((s) => ({ rows: s.view ? s.view.rows : [] }));
  const scrollTo = (row: number) => set({ scrollTo: { row, seq: ++seq } });

  const saveExpansion = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      void deps
        .host()
        .saveViewState({ expanded: actions.expandedPaths() })
        .catch(() => {});
    }, deps.saveDelay ?? 500);
  };

  /** The ticks in the model changed: the filter's counts follow, rows re-render. */
  const ticksChanged = (rules?: FocusRules) => {
    get().scope?.recount();
    set((s) => ({ tick: s.tick + 1, ...(rules ? { rules } : {}) }));
  };

  /** Sends a focus change; the host's last answer settles the ticks once none is in flight. */
  const send = async (call: () => Promise<FocusState>) => {
    pending++;
    try {
      remote = await call();
    } finally {
      pending--;
      if (pending === 0 && remote) actions.applyFocus(remote);
    }
  };

  const rebuildRows = () => {
    const { model, filterText, showHidden, order } = get();
    if (!model || !userExpanded) return;
    const filterError = filterProblem(filterText);
    const filter = filterError ? null : makeFilter(filterText);
    if (!filter) {
      const view = new Rows(model, userExpanded, { showHidden, keep: null, order });
      set({ view, rows: view.rows, filterMatches: 0, highlights: new Map(), scope: null, filterError });
      return;
    }
    const result = applyFilter(model, filter, showHidden);
    // Under a filter every kept folder starts open; the person's own expansion comes back after.
    const open = new Uint8Array(model.size);
    for (let i = 0; i < model.size; i++) if (result.keep[i] && model.isDir[i]) open[i] = 1;
    const view = new Rows(model, open, { showHidden, keep: result.keep, order });
    set({
      view,
      rows: view.rows,
      filterMatches: result.matches,
      highlights: result.highlights,
      scope: new FilterScope(model, result),
      filterError: null,
    });
  };

  /** The active node, or its nearest shown ancestor when it went out of view. */
  const keepActiveInView = () => {
    const { model, view, active } = get();
    if (!model || !view || active < 0) return;
    let a = active;
    while (a > 0 && view.rowOf(a) < 0) a = model.parent[a]!;
    if (a !== active) set({ active: a });
  };

  const actions: TreeActions = {
    load(snapshot, expanded) {
      const model = new TreeModel(snapshot);
      const previous = get().model;
      const keep = expanded ?? (previous ? actions.expandedPaths() : []);
      userExpanded = new Uint8Array(model.size);
      userExpanded[0] = 1;
      for (const i of model.findFolders(keep)) userExpanded[i] = 1;
      // A fresh model has nothing ticked: with no rules there is nothing to apply.
      if (get().rules.include.length) model.applyRules(get().rules);
      const activePath = previous && get().active >= 0 ? previous.pathOf(get().active) : null;
      set({
        model,
        tick: get().tick + 1,
        marks: new Map(),
        markCounts: new Map(),
        order: get().sort === 'tokens' ? tokenOrder(model) : null,
      });
      rebuildRows();
      const active = activePath !== null ? model.find(activePath) : -1;
      set({ active: active >= 0 ? active : get().rows.length ? 0 : -1 });
    },

    applyTokens(update) {
      const model = get().model;
      if (!model?.applyTokens(update)) return;
      set({ tick: get().tick + 1 });
      // Sorted by tokens: new counts can move rows (counts arrive in batches, not per file).
      if (get().sort === 'tokens') {
        set({ order: tokenOrder(model) });
        rebuildRows();
      }
    },

    applyFocus(focus) {
      remote = focus;
      set({ damaged: focus.damaged ?? [] });
      if (pending > 0) return; // our own toggles are in flight: the last answer settles it
      const s = get();
      const same =
        focus.include.join('\0') === s.rules.include.join('\0') &&
        focus.exclude.join('\0') === s.rules.exclude.join('\0');
      if (!same) {
        s.model?.applyRules(focus);
        s.scope?.recount();
      }
      set({
        rules: { include: focus.include, exclude: focus.exclude },
        revision: focus.revision,
        tick: s.tick + (same ? 0 : 1),
      });
    },

    async keepFocus() {
      actions.applyFocus(await deps.host().setFocus(get().rules));
    },

    async toggleCheck(node) {
      const { model, rules, scope } = get();
      if (!model?.tickable(node)) return;
      // Under a filter a folder stands for its matches, unless they are all it holds.
      const filtered = scope !== null && !scope.whole(node);
      if (filtered && scope.files[node] === 0) return;
      const on = (filtered ? scope.checkState(node) : model.checkState(node)) !== 'checked';
      const targets = filtered ? scope.targets(node) : [node];
      const next = model.toggleMany(targets, on, rules);
      ticksChanged(next);
      const path = model.pathOf(node);
      await send(() => (filtered ? deps.host().setFocus(next) : deps.host().toggleFocus({ path, on })));
    },

    setOpen(node, open) {
      const view = get().view;
      if (!view?.setOpen(node, open)) return;
      rowsChanged();
      if (!view.options.keep) saveExpansion();
    },

    toggleOpen(node) {
      const view = get().view;
      if (view) actions.setOpen(node, !view.isOpen(node));
    },

    setAllOpen(open) {
      const view = get().view;
      if (!view) return;
      view.setAllOpen(open);
      rowsChanged();
      keepActiveInView();
      if (!view.options.keep) saveExpansion();
    },

    setFilter(text) {
      set({ filterText: text });
      rebuildRows();
      const { rows, active } = get();
      if (active < 0 || get().view?.rowOf(active) === -1)
        set({ active: rows.length > 1 ? rows[1]! : (rows[0] ?? -1) });
    },

    setShowHidden(show) {
      set({ showHidden: show });
      rebuildRows();
    },

    setSort(sort) {
      const model = get().model;
      set({ sort, order: model && sort === 'tokens' ? tokenOrder(model) : null });
      rebuildRows();
      const { active, view } = get();
      if (active >= 0 && view) {
        const row = view.rowOf(active);
        if (row >= 0) scrollTo(row);
      }
    },

    setActive(node, scroll = false) {
      set({ active: node });
      if (scroll) {
        const row = get().view?.rowOf(node) ?? -1;
        if (row >= 0) scrollTo(row);
      }
    },

    ...createKeyboardActions(set, get, {
      setActive: (node, scroll) => actions.setActive(node, scroll),
      setOpen: (node, open) => actions.setOpen(node, open),
    }),

    reveal(path) {
      const { model, view } = get();
      if (!model || !view) return false;
      const node = model.find(path);
      if (node < 0) return false;
      if (view.options.keep && !view.options.keep[node]) {
        set({ filterText: '' });
        rebuildRows();
      }
      const current = get().view!;
      if (!current.visible(node) && model.hidden[node]) actions.setShowHidden(true);
      if (get().view!.reveal(node)) {
        rowsChanged();
        saveExpansion();
      }
      actions.setActive(node, true);
      return true;
    },

    setMarks(files) {
      const model = get().model;
      if (!model) return;
      const index = files.length > 64 ? model.index() : null;
      const marks = new Map<number, Mark>();
      const markCounts = new Map<number, MarkCount>();
      for (const file of files) {
        const node = index ? (index.get(file.path) ?? -1) : model.find(file.path);
        if (node < 0 || marks.has(node)) continue;
        marks.set(node, { changed: file.changed, file });
        for (let a = model.parent[node]!; a >= 0; a = model.parent[a]!) {
          const c = markCounts.get(a) ?? { received: 0, changed: 0 };
          c.received++;
          if (file.changed) c.changed++;
          markCounts.set(a, c);
        }
      }
      set({ marks, markCounts, tick: get().tick + 1 });
    },

    expandedPaths() {
      const model = get().model;
      if (!model || !userExpanded) return [];
      const out: string[] = [];
      for (let i = 1; i < model.size; i++) if (userExpanded[i]) out.push(model.pathOf(i));
      return out;
    },
  };
  return actions;
}
