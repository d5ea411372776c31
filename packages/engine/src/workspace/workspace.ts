// A Workspace is one open project: the file index (scan + token counts), the focus with its
// revisions, and the events every consumer (window, MCP sessions, CLI) follows. It is the one
// owner of this state; consumers never keep their own copies.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { compareBytewise } from '@loupe/common';
import { projectFile } from '../content/open';
import { ContentPipeline } from '../content/pipeline';
import { LoupeError } from '../errors';
import { Focus, type FocusDelta, type FocusRules } from '../focus/focus';
import { loadFocus, saveFocus } from '../focus/saved';
import { MaskSession } from '../mask/session';
import { createGitRunner, type GitRunner, untrustedRootsFor } from '../scan/git';
import { type GitChanges, gitChanges } from '../scan/git-changes';
import { resolveRoot, type ScanOptions, scanProject } from '../scan/index';
import { hiddenAt, judgeLink, type LinkView, sameVerdict } from '../scan/links';
import type { Overrides } from '../scan/overrides';
import { loadOverrides } from '../scan/overrides-file';
import { DamagedState, damageNotice } from '../state/damage';
import { loadSavedChoices, type SavedChoices } from '../state/saved-choices';
import type { StateDamage } from '../state/state-file';
import { userCacheDir } from '../tokens/cache-dir';
import { createTokenService, type TokenService } from '../tokens/service';
import type { Encoding, FocusSummary, HiddenEntry, RelPath, RepoInfo } from '../types';
import { Emitter } from '../util/emitter';
import { ChangeJournal, type FileChanges, type FilesChangedEvent } from '../watch/journal';
import { type IndexUpdate, updateFromScan } from '../watch/plan';
import { ProjectWatcher, type WatchOptions, type WatchStatus } from '../watch/watcher';
import { FileIndex, type IndexEntry } from './file-index';

export interface WorkspaceOptions {
  encoding?: Encoding;
  maxFileBytes?: number;
  /** Loupe's state folder (focus persistence); null keeps the focus in memory only. */
  stateDir?: string | null;
  /** Token cache folder; null keeps counts in memory only; default: the user's cache folder. */
  cacheDir?: string | null;
  tokenThreads?: number;
  git?: GitRunner;
  /** Extra scan options (smart ignore, overrides). */
  scan?: Omit<ScanOptions, 'git' | 'maxFileBytes' | 'stat' | 'signal'>;
  /**
   * Loupe's state folder whose saved choices for this project apply where these options name
   * none: the show/hide overrides (unless `scan.overrides`) and masking (unless `masking`).
   * Default: `stateDir`; null: none. A headless server that keeps its focus in memory still
   * hides what the person hid and masks as the person chose.
   */
  savedFrom?: string | null;
  /** Token counting for tests or sharing; created (and closed) by the workspace when absent. */
  tokens?: TokenService;
  /** Start counting tokens right after the scan (default true); otherwise call countTokens(). */
  countTokens?: boolean;
  /** Aborts the opening scan (a window's Cancel); later rescans are not affected. */
  signal?: AbortSignal;
  /** Watch the folder and keep everything current (default false: one-shot commands need no watcher). */
  watch?: boolean | WatchOptions;
  /** Mask secret values in every read (default: the project's saved setting, else true). */
  masking?: boolean;
  /** Gitleaks rule file for the packaged app (default: resources/rules in the sources). */
  rulesPath?: string;
  /**
   * Open even when the saved focus or overrides are damaged (the window, MCP servers: they show
   * the damage and refuse agents until a person resolves it). Default false: `open` throws the
   * damage's sentence, so a one-shot command never answers wider than the person chose.
   */
  openDamaged?: boolean;
}

export interface TokenProgress {
  done: number;
  total: number;
}

