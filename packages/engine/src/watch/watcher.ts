// The watcher of one open project (a Workspace, through the WatchedProject port). It watches
// folders only: exactly the folders the scan walked, plus the folders of the git index and
// info/exclude (folder-watches.ts: one OS watch per folder). Files are seen through their
// folder's events (one watch per folder, not per file).
// Events are coalesced into batches (a quiet moment, or a deadline), each batch becomes one index
// update (batch.ts), and updates apply one at a time. New folders are watched once the scanner has
// judged them visible, then listed again after their watch is in place, so nothing created in
// between is lost. When the OS refuses watches, the watcher rescans and says so.
import path from 'node:path';
import { createGitRunner, untrustedRootsFor } from '../scan/git';
import type { ScanOptions } from '../scan/index';
import type { RelPath } from '../types';
import { type BatchHost, MODIFIED, RENAMED, runBatch } from './batch';
import type { EarlyWatches } from './early';
import { FolderWatches } from './folder-watches';
import { GitFiles } from './git-files';
import { watchProblem } from './limits';
import { listFolders } from './new-folders';
import type { IndexUpdate } from './plan';
import { RepoCache } from './repo-cache';
import { CLOCK_SLACK_MS, changedInWindow } from './verify';

/**
 * What the watcher needs of the project it watches (the Workspace implements it): what a batch
 * reads, and the three ways it changes the project. A narrow port, so watch/ never imports the
 * Workspace.
 */
export interface WatchedProject extends BatchHost {
  /** Absolute path of a project path. */
  abs(rel: RelPath): string;
  /** Runs `fn` after every update queued before it (updates never interleave). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Applies one update: index, hidden entries and walked folders in its scope, the journal. */
  applyUpdate(u: IndexUpdate): unknown;
  /** A repository's index changed (add, commit, checkout): what git lists as changed may differ. */
  noteGitChange(): void;
  /** Counts the files not counted yet; `tokensReady` follows it. */
  countTokens(): Promise<void>;
  readonly tokensReady: Promise<void>;
  /** When (ms, this machine's clock) the scan the index holds began: what the watch's start checks since. */
  readonly scannedAt?: number;
}

export interface WatchOptions {
  /** A batch starts after this long without events (ms, default 30). */
  quietMs?: number;
  /** ...or once its first event is this old, even if events keep coming (default 500). */
  maxWaitMs?: number;
  /** With more than `burstPending` paths waiting, wait for a longer quiet (a checkout, an install). */
  burstPending?: number;
  burstQuietMs?: number;
  burstMaxWaitMs?: number;
  /** A batch with more paths than this is applied by one full rescan (default 2,000). */
  burstPaths?: number;
  /** More folders to walk than this: one full rescan instead (default 300). */
  maxRegions?: number;
  /** Rescan once the watch is in place, to catch changes made while it was being set up (default true). */
  verifyOnReady?: boolean;
  /**
   * How long before the scan's start a change still counts as made during it (ms, default
   * verify.ts CLOCK_SLACK_MS, for coarse file system times; tests of files made just before: 0).
   */
  clockSlackMs?: number;
  /** While watching is incomplete (OS limit), rescan this often (ms, default 60,000; 0: never). */
  degradedRescanMs?: number;
}

export type WatchState = 'starting' | 'watching' | 'degraded' | 'closed';

export interface WatchStatus {
  state: WatchState;
  /** Folders watched (one OS watch each on Linux). */
  folders: number;
  /** Why watching is incomplete, for people (names the limit and how to raise it). */
  problem?: string;
  /** The last update failed and is retried after a pause (cleared by the next success). */
  error?: string;
  /** Updates applied since the watch started, and how many of them were full rescans. */
  updates: number;
  rescans: number;
  lastRescan?: string;
}

const DEFAULTS = {
  quietMs: 30,
  maxWaitMs: 500,
  burstPending: 256,
  burstQuietMs: 150,
  burstMaxWaitMs: 4000,
  burstPaths: 2000,
  maxRegions: 300,
  degradedRescanMs: 60_000,
};

