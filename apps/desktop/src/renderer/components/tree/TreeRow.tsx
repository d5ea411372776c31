// One tree row: twisty, tri-state checkbox, name (with filter highlight), marks, reasons, flags,
// tokens. A pure component of primitive props: it re-renders only when what it shows changes.

import { compactCount } from '@loupe/common';
import { memo, useEffect, useRef } from 'react';
import { iconFor } from '../../model/file-icons';
import { FLAG_TEXT } from '../../model/words';
import type { RowView } from '../../store/tree/index';

export interface RowActions {
  activate(node: number): void;
  toggleOpen(node: number): void;
  /** A file was selected (clicked): show what an agent receives of it. */
  openFile(node: number): void;
  toggleCheck(node: number): void;
  override(node: number, state: 'show' | 'hide'): void;
}

export interface TreeRowProps extends RowView {
  rootName: string;
  actions: RowActions;
}

function Name({ name, start, end }: { name: string; start: number; end: number }) {
  if (end <= start) return <span className="name">{name}</span>;
  return (
    <span className="name">
      {name.slice(0, start)}
      <mark>{name.slice(start, end)}</mark>
      {name.slice(end)}
    </span>
  );
}

export const TreeRow = memo(function TreeRow(p: TreeRowProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = p.check === 'mixed';
  }, [p.check]);
  const { node, actions } = p;
  const name = node === 0 ? p.rootName : p.name;
  const ariaChecked = p.check === 'mixed' ? 'mixed' : p.check === 'checked';
  return (
    // The tree container owns the keyboard (aria-activedescendant); rows take pointer input only.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the tree container
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree (activedescendant pattern)
    <div
      id={`node-${node}`}
      role="treeitem"
      aria-level={p.depth + 1}
      aria-expanded={p.dir && !p.hidden ? p.open : undefined}
      aria-selected={p.active}
      aria-checked={p.tickable ? ariaChecked : undefined}
      data-path={p.path}
      data-row={p.row}
      data-tokens={p.tokens}
      className={`row${p.active ? ' active' : ''}${p.hidden ? ' hidden-entry' : ''}`}
      style={{ paddingLeft: 6 + p.depth * 16 }}
      onMouseDown={(e) => {
        if (!(e.target instanceof HTMLInputElement)) actions.activate(node);
      }}
      onClick={(e) => {
        if (e.target instanceof HTMLInputElement || (e.target as HTMLElement).closest('button')) return;
        if (p.dir) actions.toggleOpen(node);
        else if (!p.hidden) actions.openFile(node);
      }}
    >
      <span className="twisty" aria-hidden="true">
        {p.dir && !p.hidden ? (p.open ? '▾' : '▸') : ''}
      </span>
      <input
        ref={box}
        type="checkbox"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={`Tick ${name}`}
        title={p.tickTitle}
        checked={p.check === 'checked'}
        disabled={!p.tickable}
        onChange={() => actions.toggleCheck(node)}
      />
      <span
        className={p.dir ? 'icon folder' : 'icon file'}
        data-icon={iconFor(name, p.dir, p.open)}
        aria-hidden="true"
      />
      <Name name={name} start={p.hlStart} end={p.hlEnd} />
      {p.reasonKind ? (
        <span className="reason" title={p.reasonTitle}>
          {p.reasonKind}
        </span>
      ) : null}
      {p.flag ? (
        <span className="flag" title={FLAG_TEXT[p.flag] ?? p.flag}>
          {p.flag}
        </span>
      ) : null}
      <span className="spacer" />
      {node !== 0 ? (
        <button
          type="button"
          className="row-action"
          title={p.hidden ? 'Always show this path' : 'Always hide this path'}
          onClick={() => actions.override(node, p.hidden ? 'show' : 'hide')}
        >
          {p.hidden ? 'show' : 'hide'}
        </button>
      ) : (
        <span className="row-action" aria-hidden="true" />
      )}
      {/* One column for the marks on every row, so ● and ◐ line up whatever the name's length. */}
      <span className="marks-col">
        {p.mark ? (
          <span
            className={`mark ${p.mark}`}
            role="img"
            aria-label={p.mark === 'changed' ? 'received, changed since' : 'received'}
            title={p.markTitle}
            data-mark={p.mark}
          />
        ) : p.inside ? (
          <span
            className={`mark-count${p.insideChanged ? ' changed' : ''}`}
            title={p.insideTitle}
            data-received={p.inside}
          >
            <span className={`mark ${p.insideChanged ? 'changed' : 'received'}`} aria-hidden="true" />
            {p.inside}
          </span>
        ) : null}
      </span>
      <span
        className={`tokens${p.counting ? ' counting' : ''}`}
        title={p.counting ? 'still counting' : undefined}
      >
        {p.hidden || p.flag ? '' : p.counting && p.tokens === 0 ? '…' : compactCount(p.tokens)}
      </span>
    </div>
  );
});
