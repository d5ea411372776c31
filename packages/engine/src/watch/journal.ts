// The change journal: every content change the index takes (a file added, changed or removed)
// under a sequence number that only grows. A consumer (an agent session, the window) keeps the
// number it last saw and asks what changed since; the answer is the net effect per path.
import { compareBytewise } from '@loupe/common';
import type { RelPath } from '../types';

export type ChangeKind = 'added' | 'changed' | 'removed';

export interface FileChanges {
  /** The sequence number asked about, and the current one. */
  from: number;
  to: number;
  /** Net effect per path since `from`, each list sorted. */
  added: RelPath[];
  changed: RelPath[];
  removed: RelPath[];
  /**
   * False when records newer than `from` were dropped (the journal keeps a bounded history): the
   * lists then hold only what is still kept.
   */
  complete: boolean;
}

/** One applied update, as the Workspace announces it. */
export interface FilesChangedEvent {
  seq: number;
  added: RelPath[];
  changed: RelPath[];
  removed: RelPath[];
  /** What produced it: the watcher's incremental update, or a full rescan (and why). */
  cause: string;
}

interface Entry {
  seq: number;
  path: RelPath;
  kind: ChangeKind;
}

export const JOURNAL_CAP = 200_000;

export class ChangeJournal {
  private entries: Entry[] = [];
  private head = 0;
  private current = 0;
  /** Changes after this sequence number are all kept. */
  private floor = 0;

  constructor(private readonly cap = JOURNAL_CAP) {}

  get seq(): number {
    return this.current;
  }

  /** Records one update under a new sequence number; returns it (unchanged when nothing changed). */
  record(added: readonly RelPath[], changed: readonly RelPath[], removed: readonly RelPath[]): number {
    if (!added.length && !changed.length && !removed.length) return this.current;
    const seq = ++this.current;
    for (const path of added) this.entries.push({ seq, path, kind: 'added' });
    for (const path of changed) this.entries.push({ seq, path, kind: 'changed' });
    for (const path of removed) this.entries.push({ seq, path, kind: 'removed' });
    this.trim();
    return seq;
  }

  private trim(): void {
    const live = this.entries.length - this.head;
    if (live <= this.cap) return;
    // Drop whole updates from the front, so every kept update is complete.
    let cut = this.head + (live - this.cap);
    const lastDropped = this.entries[cut - 1]!.seq;
    while (cut < this.entries.length && this.entries[cut]!.seq === lastDropped) cut++;
    this.floor = lastDropped;
    this.head = cut;
    if (this.head > this.entries.length / 2) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** What changed after sequence number `from` (net per path); a future `from` yields nothing. */
  since(from: number, filter?: (path: RelPath) => boolean): FileChanges {
    const first = new Map<RelPath, ChangeKind>();
    const last = new Map<RelPath, ChangeKind>();
    // Entries are in sequence order: find the first one after `from` by bisection.
    let lo = this.head;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.seq <= from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (filter && !filter(e.path)) continue;
      if (!first.has(e.path)) first.set(e.path, e.kind);
      last.set(e.path, e.kind);
    }
    const out: FileChanges = {
      from,
      to: this.current,
      added: [],
      changed: [],
      removed: [],
      complete: from >= this.floor,
    };
    for (const [path, kind] of first) {
      const existed = kind !== 'added';
      const exists = last.get(path) !== 'removed';
      if (existed && exists) out.changed.push(path);
      else if (existed) out.removed.push(path);
      else if (exists) out.added.push(path);
    }
    out.added.sort(compareBytewise);
    out.changed.sort(compareBytewise);
    out.removed.sort(compareBytewise);
    return out;
  }
}
