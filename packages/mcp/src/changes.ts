// Content changes on disk as the index learns them (a rescan today, the watcher once it lands):
// each index change is diffed against the previous index by size and mtime and appended to a
// bounded log with sequence numbers, so every session can be told what changed since its last
// call, whichever way the index was updated.
import type { RelPath, Workspace } from '@loupe/engine';

export type ChangeKind = '+' | '-' | '~';

export interface FileChange {
  seq: number;
  path: RelPath;
  kind: ChangeKind;
}

const KEEP = 20_000;

export class ChangeLog {
  private snapshot = new Map<RelPath, string>();
  private readonly log: FileChange[] = [];
  private seqNow = 0;
  private readonly dispose: () => void;

  constructor(private readonly ws: Workspace) {
    this.snapshot = this.take();
    this.dispose = ws.onDidChangeIndex(() => this.update());
  }

  /** The sequence number of the newest change (0 before any). */
  get seq(): number {
    return this.seqNow;
  }

  private take(): Map<RelPath, string> {
    const m = new Map<RelPath, string>();
    for (const e of this.ws.index.all()) m.set(e.path, `${e.size}:${e.mtimeMs}`);
    return m;
  }

  private update(): void {
    const next = this.take();
    const push = (path: RelPath, kind: ChangeKind) => this.log.push({ seq: ++this.seqNow, path, kind });
    for (const [path, sig] of next) {
      const old = this.snapshot.get(path);
      if (old === undefined) push(path, '+');
      else if (old !== sig) push(path, '~');
    }
    for (const path of this.snapshot.keys()) if (!next.has(path)) push(path, '-');
    this.snapshot = next;
    if (this.log.length > KEEP) this.log.splice(0, this.log.length - KEEP);
  }

  /**
   * Changes after `seq`, the last one per path; `complete` is false when the log no longer holds
   * all of them.
   */
  since(seq: number): { changes: FileChange[]; complete: boolean } {
    const first = this.log[0];
    const complete = !first || first.seq <= seq + 1 || seq >= this.seqNow;
    const byPath = new Map<RelPath, FileChange>();
    for (let i = this.log.length - 1; i >= 0 && this.log[i]!.seq > seq; i--) {
      const c = this.log[i]!;
      if (!byPath.has(c.path)) byPath.set(c.path, c);
    }
    return { changes: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1)), complete };
  }

  close(): void {
    this.dispose();
  }
}
