// Which received files changed on disk since they were delivered: the content hash at delivery
// against the hash now. The index's hash is used while the file's size and mtime still match the
// index entry; otherwise the file is hashed again (cached by size and mtime), so this is exact
// with or without the watcher.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { projectFile, readProjectFileSync } from '../content/open';
import type { RelPath } from '../types';
import type { FileIndex } from '../workspace/file-index';
import type { ReceivedFile } from './ledger';

export type ReceivedStatus = 'unchanged' | 'changed' | 'deleted';

export interface ReceivedChange {
  path: RelPath;
  status: ReceivedStatus;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export interface HashSource {
  root: string;
  index: FileIndex;
}

export interface HasherDeps {
  stat(abs: string): { size: number; mtimeMs: number; isFile(): boolean };
  readFile(abs: string): Buffer;
}

const MAX_HASH_BYTES = 16 * 1024 * 1024;

const fsDeps: HasherDeps = { stat: (p) => statSync(p), readFile: (p) => readProjectFileSync(p) };

/** The current content hash of project files (undefined: gone or not a file). */
export class ContentHasher {
  private readonly cache = new Map<RelPath, { size: number; mtimeMs: number; hash: string }>();

  constructor(
    private readonly source: HashSource,
    private readonly deps: HasherDeps = fsDeps,
  ) {}

  /** Remembers a hash computed elsewhere (the content pipeline hashes what it reads). */
  remember(rel: RelPath, size: number, mtimeMs: number, hash: string): void {
    this.cache.set(rel, { size, mtimeMs, hash });
  }

  hashNow(rel: RelPath): string | undefined {
    const entry = this.source.index.get(rel);
    // A link is hashed as its target; a link that may not be read is not read for a hash either.
    if (entry?.symlink && (entry.target === undefined || entry.flag === 'symlink-to-hidden'))
      return `unread:${entry.flag}`;
    const abs = projectFile(this.source.root, entry ?? { path: rel });
    let st: { size: number; mtimeMs: number; isFile(): boolean };
    try {
      st = this.deps.stat(abs);
    } catch {
      this.cache.delete(rel);
      return undefined;
    }
    if (!st.isFile()) return undefined;
    if (entry?.hash && entry.size === st.size && entry.mtimeMs === st.mtimeMs) return entry.hash;
    const cached = this.cache.get(rel);
    if (cached && cached.size === st.size && cached.mtimeMs === st.mtimeMs) return cached.hash;
    // A file far past the text limit is not read to be hashed: its stat stands for it (it reads as changed).
    if (st.size > MAX_HASH_BYTES) return `unhashed:${st.size}:${st.mtimeMs}`;
    try {
      const hash = sha256(this.deps.readFile(abs));
      this.cache.set(rel, { size: st.size, mtimeMs: st.mtimeMs, hash });
      return hash;
    } catch {
      return undefined;
    }
  }

  /** Status of each received file (latest delivery per path). */
  statusOf(received: readonly ReceivedFile[]): ReceivedChange[] {
    const seen = new Set<RelPath>();
    const out: ReceivedChange[] = [];
    for (const f of received) {
      if (seen.has(f.path)) continue;
      seen.add(f.path);
      const now = this.hashNow(f.path);
      out.push({
        path: f.path,
        status: now === undefined ? 'deleted' : now === f.hash ? 'unchanged' : 'changed',
      });
    }
    return out;
  }
}
