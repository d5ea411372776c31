// From fresh scan entries to an index update: which files were added, removed or changed. A file
// whose size changed has changed; one whose mtime alone moved is read and hashed before it counts
// as changed (a touch changes no byte), and keeps its token count when the bytes are the same.
import { createHash } from 'node:crypto';
import { projectFile, readProjectFile } from '../content/open';
import type { ScanResult } from '../scan/index';
import type { FileEntry, HiddenEntry, RelPath, RepoInfo } from '../types';
import type { FileIndex, IndexEntry } from '../workspace/file-index';

/** What one update replaces in a Workspace, with the journal's view of it. */
export interface IndexUpdate {
  upsert: IndexEntry[];
  remove: RelPath[];
  added: RelPath[];
  changed: RelPath[];
  removed: RelPath[];
  /** The scan state inside the update's coverage: hidden entries and walked folders replace the old ones. */
  scope?: {
    covers: (p: RelPath) => boolean;
    hidden: HiddenEntry[];
    folders: RelPath[];
    /** Repositories found inside the scope. */
    repos: RepoInfo[];
    /** Set by full rescans. */
    notes?: string[];
  };
  cause: string;
}

export interface ReadDeps {
  readFile(abs: string): Promise<Buffer>;
}

const fsDeps: ReadDeps = { readFile: (p) => readProjectFile(p) };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Same content metadata: nothing to recount. Counting flags what the scan cannot see (binary
 * content, a read error); the scan's fresh entry then has no flag, and the old flag stands.
 */
const sameContent = (old: FileEntry, fresh: FileEntry) =>
  old.size === fresh.size &&
  old.mtimeMs === fresh.mtimeMs &&
  old.target === fresh.target && // a link pointed at another file has other content
  (old.flag === fresh.flag || (!fresh.flag && (old.flag === 'binary' || old.flag === 'unreadable')));
const sameEntry = (a: FileEntry, b: FileEntry) =>
  sameContent(a, b) && a.tracked === b.tracked && a.symlink === b.symlink;

interface Pending {
  old: IndexEntry;
  fresh: FileEntry;
}

export class UpdateBuilder {
  readonly update: IndexUpdate;
  private readonly toVerify: Pending[] = [];

  constructor(cause: string) {
    this.update = { upsert: [], remove: [], added: [], changed: [], removed: [], cause };
  }

  /** One path's old and fresh state (either may be absent). */
  compare(old: IndexEntry | undefined, fresh: FileEntry | undefined): void {
    const u = this.update;
    if (!old && !fresh) return;
    if (!old) {
      u.upsert.push({ ...fresh! });
      u.added.push(fresh!.path);
    } else if (!fresh) {
      u.remove.push(old.path);
      u.removed.push(old.path);
    } else if (sameEntry(old, fresh)) {
      // unchanged
    } else if (sameContent(old, fresh)) {
      u.upsert.push({ ...old, tracked: fresh.tracked, symlink: fresh.symlink }); // tracked by git now, or no more
    } else if (!fresh.flag && old.hash && !old.flag && old.size === fresh.size) {
      // Same size, new mtime: read it (a touch, or a branch switched back and forth, changes no byte).
      this.toVerify.push({ old, fresh });
    } else {
      u.upsert.push({ ...fresh });
      u.changed.push(fresh.path);
    }
  }

  /** Reads the files whose size or mtime moved and keeps only real content changes. */
  async finish(root: string, deps: ReadDeps = fsDeps): Promise<IndexUpdate> {
    const u = this.update;
    const queue = this.toVerify.splice(0);
    const worker = async () => {
      for (let item = queue.pop(); item; item = queue.pop()) {
        const { old, fresh } = item;
        let hash: string | undefined;
        try {
          hash = sha256(await deps.readFile(projectFile(root, fresh)));
        } catch {
          hash = undefined; // vanished or unreadable since its stat: counted (and flagged) later
        }
        if (hash === old.hash) {
          u.upsert.push({ ...fresh, tokens: old.tokens, hash: old.hash });
        } else {
          u.upsert.push(hash ? { ...fresh, hash } : { ...fresh });
          u.changed.push(fresh.path);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(16, queue.length) }, worker));
    return u;
  }
}

/**
 * The update that makes the index agree with a scan inside `covers` (everything for a full scan;
 * a partial walk also reports what it met on the way to its regions, which is left alone).
 */
export async function updateFromScan(
  target: { root: string; index: FileIndex },
  scanned: ScanResult,
  covers: (p: RelPath) => boolean,
  cause: string,
  builder = new UpdateBuilder(cause),
  /** The old entries `covers` may cover (default: the whole index). */
  candidates: Iterable<IndexEntry> = target.index.all(),
  deps?: ReadDeps,
): Promise<IndexUpdate> {
  const all = covers('');
  const seen = new Set<RelPath>();
  for (const f of scanned.files) {
    if (!all && !covers(f.path)) continue;
    seen.add(f.path);
    builder.compare(target.index.get(f.path), f);
  }
  for (const old of candidates)
    if (!seen.has(old.path) && (all || covers(old.path))) {
      seen.add(old.path);
      builder.compare(old, undefined);
    }
  const u = await builder.finish(target.root, deps);
  u.scope = {
    covers,
    hidden: all ? scanned.hidden : scanned.hidden.filter((h) => covers(h.path)),
    folders: [...scanned.dirs, ...scanned.skipped].filter((d) => all || covers(d)),
    repos: all ? scanned.repos : scanned.repos.filter((r) => covers(r.path)),
    ...(all ? { notes: scanned.notes } : {}),
  };
  return u;
}