export class Workspace {
  readonly index = new FileIndex();
  readonly focus: Focus;
  hidden: readonly HiddenEntry[] = [];
  repos: readonly RepoInfo[] = [];
  notes: string[] = [];
  /** Problems met while opening (e.g. a corrupt state file set aside). */
  readonly warnings: string[] = [];
  /** Damaged saved focus or overrides, until a person resolves it (state/damage.ts). */
  readonly damage = new DamagedState();
  tokensReady: Promise<void> = Promise.resolve();
  /**
   * HMAC key for masked-value identities: random per opened project, never stored or shown. Agent
   * sessions made with `newMaskSession()` and the shared search index use it, so a value gets the
   * same placeholder number in a session's reads and in its search results (docs/search.md).
   */
  readonly maskKey: Buffer = randomBytes(32);
  /** Every content change the index took, by sequence number (see changesSince). */
  readonly journal = new ChangeJournal();

  private readonly tokenProgress = new Emitter<TokenProgress>();
  private readonly indexChanged = new Emitter<void>();
  private readonly filesChanged = new Emitter<FilesChangedEvent>();
  private readonly watchChanged = new Emitter<WatchStatus>();
  private readonly gitChanged = new Emitter<void>();
  readonly onDidCountTokens = this.tokenProgress.event;
  readonly onDidChangeIndex = this.indexChanged.event;
  /** Files added, changed (content) or removed on disk, after the index took them. */
  readonly onDidChangeFiles = this.filesChanged.event;
  /** The watcher started, degraded (OS watch limit, overflow), recovered or stopped. */
  readonly onDidChangeWatch = this.watchChanged.event;
  /**
   * The watcher saw a repository's index change (add, commit, checkout, stash, ...): what git
   * lists as changed may differ now, even when no visible file did.
   */
  readonly onDidChangeGit = this.gitChanged.event;
  readonly onDidChangeFocus;

  /** Folders the scan walked: where visible files can appear (the watcher watches exactly these). */
  private walked = new Set<RelPath>();
  private hiddenByPath = new Map<RelPath, HiddenEntry>();
  private watcher_: ProjectWatcher | undefined;
  /** Updates (watcher batches, rescans) apply one at a time. */
  private updating: Promise<unknown> = Promise.resolve();

  private readonly focusFile: string | undefined;
  private git: GitRunner | undefined;
  private readonly ownsTokens: boolean;
  private tokens: TokenService;
  private counting: AbortController | undefined;
  private closed = false;
  private pipeline: ContentPipeline | undefined;
  private otherPipeline: ContentPipeline | undefined;
  /** Masking as chosen (options, then `setMasking`); undefined: the pipeline's default (on). */
  private maskingChoice: boolean | undefined;

  private constructor(
    readonly root: string,
    private readonly options: WorkspaceOptions,
    saved: SavedChoices,
  ) {
    this.maskingChoice = options.masking;
    this.focusFile = saved.focusFile;
    this.warnings.push(...saved.problems);
    if (saved.damage.focus) this.damage.set('focus', saved.damage.focus);
    if (saved.damage.overrides) this.damage.set('overrides', saved.damage.overrides);
    this.focus = new Focus(saved.focus, { unknown: Boolean(saved.damage.focus) });
    this.onDidChangeFocus = this.focus.onDidChange;
    this.focus.onDidChange(() => this.saveFocus());
    this.ownsTokens = !options.tokens;
    this.tokens =
      options.tokens ??
      createTokenService({
        encoding: options.encoding ?? 'o200k_base',
        ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
        ...(options.tokenThreads ? { threads: options.tokenThreads } : {}),
      });
  }

  /** Loupe's cache folder for this workspace (token counts, declarations); null: none. */
  get cacheDir(): string | null {
    return this.options.cacheDir === undefined ? userCacheDir() : this.options.cacheDir;
  }

