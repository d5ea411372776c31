// A Workspace is one open project: the file index (scan + token counts), the focus with its
// revisions, and the events every consumer (window, MCP sessions, CLI) follows. It is the one
// owner of this state; consumers never keep their own copies. Beside it in this folder: what it
// opens with (options.ts) and what opening reads before it exists (open.ts), the token service
// (token-service.ts) and counting (token-count.ts), its two content pipelines (pipelines.ts),
// what the scans hid and walked (scope.ts), its links, judged again as files change (links.ts),
// the focus as saved and followed (saved-focus.ts) and in numbers (focus-summary.ts); the saved
// choices it opens with are state/'s; the watcher (watch/) sees it through a narrow port.
import { randomBytes } from 'node:crypto';
import type { ContentPipeline } from '../content/pipeline';
import { LoupeError } from '../errors';
import { Focus, type FocusDelta, type FocusRules } from '../focus/focus';
import { MaskSession } from '../mask/session';
import { createGitRunner, type GitRunner, untrustedRootsFor } from '../scan/git';
import { type GitChanges, gitChanges } from '../scan/git-changes';
import { absolutePath, type ScanOptions, scanProject } from '../scan/index';
import type { LinkView } from '../scan/links';
import type { Overrides } from '../scan/overrides';
import { loadOverrides } from '../scan/overrides-file';
import { DamagedState } from '../state/damage';
import type { SavedChoices } from '../state/saved-choices';
import { userCacheDir } from '../tokens/cache-dir';
import type { Encoding, FocusSummary, HiddenEntry, RelPath, RepoInfo } from '../types';
import { Emitter } from '../util/emitter';
import type { EarlyWatches } from '../watch/early';
import { ChangeJournal, type FileChanges, type FilesChangedEvent } from '../watch/journal';
import { type IndexUpdate, updateFromScan } from '../watch/plan';
import { ProjectWatcher, type WatchedProject, type WatchOptions, type WatchStatus } from '../watch/watcher';
import { FileIndex, type IndexEntry } from './file-index';
import { summarizeFocus } from './focus-summary';
import { indexLinkView, judgeLinksAgain } from './links';
import { openProject } from './open';
import { scanOptionsOf, type WorkspaceOptions } from './options';
import { ContentPipelines } from './pipelines';
import { SavedFocus } from './saved-focus';
import { ScanScope } from './scope';
import { TokenCounting, type TokenProgress } from './token-count';
import { WorkspaceTokens } from './token-service';

export type { WorkspaceOptions } from './options';
export type { TokenProgress } from './token-count';

export class Workspace implements WatchedProject {
  readonly index = new FileIndex();
  readonly focus: Focus;
  /** Problems met while opening (e.g. a corrupt state file set aside). */
  readonly warnings: string[] = [];
  /** Damaged saved focus or overrides, until a person resolves it (state/damage.ts). */
  readonly damage = new DamagedState();
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
  private readonly closing = new Emitter<void>();
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
  /** The project was closed: what is kept beside it (the search index) lets go. */
  readonly onDidClose = this.closing.event;

  private readonly scope = new ScanScope();
  private watcher_: ProjectWatcher | undefined;
  /** When the scan the index holds began (the watch's start checks what changed since: watcher.ts). */
  private scannedAt_: number | undefined;
  /** The folder watches the opening scan placed, until `watch()` takes them over (watch/early.ts). */
  private early: EarlyWatches | undefined;
  /** Updates (watcher batches, rescans) apply one at a time. */
  private updating: Promise<unknown> = Promise.resolve();

  private readonly savedFocus: SavedFocus;
  private git: GitRunner | undefined;
  private readonly tokens: WorkspaceTokens;
  private readonly counting: TokenCounting;
  private readonly pipelines: ContentPipelines;
  private closed = false;

  private constructor(
    readonly root: string,
    private readonly options: WorkspaceOptions,
    saved: SavedChoices,
  ) {
    this.warnings.push(...saved.problems);
    if (saved.damage.focus) this.damage.set('focus', saved.damage.focus);
    if (saved.damage.overrides) this.damage.set('overrides', saved.damage.overrides);
    this.focus = new Focus(saved.focus, { unknown: Boolean(saved.damage.focus) });
    this.onDidChangeFocus = this.focus.onDidChange;
    this.savedFocus = new SavedFocus(saved.focusFile, this.focus, this.damage, this.warnings);
    this.focus.onDidChange(() => this.savedFocus.save());
    this.tokens = new WorkspaceTokens(options);
    this.counting = new TokenCounting(
      {
        root,
        index: this.index,
        isClosed: () => this.closed,
        onProgress: (p) => this.tokenProgress.fire(p),
        onCounted: () => this.indexChanged.fire(),
      },
      () => this.tokens.current,
    );
    this.pipelines = new ContentPipelines(root, () => this.encoding, options.rulesPath, options.masking);
  }

  /** Loupe's cache folder for this workspace (token counts, declarations); null: none. */
  get cacheDir(): string | null {
    return this.options.cacheDir === undefined ? userCacheDir() : this.options.cacheDir;
  }

