// Tree actions: loading the flattened tree, ticking (local first, then the host), expansion,
// filter, show hidden, keyboard movement, reveal, marks. I/O goes through the injected host.
import type { FocusState, HostApi, ReceivedFile, TokenUpdate, TreeSnapshot } from '@loupe/common';
import { applyFilter, makeFilter } from '../../model/filter';
import { Rows } from '../../model/rows';
import { TreeModel } from '../../model/tree-model';
import type { Mark, TreeState } from './initialState';

export interface TreeDeps {
  host: () => HostApi;
  /** Delay before the expansion state is saved (ms). */
  saveDelay?: number;
}

type Set = (partial: Partial<TreeState> | ((s: TreeState) => Partial<TreeState>)) => void;
type Get = () => TreeState;

export interface TreeActions {
  load(snapshot: TreeSnapshot, expanded?: string[]): void;
  applyTokens(update: TokenUpdate): void;
  applyFocus(focus: FocusState): void;
  toggleCheck(node: number): Promise<void>;
  setOpen(node: number, open: boolean): void;
  toggleOpen(node: number): void;
  setFilter(text: string): void;
  setShowHidden(show: boolean): void;
  setActive(node: number, scroll?: boolean): void;
  /** Arrow keys, Home/End: moves the active row. */
  move(how: 'up' | 'down' | 'home' | 'end' | 'pageUp' | 'pageDown', page?: number): void;
  /** Right: open a folder or go to its first child. Left: close or go to the parent. */
  right(): void;
  left(): void;
  /** Type-ahead: jumps to the next row whose name starts with what was typed within 700 ms. */
  typeAhead(char: string, now: number): void;
  reveal(path: string): boolean;
  setMarks(files: ReceivedFile[]): void;
  expandedPaths(): string[];
}

const TYPE_AHEAD_MS = 700;

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

  const rebuildRows = () => {
    const { model, filterText, showHidden } = get();
    if (!model || !userExpanded) return;
    const filter = makeFilter(filterText);
    if (!filter) {
      const view = new Rows(model, userExpanded, { showHidden, keep: null });
      set({ view, rows: view.rows, filterMatches: 0, highlights: new Map() });
      return;
    }
    const result = applyFilter(model, filter, showHidden);
    // Under a filter every kept folder starts open; the person's own expansion comes back after.
    const open = new Uint8Array(model.size);
    for (let i = 0; i < model.size; i++) if (result.keep[i] && model.isDir[i]) open[i] = 1;
    const view = new Rows(model, open, { showHidden, keep: result.keep });
    set({ view, rows: view.rows, filterMatches: result.matches, highlights: result.highlights });
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
      set({ model, tick: get().tick + 1, marks: new Map() });
      rebuildRows();
      const active = activePath !== null ? model.find(activePath) : -1;
      set({ active: active >= 0 ? active : get().rows.length ? 0 : -1 });
    },

    applyTokens(update) {
      const model = get().model;
      if (model?.applyTokens(update)) set({ tick: get().tick + 1 });
    },

    applyFocus(focus) {
      remote = focus;
      if (pending > 0) return; // our own toggles are in flight: the last answer settles it
      const s = get();
      const same =
        focus.include.join('\0') === s.rules.include.join('\0') &&
        focus.exclude.join('\0') === s.rules.exclude.join('\0');
      if (!same) s.model?.applyRules(focus);
      set({
        rules: { include: focus.include, exclude: focus.exclude },
        revision: focus.revision,
        tick: s.tick + (same ? 0 : 1),
      });
    },

    async toggleCheck(node) {
      const { model, rules } = get();
      if (!model?.tickable(node)) return;
      const on = model.checkState(node) !== 'checked';
      const next = model.toggle(node, on, rules);
      set({ rules: next, tick: get().tick + 1 });
      pending++;
      try {
        remote = await deps.host().toggleFocus({ path: model.pathOf(node), on });
      } finally {
        pending--;
        if (pending === 0 && remote) actions.applyFocus(remote);
      }
    },

    setOpen(node, open) {
      const view = get().view;
      if (!view?.setOpen(node, open)) return;
      rowsChanged();
      if (!get().filterText.trim()) saveExpansion();
    },

    toggleOpen(node) {
      const view = get().view;
      if (view) actions.setOpen(node, !view.isOpen(node));
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

    setActive(node, scroll = false) {
      set({ active: node });
      if (scroll) {
        const row = get().view?.rowOf(node) ?? -1;
        if (row >= 0) scrollTo(row);
      }
    },

    move(how, page = 20) {
      const { rows, view, active } = get();
      if (!rows.length || !view) return;
      const at = active >= 0 ? view.rowOf(active) : -1;
      const last = rows.length - 1;
      const target =
        how === 'home'
          ? 0
          : how === 'end'
            ? last
            : how === 'up'
              ? Math.max(0, at - 1)
              : how === 'down'
                ? Math.min(last, at + 1)
                : how === 'pageUp'
                  ? Math.max(0, at - page)
                  : Math.min(last, at + page);
      actions.setActive(rows[target]!, true);
    },

    right() {
      const { model, view, active } = get();
      if (!model || !view || active < 0 || !model.isDir[active]) return;
      if (!view.isOpen(active)) actions.setOpen(active, true);
      else {
        const row = view.rowOf(active);
        const next = get().rows[row + 1];
        if (next !== undefined && model.parent[next] === active) actions.setActive(next, true);
      }
    },

    left() {
      const { model, view, active } = get();
      if (!model || !view || active < 0) return;
      if (model.isDir[active] && view.isOpen(active) && active !== 0) actions.setOpen(active, false);
      else if (model.parent[active]! >= 0) actions.setActive(model.parent[active]!, true);
    },

    typeAhead(char, now) {
      const { model, rows, view, active, typed } = get();
      if (!model || !view || !rows.length) return;
      const text = (now - typed.at < TYPE_AHEAD_MS ? typed.text : '') + char.toLowerCase();
      set({ typed: { text, at: now } });
      const start = active >= 0 ? view.rowOf(active) : 0;
      // A fresh search starts after the current row; a growing one may stay on it.
      const from = text.length === 1 ? start + 1 : start;
      for (let k = 0; k < rows.length; k++) {
        const r = (from + k) % rows.length;
        if (model.names[rows[r]!]!.toLowerCase().startsWith(text)) {
          actions.setActive(rows[r]!, true);
          return;
        }
      }
    },

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
      for (const file of files) {
        const node = index ? (index.get(file.path) ?? -1) : model.find(file.path);
        if (node >= 0) marks.set(node, { changed: file.changed, file });
      }
      set({ marks, tick: get().tick + 1 });
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
