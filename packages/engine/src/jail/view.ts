// A JailView over a file index and the scanner's hidden list. The hidden lookup is a map walked
// up the path's folders (a hidden folder stands for everything beneath it).
import type { HiddenEntry, RelPath } from '../types';
import type { FileIndex } from '../workspace/file-index';
import type { JailView } from './jail';

export interface JailSource {
  root: string;
  index: FileIndex;
  hidden: readonly HiddenEntry[];
}

export function createJailView(source: JailSource): JailView {
  let hiddenFor: readonly HiddenEntry[] | undefined;
  let byPath = new Map<RelPath, HiddenEntry>();
  const lookup = () => {
    // Rebuilt only when the scanner replaced the list.
    if (hiddenFor !== source.hidden) {
      hiddenFor = source.hidden;
      byPath = new Map(source.hidden.map((h) => [h.path, h]));
    }
    return byPath;
  };
  return {
    root: source.root,
    file: (p) => source.index.get(p),
    isFolder: (p) => source.index.isFolder(p),
    hidden(p) {
      const map = lookup();
      const exact = map.get(p);
      if (exact) return exact;
      for (let cut = p.lastIndexOf('/'); cut > 0; cut = p.lastIndexOf('/', cut - 1)) {
        const h = map.get(p.slice(0, cut));
        if (h?.dir) return h;
      }
      return undefined;
    },
    *files() {
      for (const e of source.index.all()) yield e.path;
    },
  };
}