  /** Scans `root` and starts counting tokens in the background. */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const { saved, options: opened, scanned, scannedAt, early } = await openProject(root, options);
    const ws = new Workspace(scanned.root, opened, saved);
    ws.scannedAt_ = scannedAt;
    ws.early = early;
    ws.index.replace(scanned.files);
    ws.scope.update(() => true, scanned.hidden, scanned.dirs, scanned.repos, scanned.notes);
    if (opened.countTokens !== false) void ws.countTokens();
    if (opened.watch) await ws.watch(opened.watch === true ? {} : opened.watch);
    return ws;
  }

  get encoding(): Encoding {
    return this.tokens.current.encoding;
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
    return scanOptionsOf(this.options);
  }

  /** Scans again (e.g. after overrides changed), journals what changed and recounts it. */
  async rescan(reason = 'rescan requested'): Promise<void> {
    if (this.watcher_) return this.watcher_.rescan(reason);
    await this.exclusive(async () => {
      const at = Date.now();
      const scanned = await scanProject(this.root, this.scanOptions());
      this.scannedAt_ = at;
      // Watches placed before this scan leave all of it as the window: a later watch rescans.
      this.early?.close();
      this.early = undefined;
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

  /** What the scans hid, and why (scope.ts). */
  get hidden(): readonly HiddenEntry[] {
    return this.scope.hidden;
  }

  get repos(): readonly RepoInfo[] {
    return this.scope.repos;
  }

  get notes(): string[] {
    return this.scope.notes;
  }

  /** Folders the latest scan walked: where visible files can appear (the watcher watches exactly these). */
  get folders(): ReadonlySet<RelPath> {
    return this.scope.walked;
  }

  hiddenEntry(p: RelPath): HiddenEntry | undefined {
    return this.scope.hiddenByPath.get(p);
  }

  /**
   * Applies one update (from the watcher or a rescan): the index, the hidden entries and walked
   * folders inside its scope, and the journal; then tells listeners. Content changes never touch
   * the focus: its revision moves only when the ticks do.
   */
  applyUpdate(u: IndexUpdate): FilesChangedEvent | undefined {
    this.index.update(u.upsert, u.remove);
    if (u.scope)
      this.scope.update(u.scope.covers, u.scope.hidden, u.scope.folders, u.scope.repos, u.scope.notes);
    judgeLinksAgain(this.index, () => this.linkView(), u);
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

  /** What a link is judged against: the index and the hidden entries as they are now. */
  linkView(): LinkView {
    return indexLinkView(
      this.index,
      this.scope.hiddenByPath,
      Boolean(this.repos.find((r) => r.path === '')?.ignoreCase),
    );
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

  /**
   * Starts watching the folder (once); resolves when the watch is in place and verified. The
   * watches the opening scan placed (`watch`, `watchLater`: watch/early.ts) are taken over.
   */
  async watch(options: WatchOptions = {}): Promise<ProjectWatcher> {
    const early = this.early;
    this.early = undefined;
    if (this.closed || this.watcher_) early?.close();
    if (this.closed)
      throw new LoupeError('unsupported', 'This project was closed; open it again to watch it.');
    if (!this.watcher_) {
      this.watcher_ = new ProjectWatcher(this, options, (s) => this.watchChanged.fire(s), early);
      await this.watcher_.start();
    }
    return this.watcher_;
  }

  get scannedAt(): number | undefined {
    return this.scannedAt_;
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
    this.tokens.checkOwned();
    this.cancelTokenCount();
    await this.tokensReady;
    const old = this.tokens.replace(encoding);
    // The pipelines count their output in the old encoding: later reads get new ones.
    this.pipelines.renew();
    await old.close();
    this.index.clearTokens();
    this.indexChanged.fire();
    void this.countTokens();
  }

  /** Resolves when every token count asked for so far has ended. */
  get tokensReady(): Promise<void> {
    return this.counting.ready;
  }

  /** Counts the files not counted yet (in worker threads, cached on disk); `tokensReady` follows it. */
  countTokens(): Promise<void> {
    return this.counting.run();
  }

  /**
   * Holds back the token count's tasks not started yet until the returned release is called (a
   * streamed search takes the cores for a moment); counts only arrive later, never differ.
   */
  holdTokenCount(): () => void {
    return this.tokens.current.hold();
  }

  /** Stops a running token count (the files stay uncounted; finished batches stay cached). */
  cancelTokenCount(): boolean {
    return this.counting.cancel();
  }

  /** The one content pipeline (read -> mask -> select -> compress) for this project. */
  get content(): ContentPipeline {
    return this.pipelines.content;
  }

  /** The pipeline with masking on or off: the project's own (`content`) when that matches, else a second one. */
  contentFor(mask: boolean): ContentPipeline {
    return this.pipelines.contentFor(mask);
  }

  /** Switches masking for every later read (agents' next calls, previews, the search index). */
  setMasking(on: boolean): void {
    this.pipelines.setMasking(on);
  }

  /** Placeholder numbering for one agent session or one export, under this project's mask key. */
  newMaskSession(): MaskSession {
    return new MaskSession(this.maskKey);
  }

  /** Absolute path of a project path (no checks: use the path jail for untrusted input). */
  abs(rel: RelPath): string {
    return absolutePath(this.root, rel);
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
    return this.savedFocus.reload();
  }

  /** The visible files inside the focus (all visible files when nothing is ticked), sorted. */
  focusedFiles(): IndexEntry[] {
    const m = this.focus.matcher();
    return this.index.all().filter((e) => m.has(e.path));
  }

  /** The focus in numbers: files and tokens inside it, of the whole project, and ticked paths now missing. */
  focusSummary(): FocusSummary {
    return summarizeFocus(this.index, this.focus);
  }

  /**
   * While saved state is damaged, looks again: another process (the window, a CLI command) may have
   * resolved it, and this project follows (the saved focus, or a rescan with the saved overrides).
   */
  async recheckDamage(): Promise<void> {
    this.savedFocus.recheckDamage();
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
    if (!this.closed) this.closing.fire();
    this.closed = true;
    this.early?.close();
    this.early = undefined;
    await this.watcher_?.close();
    await this.pipelines.close();
    await this.tokens.close();
  }
}