export class ProjectWatcher {
  private readonly opts: typeof DEFAULTS & WatchOptions;
  private readonly git: GitFiles;
  private readonly repos = new RepoCache();
  private readonly host: BatchHost;
  private readonly fsw: FolderWatches;
  private gitFolders = new Set<string>();
  /** Project folders asked to be watched, root-relative (a folder that vanished stays until the next update). */
  private watched = new Set<RelPath>();
  private pending = new Map<string, number>();
  private firstAt = 0;
  private lastAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  /** Callers waiting in catchUp(): waiting events are applied at once, not after a quiet moment. */
  private hurry = 0;
  /** Flushes begun and ended; catchUp() waits for the one that takes the events it found. */
  private begun = 0;
  private ended = 0;
  private endWaiters: Array<() => void> = [];
  private forceFull: string | undefined;
  private waiters: Array<() => void> = [];
  private degradedTimer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private status_: WatchStatus = { state: 'starting', folders: 0, updates: 0, rescans: 0 };
  /** Problems met while applying a batch (an unreadable folder, a failed git call). */
  readonly errors: string[] = [];

  constructor(
    private readonly ws: WatchedProject,
    options: WatchOptions,
    private readonly notify: (status: WatchStatus) => void,
    /** The watches the opening scan placed (early.ts), taken over; their events wait for `start`. */
    private readonly early?: EarlyWatches,
  ) {
    this.opts = { ...DEFAULTS, ...options };
    this.fsw =
      early?.watches ??
      new FolderWatches(
        (event, name, folder) => this.onRaw(event, name, folder),
        (error) => this.onError(error),
      );
    const base = ws.scanOptions();
    const git = base.git ?? createGitRunner(untrustedRootsFor(ws.root));
    this.git = new GitFiles(ws.root, git);
    // The batch reads the workspace live, scan options included (the window may change an
    // override: Workspace.setScanOptions); one git runner serves every partial walk.
    this.host = {
      get root() {
        return ws.root;
      },
      get index() {
        return ws.index;
      },
      get folders() {
        return ws.folders;
      },
      get hidden() {
        return ws.hidden;
      },
      get repos() {
        return ws.repos;
      },
      hiddenEntry: (p) => ws.hiddenEntry(p),
      linkView: () => ws.linkView(),
      scanOptions: (): ScanOptions => ({ ...ws.scanOptions(), git }),
    };
  }

  private get closed(): boolean {
    return this.status_.state === 'closed';
  }

  get status(): WatchStatus {
    return { ...this.status_ };
  }

  private setStatus(patch: Partial<WatchStatus>): void {
    this.status_ = { ...this.status_, ...patch, folders: this.watched.size };
    this.notify(this.status);
  }

  async start(): Promise<void> {
    await this.git.sync(this.ws.repos);
    if (this.closed) return; // closed while starting
    this.gitFolders = this.git.folders();
    this.watched = new Set(this.ws.folders);
    this.fsw.add([...this.watched].map((f) => this.ws.abs(f)));
    this.fsw.add(this.gitFolders);
    this.early?.deliver(
      (event, name, folder) => this.onRaw(event, name, folder),
      (error) => this.onError(error),
    );
    if (this.status_.state === 'starting') this.setStatus({ state: 'watching' });
    if (this.opts.verifyOnReady !== false) await this.verify();
  }

  /**
   * Applies what changed before the watch was in place. Watches the opening scan placed leave
   * only the window between a folder's read and its watch, which stats can check (verify.ts);
   * watches placed after a scan leave the whole scan, which only a full rescan can.
   */
  private async verify(): Promise<void> {
    const at = this.ws.scannedAt;
    const found =
      !this.early?.placed || at === undefined
        ? 'the watch started after the scan'
        : this.early.overflowed
          ? 'more changes came during the scan than were kept'
          : changedInWindow(this.ws, this.git.watched(), at - (this.opts.clockSlackMs ?? CLOCK_SLACK_MS));
    if (typeof found === 'string') return this.rescan(`verifying after the watch started: ${found}`);
    for (const [abs, flags] of found) this.pending.set(abs, (this.pending.get(abs) ?? 0) | flags);
    if (this.pending.size) this.kick();
    await this.settled();
  }

