// What a Workspace's scans found besides its files: the hidden entries (with why), the folders
// walked (where visible files can appear; the watcher watches exactly these), the repositories and
// the scan's notes. A full scan replaces them; a partial one (the watcher's walk of some folders)
// replaces only what lies inside the region it covered.
import { compareBytewise } from '@loupe/common';
import type { HiddenEntry, RelPath, RepoInfo } from '../types';

export class ScanScope {
  hidden: readonly HiddenEntry[] = [];
  repos: readonly RepoInfo[] = [];
  notes: string[] = [];
  /** Folders the latest scan walked (visible, or hidden but holding visible files). */
  walked = new Set<RelPath>();
  hiddenByPath = new Map<RelPath, HiddenEntry>();

  /** Takes what a scan of the region `covers` found (covers('') is true: the whole project). */
  update(
    covers: (p: RelPath) => boolean,
    hidden: readonly HiddenEntry[],
    folders: readonly RelPath[],
    repos?: readonly RepoInfo[],
    notes?: string[],
  ): void {
    const all = covers('');
    const kept = all ? [] : this.hidden.filter((h) => !covers(h.path));
    this.hidden = kept.length ? [...kept, ...hidden].sort((a, b) => compareBytewise(a.path, b.path)) : hidden;
    this.hiddenByPath = new Map(this.hidden.map((h) => [h.path, h]));
    if (all) this.walked = new Set(folders);
    else {
      for (const f of [...this.walked]) if (covers(f)) this.walked.delete(f);
      for (const f of folders) this.walked.add(f);
    }
    if (repos) this.repos = all ? repos : [...this.repos.filter((r) => !covers(r.path)), ...repos];
    if (notes) this.notes = notes;
  }
}
