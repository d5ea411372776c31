// A Workspace's focus in numbers (the window's header, focus_status): the files and tokens inside
// the focus, of the whole project, how many files are counted yet, and ticked paths now missing.
import type { Focus } from '../focus/focus';
import type { FocusSummary } from '../types';
import type { FileIndex } from './file-index';

export function summarizeFocus(index: FileIndex, focus: Focus): FocusSummary {
  const snap = focus.snapshot;
  const m = focus.matcher();
  let files = 0;
  let tokens = 0;
  let totalTokens = 0;
  let counted = 0;
  if (m.everything) {
    // Everything in focus: the index's own totals (kept as entries change) answer.
    ({ counted, tokens: totalTokens } = index.totals);
    files = index.size;
    tokens = totalTokens;
  } else
    for (const e of index.all()) {
      const t = e.tokens ?? 0;
      totalTokens += t;
      if (e.tokens !== undefined) counted++;
      if (m.has(e.path)) {
        files++;
        tokens += t;
      }
    }
  const missing = [...snap.include, ...snap.exclude].filter(
    (p) => p !== '' && !index.get(p) && !index.isFolder(p),
  );
  return {
    revision: snap.revision,
    everything: m.everything,
    files,
    tokens,
    totalFiles: index.size,
    totalTokens,
    countedFiles: counted,
    missing,
  };
}
