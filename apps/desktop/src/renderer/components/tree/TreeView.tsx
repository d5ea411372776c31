// The project tree: a virtualized ARIA tree. The container holds the keyboard focus and points at
// the active row with aria-activedescendant; arrows move, Space ticks, Enter opens or closes,
// Left/Right close/open or move to parent/child, Home/End jump, printable keys search by name.
import { useCallback, useMemo } from 'react';
import { showPreview, tick } from '../../app/commands';
import { useProject, useTree } from '../../store/hooks';
import { treeStore } from '../../store/index';
import { treeSelectors } from '../../store/tree/index';
import { VirtualList } from '../VirtualList';
import { type RowActions, TreeRow } from './TreeRow';

export const ROW_HEIGHT = 24;

/** Runs the tree's action for a key; returns whether the key was the tree's. */
function runKey(key: string, page: number): boolean {
  const t = treeStore.getState();
  switch (key) {
    case 'ArrowDown':
      t.move('down');
      return true;
    case 'ArrowUp':
      t.move('up');
      return true;
    case 'Home':
      t.move('home');
      return true;
    case 'End':
      t.move('end');
      return true;
    case 'PageDown':
      t.move('pageDown', page);
      return true;
    case 'PageUp':
      t.move('pageUp', page);
      return true;
    case 'ArrowRight':
      t.right();
      return true;
    case 'ArrowLeft':
      t.left();
      return true;
    case ' ':
      if (t.active >= 0) tick(t.active);
      return true;
    case 'Enter':
      if (t.active >= 0 && t.model?.isDir[t.active]) t.toggleOpen(t.active);
      else if (t.active >= 0 && t.model && !t.model.hidden[t.active]) showPreview(t.model.pathOf(t.active));
      return true;
    default:
      if (key.length !== 1) return false;
      t.typeAhead(key, performance.now());
      return true;
  }
}

export function TreeView({
  onOverride,
  disabled = false,
}: {
  onOverride(node: number, state: 'show' | 'hide'): void;
  /** The link to the host is down: the last tree stays visible, not operable. */
  disabled?: boolean;
}) {
  // Everything a row can show changes with one of these; rows compare their own props.
  const state = useTree((s) => ({
    rows: s.rows,
    tick: s.tick,
    active: s.active,
    scrollTo: s.scrollTo,
    model: s.model,
    view: s.view,
    marks: s.marks,
    highlights: s.highlights,
  }));
  const rootName = useProject((s) => s.project?.name ?? 'project');
  const actions = useMemo<RowActions>(() => {
    const t = () => treeStore.getState();
    return {
      activate: (node) => t().setActive(node),
      toggleOpen: (node) => t().toggleOpen(node),
      openFile: (node) => showPreview(t().model!.pathOf(node)),
      toggleCheck: tick,
      override: onOverride,
    };
  }, [onOverride]);

  const onKeyDown = useCallback((e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.metaKey || e.ctrlKey) return;
    const page = Math.max(1, Math.floor(e.currentTarget.clientHeight / ROW_HEIGHT) - 1);
    if (runKey(e.key, page)) e.preventDefault();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the model mutates in place; `state` (tick) says when
  const renderRow = useCallback(
    (row: number) => {
      const view = treeSelectors.rowAt(treeStore.getState(), row);
      return view ? <TreeRow {...view} rootName={rootName} actions={actions} /> : null;
    },
    [state, rootName, actions],
  );

  if (!state.model) return <div className="tree-empty">No project open.</div>;
  const { active, scrollTo } = state;
  const count = state.rows.length;
  return (
    <VirtualList
      className="tree"
      role="tree"
      ariaLabel="Project files"
      ariaActivedescendant={active >= 0 ? `node-${active}` : undefined}
      ariaDisabled={disabled}
      tabIndex={0}
      count={count}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      scrollTo={scrollTo}
      onKeyDown={onKeyDown}
      testId="tree"
    />
  );
}
