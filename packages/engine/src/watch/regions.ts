// The part of the project one update re-walks. A shallow region is one folder's own entries (a file
// appeared or vanished there); a deep region is a folder with everything below it (its rules
// changed: a .gitignore, a stack marker, a nested repository; or it is new). The scanner walks
// only the folders on the way to the regions and inside them, so every rule above them applies
// exactly as in a full scan; the update then replaces just what the regions cover.
import type { RelPath } from '../types';
import type { FileIndex, IndexEntry } from '../workspace/file-index';

export const parentOf = (p: RelPath): RelPath => {
  const slash = p.lastIndexOf('/');
  return slash < 0 ? '' : p.slice(0, slash);
};

/** '' and every folder above `p` (not `p` itself), nearest last. */
function ancestorsOf(p: RelPath): RelPath[] {
  if (p === '') return [];
  const out = [''];
  for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) out.push(p.slice(0, i));
  return out;
}

export class Regions {
  readonly shallow = new Set<RelPath>();
  readonly deep = new Set<RelPath>();
  private full_ = false;
  private path: Set<RelPath> | undefined;

  get full(): boolean {
    return this.full_ || this.deep.has('');
  }

  get size(): number {
    return this.shallow.size + this.deep.size;
  }

  get empty(): boolean {
    return !this.full && this.size === 0;
  }

  addShallow(dir: RelPath): void {
    this.shallow.add(dir);
    this.path = undefined;
  }

  addDeep(dir: RelPath): void {
    this.deep.add(dir);
    this.path = undefined;
  }

  setFull(): void {
    this.full_ = true;
  }

  /** The folder is a deep region or lies inside one. */
  underDeep(p: RelPath): boolean {
    if (this.full) return true;
    if (this.deep.has(p)) return true;
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1))
      if (this.deep.has(p.slice(0, i))) return true;
    return false;
  }

  /** Whether the update decides this path (a file, a hidden entry or a folder). */
  covers(p: RelPath): boolean {
    return this.full || (p !== '' && this.shallow.has(parentOf(p))) || this.underDeep(p);
  }

  /** Folders the walk passes through to reach the regions (decided by the levels above them). */
  pathFolders(): Set<RelPath> {
    if (!this.path) {
      const out = new Set<RelPath>();
      for (const s of this.shallow) {
        out.add(s);
        for (const a of ancestorsOf(s)) out.add(a);
      }
      for (const d of this.deep) for (const a of ancestorsOf(d)) out.add(a);
      this.path = out;
    }
    return this.path;
  }

  /** Drops regions inside deep ones (they are walked anyway). */
  normalize(): void {
    for (const d of [...this.deep]) {
      this.deep.delete(d);
      if (!this.underDeep(d)) this.deep.add(d);
    }
    for (const s of [...this.shallow]) if (this.underDeep(s)) this.shallow.delete(s);
    this.path = undefined;
  }

  /**
   * The walk's `enter` predicate. A folder that appears under a shallow region (new, or visible
   * again) is walked whole: it becomes a deep region on the spot.
   */
  enterPredicate(wasWalked: (p: RelPath) => boolean): (p: RelPath) => boolean {
    return (p) => {
      if (this.full || this.pathFolders().has(p) || this.underDeep(p)) return true;
      if (this.shallow.has(parentOf(p)) && !wasWalked(p)) {
        this.deep.add(p); // the path set is unaffected: p lies below a region, not on the way
        return true;
      }
      return false;
    };
  }

  /**
   * Folders whose own verdict the update may have changed without covering what lies below them:
   * the folders on the way, and the subfolders of shallow regions. If one of them changed (now
   * hidden, or visible again, or hidden for another reason), it must be walked deep.
   */
  boundary(children: Iterable<RelPath>): RelPath[] {
    const out = new Set<RelPath>();
    for (const p of this.pathFolders()) if (!this.underDeep(p)) out.add(p);
    for (const c of children) if (c !== '' && this.shallow.has(parentOf(c)) && !this.underDeep(c)) out.add(c);
    return [...out];
  }

  /** Index entries the regions cover, each once (a deep region's subtree, a shallow one's own files). */
  *coveredIn(index: FileIndex): Generator<IndexEntry> {
    if (this.full) {
      yield* index.all();
      return;
    }
    for (const d of this.deep) {
      const self = index.get(d);
      if (self) yield self;
      yield* index.under(d);
    }
    for (const s of this.shallow)
      for (const e of index.under(s)) if (parentOf(e.path) === s && !this.underDeep(e.path)) yield e;
  }

  describe(): string {
    if (this.full) return 'the whole project';
    const parts: string[] = [];
    if (this.deep.size) parts.push(`${this.deep.size} folder tree(s)`);
    if (this.shallow.size) parts.push(`${this.shallow.size} folder(s)`);
    return parts.join(' and ') || 'nothing';
  }
}
