// Content changes on disk as the index learns them (the watcher, or a rescan), read from the
// Workspace's change journal: every session keeps the sequence number of its previous call and is
// told what changed since, net per path (added, removed, or modified with different bytes).
import { compareBytewise, type RelPath, type Workspace } from '@loupe/engine';

export type ChangeKind = '+' | '-' | '~';

export interface FileChange {
  seq: number;
  path: RelPath;
  kind: ChangeKind;
}

export class ChangeLog {
  constructor(private readonly ws: Workspace) {}

  /** The sequence number of the newest change (0 before any). */
  get seq(): number {
    return this.ws.contentSeq;
  }

  /**
   * Changes after `seq`, net per path, sorted; `complete` is false when the journal no longer
   * holds all of them.
   */
  since(seq: number): { changes: FileChange[]; complete: boolean } {
    const c = this.ws.changesSince(seq);
    const changes: FileChange[] = [
      ...c.added.map((path) => ({ seq: c.to, path, kind: '+' as const })),
      ...c.removed.map((path) => ({ seq: c.to, path, kind: '-' as const })),
      ...c.changed.map((path) => ({ seq: c.to, path, kind: '~' as const })),
    ];
    return { changes: changes.sort((a, b) => compareBytewise(a.path, b.path)), complete: c.complete };
  }

  close(): void {
    // The journal belongs to the Workspace: nothing to release.
  }
}