  private onRaw(event: string, name: string | undefined, dir: string): void {
    if (!name || this.closed) return;
    const abs = path.join(dir, name);
    // Inside a git folder only the index and info/exclude matter (git writes many other files).
    if (this.gitFolders.has(dir) && !this.git.match(abs)) return;
    this.pending.set(abs, (this.pending.get(abs) ?? 0) | (event === 'rename' ? RENAMED : MODIFIED));
    this.schedule();
  }

  private onError(error: NodeJS.ErrnoException): void {
    if (this.closed || this.status_.state === 'degraded') return;
    this.setStatus({ state: 'degraded', problem: watchProblem(error) });
    this.requestFull(`watching failed (${error.code ?? error.message})`);
    if (this.opts.degradedRescanMs > 0) {
      this.degradedTimer = setInterval(
        () => this.requestFull('periodic rescan while watching is incomplete'),
        this.opts.degradedRescanMs,
      );
      this.degradedTimer.unref();
    }
  }

  private requestFull(reason: string): void {
    this.forceFull ??= reason;
    this.kick();
  }

  private schedule(): void {
    const now = performance.now();
    if (!this.firstAt) this.firstAt = now;
    this.lastAt = now;
    this.timer ??= setTimeout(() => this.tick(), this.opts.quietMs);
  }

  private tick(): void {
    this.timer = undefined;
    if (!this.pending.size && !this.forceFull) {
      this.checkIdle();
      return;
    }
    const burst = this.pending.size > this.opts.burstPending;
    const quiet = burst ? this.opts.burstQuietMs : this.opts.quietMs;
    const maxWait = burst ? this.opts.burstMaxWaitMs : this.opts.maxWaitMs;
    const now = performance.now();
    const waitQuiet = quiet - (now - this.lastAt);
    const waitMax = maxWait - (now - this.firstAt);
    if (!this.forceFull && waitQuiet > 0 && waitMax > 0) {
      this.timer = setTimeout(() => this.tick(), Math.min(waitQuiet, waitMax));
      return;
    }
    void this.flush();
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    void this.flush();
  }

  /** Applies the waiting events as one update; events arriving meanwhile wait for the next. */
  private async flush(): Promise<void> {
    if (this.busy || this.closed) return;
    if (!this.pending.size && !this.forceFull) return this.checkIdle();
    this.busy = true;
    const n = ++this.begun;
    const events = this.pending;
    const force = this.forceFull;
    this.pending = new Map();
    this.forceFull = undefined;
    this.firstAt = 0;
    try {
      const outcome = await this.ws.exclusive(async () => {
        const o = await runBatch(this.host, { git: this.git, repos: this.repos }, events, this.opts, force);
        this.ws.applyUpdate(o.update);
        return o;
      });
      // A repository's index changed: what git lists as changed may differ though no file did.
      if ([...events.keys()].some((abs) => this.git.match(abs)?.kind === 'index')) this.ws.noteGitChange();
      if (await this.git.sync(this.ws.repos)) this.gitFolders = this.git.folders();
      // Git folders that appeared (info/ created, a repository initialised) are watched now.
      this.fsw.add(this.gitFolders);
      this.syncWatches();
      const u = outcome.update;
      if (outcome.full || u.upsert.length || u.remove.length || u.scope)
        this.setStatus({
          updates: this.status_.updates + 1,
          ...(outcome.full ? { rescans: this.status_.rescans + 1, lastRescan: outcome.full } : {}),
        });
      if (u.added.length || u.changed.length) void this.ws.countTokens();
      this.failures = 0;
    } catch (error) {
      // Retried by a rescan after a pause that grows (the project folder may be gone for good).
      const message = (error as Error).message;
      this.failures++;
      if (this.errors.length < 100) this.errors.push(message);
      this.pending = new Map([...events, ...this.pending]);
      this.forceFull ??= force ?? 'an update failed';
      if (!this.closed) {
        this.setStatus({ error: `Updating the project failed (${message}); Loupe retries shortly.` });
        this.retry = setTimeout(
          () => {
            this.retry = undefined;
            this.kick();
          },
          Math.min(30_000, 250 * 2 ** Math.min(this.failures, 7)),
        );
      }
    } finally {
      this.busy = false;
      this.ended = n;
      for (const r of this.endWaiters.splice(0)) r();
    }
    if (this.closed || this.retry) return this.checkIdle();
    if (this.status_.error) this.setStatus({ error: undefined });
    if (this.forceFull) this.kick();
    else if (this.pending.size) {
      if (this.hurry && this.pending.size <= this.opts.burstPending) this.kick();
      else this.timer ??= setTimeout(() => this.tick(), this.opts.quietMs);
    } else this.checkIdle();
  }