  /** Scans `root` and starts counting tokens in the background. */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const saved = loadSavedChoices(resolveRoot(root), {
      from: options.savedFrom !== undefined ? options.savedFrom : options.stateDir,
      focusFrom: options.stateDir,
      overrides: !options.scan?.overrides,
      masking: options.masking === undefined,
    });
    const damaged = Object.entries(saved.damage) as Array<['focus' | 'overrides', StateDamage]>;
    if (damaged.length && !options.openDamaged)
      throw new LoupeError('unsupported', damaged.map(([k, d]) => damageNotice(k, d)).join(' '));
    options = {
      ...options,
      ...(saved.overrides ? { scan: { ...options.scan, overrides: saved.overrides } } : {}),
      ...(saved.masking !== undefined ? { masking: saved.masking } : {}),
    };
    const scanned = await scanProject(root, {
      ...options.scan,
      ...(options.git ? { git: options.git } : {}),
      ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const ws = new Workspace(scanned.root, options, saved);
    ws.index.replace(scanned.files);
    ws.setScope(() => true, scanned.hidden, scanned.dirs, scanned.repos, scanned.notes);
    if (options.countTokens !== false) void ws.countTokens();
    if (options.watch) await ws.watch(options.watch === true ? {} : options.watch);
    return ws;
  }

  get encoding(): Encoding {
    return this.tokens.encoding;
  }

  /**
   * Replaces scan options (e.g. the window changed an override) for later rescans and the
   * watcher's walks; call rescan() to apply them now.
   */
  setScanOptions(scan: WorkspaceOptions['scan']): void {
    this.options.scan = { ...this.options.scan, ...scan };
  }

  /** The scan options this workspace was opened with (the watcher's partial walks use them too). */
  scanOptions(): ScanOptions {
    return {
      ...this.options.scan,
      ...(this.options.git ? { git: this.options.git } : {}),
      ...(this.options.maxFileBytes ? { maxFileBytes: this.options.maxFileBytes } : {}),
    };
  }

  /** Scans again (e.g. after overrides changed), journals what changed and recounts it. */
  async rescan(reason = 'rescan requested'): Promise<void> {
    if (this.watcher_) return this.watcher_.rescan(reason);
    await this.exclusive(async () => {
      const scanned = await scanProject(this.root, this.scanOptions());
      this.applyUpdate(await updateFromScan(this, scanned, () => true, reason));
    });
    await this.countTokens();
  }

  /** Runs `fn` after every update queued before it (updates never interleave). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.updating.then(fn);
    this.updating = run.catch(() => {});
    return run;
  }

  /** Folders the latest scan walked (visible, or hidden but holding visible files). */
  get folders(): ReadonlySet<RelPath> {
    return this.walked;
  }

  hiddenEntry(p: RelPath): HiddenEntry | undefined {
    return this.hiddenByPath.get(p);
  }

  private setScope(
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

  /**
   * Applies one update (from the watcher or a rescan): the index, the hidden entries and walked
   * folders inside its scope, and the journal; then tells listeners. Content changes never touch
   * the focus: its revision moves only when the ticks do.
   */
  applyUpdate(u: IndexUpdate): FilesChangedEvent | undefined {
    this.index.update(u.upsert, u.remove);
    if (u.scope) this.setScope(u.scope.covers, u.scope.hidden, u.scope.folders, u.scope.repos, u.scope.notes);
    this.judgeLinks(u);
    const seq = this.journal.record(u.added, u.changed, u.removed);
    const touched = u.upsert.length > 0 || u.remove.length > 0 || u.scope !== undefined;
    let event: FilesChangedEvent | undefined;
    if (u.added.length || u.changed.length || u.removed.length) {
      event = { seq, added: u.added, changed: u.changed, removed: u.removed, cause: u.cause };
      this.filesChanged.fire(event);
    }
    if (touched) this.indexChanged.fire();
    return event;
  }

  /**
   * Judges every link again against the index as it is now: a link follows its target's verdict
   * (the target hidden, shown, grown too large) without an event under the link's own name, and a
   * partial walk judged its links against only the folders it read. Changed links join `u.changed`.
   */
  private judgeLinks(u: IndexUpdate): void {
    const links = this.index.all().filter((e) => e.symlink && e.target !== undefined);
    if (!links.length) return;
    const view = this.linkView();
    const changed = new Set(u.changed);
    const added = new Set(u.added);
    for (const link of links) {
      const judged = judgeLink(link, view);
      if (sameVerdict(link, judged)) continue;
      this.index.upsert(judged);
      if (!changed.has(link.path) && !added.has(link.path)) u.changed.push(link.path);
    }
  }

  /** What a link is judged against: the index and the hidden entries as they are now. */
  linkView(): LinkView {
    let byLower: Map<string, RelPath> | undefined;
    const fold = this.repos.find((r) => r.path === '')?.ignoreCase;
    return {
      file: (p) => this.index.get(p),
      hidden: (p) => hiddenAt(this.hiddenByPath, p),
      ...(fold
        ? {
            folded: (lower: string) => {
              byLower ??= new Map(this.index.all().map((e) => [e.path.toLowerCase(), e.path]));
              return byLower.get(lower);
            },
          }
        : {}),
    };
  }

  /** The content sequence number: it grows with every update that added, changed or removed a file. */
  get contentSeq(): number {
    return this.journal.seq;
  }

  /** What changed on disk after sequence number `seq` (net per path); optionally only some paths. */
  changesSince(seq: number, filter?: (path: RelPath) => boolean): FileChanges {
    return this.journal.since(seq, filter);
  }

  /** Changes after `seq` to files inside the current focus. */
  focusedChangesSince(seq: number): FileChanges {
    const m = this.focus.matcher();
    return this.journal.since(seq, (p) => m.has(p));
  }

  /** The watcher's word that a repository's index changed (see onDidChangeGit). */
  noteGitChange(): void {
    this.gitChanged.fire();
  }

  /** The visible files git lists as changed now, and those of this branch (scan/git-changes.ts). */
  gitChanges(): Promise<GitChanges> {
    this.git ??= this.options.git ?? createGitRunner(untrustedRootsFor(this.root));
    return gitChanges(this.root, this.repos, this.git, (p) => this.index.get(p) !== undefined);
  }

  /** Starts watching the folder (once); resolves when the watch is in place and verified. */
  async watch(options: WatchOptions = {}): Promise<ProjectWatcher> {
    if (this.closed)
      throw new LoupeError('unsupported', 'This project was closed; open it again to watch it.');
    if (!this.watcher_) {
      this.watcher_ = new ProjectWatcher(this, options, (s) => this.watchChanged.fire(s));
      await this.watcher_.start();
    }
    return this.watcher_;
  }

  get watcher(): ProjectWatcher | undefined {
    return this.watcher_;
  }

  /**
   * Counts tokens in another encoding from now on: the counts start again (in the background, as
   * after opening), while the files, the focus, the sessions and their receipts stay as they are;
   * what agents received is recorded by content hash, never by token count.
   */
  async setEncoding(encoding: Encoding): Promise<void> {
    if (encoding === this.encoding || this.closed) return;
    if (!this.ownsTokens)
      throw new LoupeError(
        'unsupported',
        'This workspace counts with a token service it was given; open it again to change the encoding.',
      );
    this.cancelTokenCount();
    await this.tokensReady;
    const old = this.tokens;
    this.tokens = createTokenService({
      encoding,
      ...(this.options.cacheDir !== undefined ? { cacheDir: this.options.cacheDir } : {}),
      ...(this.options.tokenThreads ? { threads: this.options.tokenThreads } : {}),
    });
    // The pipelines count their output in the old encoding: later reads get new ones. A read
    // still running finishes on the old one, closed a while later (or when the workspace closes).
    const retired = [this.pipeline, this.otherPipeline];
    this.pipeline = undefined;
    this.otherPipeline = undefined;
    this.retire(retired);
    await old.close();
    this.index.clearTokens();
    this.indexChanged.fire();
    void this.countTokens();
  }

  private readonly retiring = new Set<ContentPipeline>();

  private retire(pipelines: Array<ContentPipeline | undefined>): void {
    for (const p of pipelines) {
      if (!p) continue;
      this.retiring.add(p);
      setTimeout(() => {
        if (this.retiring.delete(p)) void p.close();
      }, 30_000).unref?.();
    }
  }

  /** Counts the files not counted yet (in worker threads, cached on disk); `tokensReady` follows it. */
  countTokens(): Promise<void> {
    const run = this.tokensReady.then(() => this.countMissing());
    this.tokensReady = run.catch(() => {});
    return run;
  }

  private async countMissing(): Promise<void> {
    const todo = this.index
      .all()
      .filter((e) => !e.flag && e.tokens === undefined)
      .map((e) => ({ path: e.path, abs: projectFile(this.root, e), size: e.size, mtimeMs: e.mtimeMs }));
    if (!todo.length || this.closed) return;
    const asked = new Map(todo.map((t) => [t.path, t]));
    const abort = new AbortController();
    this.counting = abort;
    let counts: Awaited<ReturnType<TokenService['countFiles']>>;
    try {
      counts = await this.tokens.countFiles(todo, {
        root: this.root,
        signal: abort.signal,
        onProgress: (done, total) => this.tokenProgress.fire({ done, total }),
      });
    } catch (error) {
      // A cancelled count leaves the files uncounted (finished batches are cached on disk).
      if (abort.signal.aborted) return;
      throw error;
    } finally {
      if (this.counting === abort) this.counting = undefined;
    }
    for (const [p, t] of counts) {
      const entry = this.index.get(p);
      // The file changed while it was counted: the newer entry waits for its own count.
      const job = asked.get(p);
      if (!entry || !job || entry.size !== job.size || entry.mtimeMs !== job.mtimeMs) continue;
      if (t.binary) entry.flag = 'binary';
      else if (t.error) entry.flag = 'unreadable';
      else this.index.setTokens(p, t.tokens, t.hash);
    }
    this.tokenProgress.fire({ done: todo.length, total: todo.length });
    this.indexChanged.fire();
  }

  /** Stops the running token count, if any; returns whether one was running. */
  cancelTokenCount(): boolean {
    const running = this.counting;
    running?.abort();
    return Boolean(running);
  }

  /**
   * The pipeline with masking on or off: the project's own (`content`) when that matches, else a
   * second one for a person's explicit one-off choice (an unmasked export). Agents always read
   * through `content`.
   */
  contentFor(mask: boolean): ContentPipeline {
    if (mask === this.content.masking) return this.content;
    this.otherPipeline ??= new ContentPipeline(this.root, {
      encoding: this.encoding,
      mask,
      ...(this.options.rulesPath ? { rulesPath: this.options.rulesPath } : {}),
    });
    return this.otherPipeline;
  }

  /**
   * Switches masking for every later read (a person changed the project's setting while it is
   * open): agents' next calls, previews and the search index follow. The two pipelines swap, so a
   * read still running finishes on the one it started with.
   */
  setMasking(on: boolean): void {
    if (on === this.content.masking) return;
    const previous = this.pipeline;
    this.maskingChoice = on;
    this.pipeline = this.otherPipeline; // made for the other choice, when it exists
    this.otherPipeline = previous;
  }

  /** The one content pipeline (read -> mask -> select -> compress) for this project. */
  get content(): ContentPipeline {
    this.pipeline ??= new ContentPipeline(this.root, {
      encoding: this.encoding,
      ...(this.maskingChoice !== undefined ? { mask: this.maskingChoice } : {}),
      ...(this.options.rulesPath ? { rulesPath: this.options.rulesPath } : {}),
    });
    return this.pipeline;
  }

  /** Placeholder numbering for one agent session or one export, under this project's mask key. */
  newMaskSession(): MaskSession {
    return new MaskSession(this.maskKey);
  }

  /** Absolute path of a project path (no checks: use the path jail for untrusted input). */
  abs(rel: RelPath): string {
    return rel ? path.join(this.root, ...rel.split('/')) : this.root;
  }

  /** Sets the rules, on top of what another process may have saved meanwhile. */
  setFocus(rules: FocusRules): FocusDelta | undefined {
    this.reloadFocus();
    return this.focus.set(rules);
  }

  /** Ticks or unticks one path of the saved focus as it is now (another process may have changed it). */
  toggleFocus(path: RelPath, on: boolean): FocusDelta | undefined {
    this.reloadFocus();
    return this.focus.toggle(path, on);
  }

  /**
   * Follows the saved focus when another process changed it (`loupe focus --set`, a preset loaded
   * elsewhere): the rules saved there become this focus (a new revision, its listeners told).
   * Returns the delta, or undefined when the saved focus is the one held (or none is saved).
   */
  reloadFocus(): FocusDelta | undefined {
    if (!this.focusFile) return undefined;
    const saved = loadFocus(this.focusFile);
    if (saved.problem && !this.warnings.includes(saved.problem)) this.warnings.push(saved.problem);
    if (saved.damage) {
      // Damaged since (by another process): fail closed until a person sets the focus again.
      if (!this.damage.get('focus')) this.damage.set('focus', saved.damage);
      return undefined;
    }
    // Damaged here, and another process has set the focus since (or removed the set-aside copy).
    if (this.damage.get('focus')) return this.focus.set(saved.focus ?? { include: [], exclude: [] });
    return saved.focus ? this.focus.adopt(saved.focus) : undefined;
  }

  /** The visible files inside the focus (all visible files when nothing is ticked), sorted. */
  focusedFiles(): IndexEntry[] {
    const m = this.focus.matcher();
    return this.index.all().filter((e) => m.has(e.path));
  }

  focusSummary(): FocusSummary {
    const snap = this.focus.snapshot;
    const m = this.focus.matcher();
    let files = 0;
    let tokens = 0;
    let totalTokens = 0;
    let counted = 0;
    for (const e of this.index.all()) {
      const t = e.tokens ?? 0;
      totalTokens += t;
      if (e.tokens !== undefined) counted++;
      if (m.has(e.path)) {
        files++;
        tokens += t;
      }
    }
    const missing = [...snap.include, ...snap.exclude].filter(
      (p) => p !== '' && !this.index.get(p) && !this.index.isFolder(p),
    );
    return {
      revision: snap.revision,
      everything: m.everything,
      files,
      tokens,
      totalFiles: this.index.size,
      totalTokens,
      countedFiles: counted,
      missing,
    };
  }

  private saveFocus(): void {
    if (!this.focusFile) return;
    try {
      saveFocus(this.focusFile, this.focus.snapshot);
      this.damage.resolve('focus');
    } catch (error) {
      this.warnings.push(`The focus could not be saved (${(error as Error).message}).`);
    }
  }

  /**
   * While saved state is damaged, looks again: another process (the window, a CLI command) may have
   * resolved it, and this project follows (the saved focus, or a rescan with the saved overrides).
   */
  async recheckDamage(): Promise<void> {
    if (this.damage.get('focus') && this.focusFile) {
      const saved = loadFocus(this.focusFile);
      if (!saved.damage) this.focus.set(saved.focus ?? { include: [], exclude: [] }); // resolves
    }
    const from = this.options.savedFrom !== undefined ? this.options.savedFrom : this.options.stateDir;
    if (this.damage.get('overrides') && from) {
      const saved = loadOverrides(from, this.root);
      if (!saved.damage) await this.overridesSaved(saved.overrides);
    }
  }

  /** A person saved the show/hide overrides: they apply (rescan), and damaged ones are resolved. */
  async overridesSaved(overrides: Overrides): Promise<void> {
    this.setScanOptions({ overrides: { show: overrides.show, hide: overrides.hide } });
    this.damage.resolve('overrides');
    await this.rescan('the show/hide overrides changed');
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.watcher_?.close();
    await this.pipeline?.close();
    await this.otherPipeline?.close();
    for (const p of this.retiring) await p.close();
    this.retiring.clear();
    if (this.ownsTokens) await this.tokens.close();
  }
}
