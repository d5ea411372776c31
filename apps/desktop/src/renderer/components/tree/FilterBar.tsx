// Above the tree: the filter box (name or path glob, and why a glob cannot be used), the
// show-hidden switch, the sort, and expand all / collapse all.

import { groupDigits, plural } from '@loupe/common';
import { useEffect, useRef } from 'react';
import type { TreeSort } from '../../model/sort';
import { useTree, useUi } from '../../store/hooks';
import { treeStore } from '../../store/index';

export function FilterBar() {
  const { text, matches, error, showHidden, sort } = useTree((s) => ({
    text: s.filterText,
    matches: s.filterMatches,
    error: s.filterError,
    showHidden: s.showHidden,
    sort: s.sort,
  }));
  const focusSeq = useUi((s) => s.focusFilter);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusSeq) input.current?.focus();
  }, [focusSeq]);
  const t = () => treeStore.getState();
  return (
    <div className="filter-bar">
      <input
        ref={input}
        type="search"
        placeholder="Filter: name, *.ts, src/**/*.test.ts"
        aria-label="Filter files by name or path glob"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'filter-error' : undefined}
        value={text}
        onChange={(e) => t().setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') t().setFilter('');
          if (e.key === 'ArrowDown') (document.querySelector('[role="tree"]') as HTMLElement | null)?.focus();
        }}
      />
      {error ? (
        <span className="filter-error" id="filter-error" role="alert">
          {error}
        </span>
      ) : text.trim() ? (
        <span className="matches">{matches === 1 ? '1 match' : `${groupDigits(matches)} matches`}</span>
      ) : null}
      <label className="switch">
        <input type="checkbox" checked={showHidden} onChange={(e) => t().setShowHidden(e.target.checked)} />
        Show hidden
      </label>
      <span className="tree-tools">
        <select
          aria-label="Sort the tree"
          value={sort}
          title="Sort each folder's files and folders"
          onChange={(e) => t().setSort(e.target.value as TreeSort)}
        >
          <option value="name">By name</option>
          <option value="tokens">By tokens, biggest first</option>
        </select>
        <button type="button" title="Open every folder" onClick={() => t().setAllOpen(true)}>
          Expand all
        </button>
        <button type="button" title="Close every folder" onClick={() => t().setAllOpen(false)}>
          Collapse all
        </button>
      </span>
    </div>
  );
}

/** What the marks mean, under the tree while any show. */
export function MarksLegend() {
  const { marks, changed } = useTree((s) => {
    let changed = 0;
    for (const m of s.marks.values()) if (m.changed) changed++;
    return { marks: s.marks.size, changed };
  });
  if (!marks) return null;
  return (
    <div className="marks-legend" data-testid="marks-legend">
      <span className="legend-item">
        <span className="mark received" aria-hidden="true" /> received by an agent
      </span>
      <span className="legend-item">
        <span className="mark changed" aria-hidden="true" /> changed since (the agent's copy is stale)
      </span>
      <span className="legend-item">
        <span className="mark-count">
          <span className="mark received" aria-hidden="true" />3
        </span>{' '}
        received files inside a closed folder
      </span>
      <span className="legend-item muted">
        {plural(marks, 'file')} received{changed ? `, ${groupDigits(changed)} changed since` : ''}
      </span>
    </div>
  );
}