  /** Watches the folders the latest update made visible and drops those it hid or removed. */
  private syncWatches(): void {
    const added: RelPath[] = [];
    for (const f of this.ws.folders)
      if (!this.watched.has(f)) {
        this.watched.add(f);
        added.push(f);
      }
    const dropped: string[] = [];
    for (const f of this.watched)
      if (!this.ws.folders.has(f)) {
        this.watched.delete(f);
        dropped.push(this.ws.abs(f));
      }
    this.fsw.remove(dropped);
    if (!added.length) return;
    this.fsw.add(added.map((f) => this.ws.abs(f)));
    // Names created after the walk read these folders but before their watch existed raised no
    // event: list them again now that the watch is in place.
    listFolders(added, this.ws, (abs, flags) => this.pending.set(abs, (this.pending.get(abs) ?? 0) | flags));
    this.schedule();
  }

  /** Nothing queued or running; or the last update failed and waits for its retry (status.problem says why). */
  private isSettled(): boolean {
    if (this.busy) return false;
    if (this.retry) return true;
    return !this.timer && !this.pending.size && !this.forceFull;
  }

  private checkIdle(): void {
    if (!this.isSettled()) return;
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }

  /**
   * Applies the events received so far now, without waiting for a quiet moment, and resolves once
   * they are in the index and the journal: an agent's call sees every file written before it. The
   * events of a write that returned are already queued by the OS; one turn of the event loop reads
   * them. A burst (more than `burstPending` paths waiting: a checkout, an install) keeps its longer
   * wait and the call is answered with what is applied so far (a count decides, never a clock).
   */
  async catchUp(): Promise<void> {
    if (this.closed || this.status_.state === 'starting') return;
    await new Promise((r) => setImmediate(r));
    // A failed update waits for its retry (status.error says why); a full rescan is under way.
    if (this.pending.size > this.opts.burstPending || this.forceFull || this.retry) return;
    if (!this.pending.size && !this.busy) return;
    // The flush that takes the waiting events: the next one (after the running one, if any).
    const target = this.pending.size ? this.begun + 1 : this.begun;
    this.hurry++;
    try {
      if (!this.busy) this.kick();
      while (this.ended < target && !this.closed) await new Promise<void>((r) => this.endWaiters.push(r));
    } finally {
      this.hurry--;
    }
  }

  /** Resolves once every event received so far is applied (token counts may still run). */
  async settled(): Promise<void> {
    while (!this.isSettled() && !this.closed) await new Promise<void>((r) => this.waiters.push(r));
  }

  /** Resolves once every event received so far is applied and counted. */
  async idle(): Promise<void> {
    for (;;) {
      await this.settled();
      await this.ws.tokensReady;
      if (this.isSettled() || this.closed) return;
    }
  }

  /** Rescans the whole project now (queued behind a running update) and applies the difference. */
  async rescan(reason: string): Promise<void> {
    this.requestFull(reason);
    await this.settled();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.setStatus({ state: 'closed' });
    if (this.timer) clearTimeout(this.timer);
    if (this.degradedTimer) clearInterval(this.degradedTimer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = undefined;
    this.pending.clear();
    this.fsw.close();
    this.checkIdle();
    for (const r of [...this.waiters.splice(0), ...this.endWaiters.splice(0)]) r();
  }
}
