// One tree row: twisty, tri-state checkbox, name (with filter highlight), marks, flags, tokens.
import { memo, useEffect, useRef } from 'react';
import { formatTokens } from '../../model/format';
import { useTree } from '../../store/hooks';
import { treeStore } from '../../store/index';
import { treeSelectors } from '../../store/tree/index';
import { FLAG_TEXT, markText, reasonLabel, reasonText } from './reasons';

export interface TreeRowProps {
  row: number;
  rootName: string;
  onOverride(node: number, state: 'show' | 'hide'): void;
}

function Name({ name, highlight }: { name: string; highlight: [number, number] | undefined }) {
  if (!highlight || highlight[1] <= highlight[0]) return <span className="name">{name}</span>;
  return (
    <span className="name">
      {name.slice(0, highlight[0])}
      <mark>{name.slice(highlight[0], highlight[1])}</mark>
      {name.slice(highlight[1])}
    </span>
  );
}

export const TreeRow = memo(function TreeRow({ row, rootName, onOverride }: TreeRowProps) {
  const view = useTree((s) => {
    const r = treeSelectors.rowAt(row)(s);
    return r ? { ...r, active: s.active === r.node, tick: s.tick } : null;
  });
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = view?.check === 'mixed';
  });
  if (!view) return null;
  const { node } = view;
  const t = treeStore.getState();
  const mark = view.mark ? t.marks.get(node) : undefined;
  const reason = view.hidden ? t.model?.reasons.get(node) : undefined;
  const name = node === 0 ? rootName : view.name;
  const ariaChecked = view.check === 'mixed' ? 'mixed' : view.check === 'checked';

  return (
    // The tree container owns the keyboard (aria-activedescendant); rows take pointer input only.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the tree container
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree (activedescendant pattern)
    <div
      id={`node-${node}`}
      role="treeitem"
      aria-level={view.depth + 1}
      aria-expanded={view.dir && !view.hidden ? view.open : undefined}
      aria-selected={view.active}
      aria-checked={view.tickable ? ariaChecked : undefined}
      aria-disabled={view.tickable ? undefined : true}
      data-path={t.model?.pathOf(node)}
      data-row={row}
      data-check={view.check}
      className={`row${view.active ? ' active' : ''}${view.hidden ? ' hidden-entry' : ''}`}
      style={{ paddingLeft: 6 + view.depth * 16 }}
      onMouseDown={(e) => {
        if (e.target instanceof HTMLInputElement) return;
        t.setActive(node);
      }}
      onClick={(e) => {
        if (e.target instanceof HTMLInputElement || (e.target as HTMLElement).closest('button')) return;
        if (view.dir) t.toggleOpen(node);
      }}
    >
      <span className="twisty" aria-hidden="true">
        {view.dir && !view.hidden ? (view.open ? '▾' : '▸') : ''}
      </span>
      <input
        ref={box}
        type="checkbox"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={`Tick ${name}`}
        checked={view.check === 'checked'}
        disabled={!view.tickable}
        onChange={() => void t.toggleCheck(node)}
      />
      <span className={view.dir ? 'icon folder' : 'icon file'} aria-hidden="true" />
      <Name name={name} highlight={view.highlight} />
      {mark ? (
        <span className={`mark ${view.mark}`} title={markText(mark.file)} data-mark={view.mark}>
          {view.mark === 'changed' ? '◐' : '●'}
        </span>
      ) : null}
      {reason ? (
        <span className="reason" title={reasonText(reason)} data-reason={reason.kind}>
          {reasonLabel(reason)}
        </span>
      ) : null}
      {view.flag ? (
        <span className="flag" title={FLAG_TEXT[view.flag] ?? view.flag}>
          {view.flag}
        </span>
      ) : null}
      <span className="spacer" />
      {node !== 0 ? (
        <button
          type="button"
          className="row-action"
          title={view.hidden ? 'Always show this path' : 'Always hide this path'}
          onClick={() => onOverride(node, view.hidden ? 'show' : 'hide')}
        >
          {view.hidden ? 'show' : 'hide'}
        </button>
      ) : null}
      {!view.hidden && !view.flag ? (
        <span
          className={`tokens${view.counting ? ' counting' : ''}`}
          title={view.counting ? 'still counting' : undefined}
        >
          {view.counting && view.tokens === 0 ? '…' : formatTokens(view.tokens)}
        </span>
      ) : null}
    </div>
  );
});
