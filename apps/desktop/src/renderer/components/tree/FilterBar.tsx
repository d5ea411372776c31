// The filter box (name or path glob) and the show-hidden switch.

import { groupDigits } from '@loupe/common';
import { useEffect, useRef } from 'react';
import { useTree, useUi } from '../../store/hooks';
import { treeStore } from '../../store/index';

export function FilterBar() {
  const { text, matches, showHidden } = useTree((s) => ({
    text: s.filterText,
    matches: s.filterMatches,
    showHidden: s.showHidden,
  }));
  const focusSeq = useUi((s) => s.focusFilter);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusSeq) input.current?.focus();
  }, [focusSeq]);
  return (
    <div className="filter-bar">
      <input
        ref={input}
        type="search"
        placeholder="Filter: name, *.ts, src/**/*.test.ts"
        aria-label="Filter files by name or path glob"
        value={text}
        onChange={(e) => treeStore.getState().setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') treeStore.getState().setFilter('');
          if (e.key === 'ArrowDown') (document.querySelector('[role="tree"]') as HTMLElement | null)?.focus();
        }}
      />
      {text.trim() ? <span className="matches">{groupDigits(matches)} matches</span> : null}
      <label className="switch">
        <input
          type="checkbox"
          checked={showHidden}
          onChange={(e) => treeStore.getState().setShowHidden(e.target.checked)}
        />
        Show hidden
      </label>
    </div>
  );
}
