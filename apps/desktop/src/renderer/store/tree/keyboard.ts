// The tree's keyboard movement: arrows, Home/End, Page Up/Down, Right/Left, type-ahead. Reads the
// rows and moves the active node through the store's own setActive and setOpen.
import type { TreeState } from './initialState';

export interface KeyboardActions {
  /** Arrow keys, Home/End: moves the active row. */
  move(how: 'up' | 'down' | 'home' | 'end' | 'pageUp' | 'pageDown', page?: number): void;
  /** Right: open a folder or go to its first child. Left: close or go to the parent. */
  right(): void;
  left(): void;
  /** Type-ahead: jumps to the next row whose name starts with what was typed within 700 ms. */
  typeAhead(char: string, now: number): void;
}

const TYPE_AHEAD_MS = 700;

export function createKeyboardActions(
  set: (partial: Partial<TreeState>) => void,
  get: () => TreeState,
  tree: { setActive(node: number, scroll?: boolean): void; setOpen(node: number, open: boolean): void },
): KeyboardActions {
  return {
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
      tree.setActive(rows[target]!, true);
    },

    right() {
      const { model, view, active } = get();
      if (!model || !view || active < 0 || !model.isDir[active]) return;
      if (!view.isOpen(active)) tree.setOpen(active, true);
      else {
        const row = view.rowOf(active);
        const next = get().rows[row + 1];
        if (next !== undefined && model.parent[next] === active) tree.setActive(next, true);
      }
    },

    left() {
      const { model, view, active } = get();
      if (!model || !view || active < 0) return;
      if (model.isDir[active] && view.isOpen(active) && active !== 0) tree.setOpen(active, false);
      else if (model.parent[active]! >= 0) tree.setActive(model.parent[active]!, true);
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
          tree.setActive(rows[r]!, true);
          return;
        }
      }
    },
  };
}
