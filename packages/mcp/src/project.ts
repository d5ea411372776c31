// One project served over MCP: a Workspace plus what every session shares (the jail view, the
// content source, the session registry with receipts, cached focus summaries and trees). Each
// connection becomes a session through `connect`.
import { statSync } from 'node:fs';
import {
  buildTree,
  createJailView,
  type FocusSummary,
  type HiddenEntry,
  type IndexEntry,
  type JailView,
  loadProjectSettings,
  projectSettingsFile,
  type ReceiptOptions,
  SessionRegistry,
  summarizeHidden,
  type TreeEntry,
  type TreeModel,
  type Workspace,
} from '@loupe/engine';
import type { AccessAsker } from './access';
import { createPipelineSource } from './content/pipeline-source';
import type { ContentSource } from './content/source';
import { followSavedState } from './saved-state';

export interface LiveSummary extends FocusSummary {
  /** Files whose tokens can be counted (binary and other flagged files never are). */
  countable: number;
}

export interface ProjectOptions {
  /** Loupe's state folder: receipts are written there; null writes none. */
  stateDir?: string | null;
  receipts?: ReceiptOptions;
  /** Set when no app serves this project: the live context says how it is served. */
  headless?: string;
  /**
   * Loupe's state folder whose saved overrides and masking every call follows (a headless server;
   * in the app the host applies them). The saved focus is followed either way.
   */
  followSaved?: string;
  content?: ContentSource;
  /** File text one result may carry, in tokens (default 20,000). */
  maxResultTokens?: number;
  /** Default cap of get_tree, in tokens (default 5,000). */
  treeTokens?: number;
  /** Strict focus for this run, whatever is saved (tests); default: the project's saved setting. */
  strictFocus?: boolean;
  /** How often a waiting strict-focus request sends a progress notification (default 5 s). */
  progressMs?: number;
  /** Calls wait for token counting when the project has at most this many countable files (default 5,000). */
  waitForCountsUpTo?: number;
}

/** Up to this many countable files, a call waits for counting: the answer then states every count. */
export const WAIT_FOR_COUNTS_FILES = 5_000;

export class McpProject {
  readonly sessions: SessionRegistry;
  readonly jail: JailView;
  readonly content: ContentSource;
  readonly maxResultTokens: number;
  readonly treeTokens: number;
  /** Bumped when the index or its token counts change (invalidates the caches below). */
  private version = 0;
  private summaryCache: { key: string; value: LiveSummary } | undefined;
  private focusedCache: { key: string; value: IndexEntry[] } | undefined;
  private treeCache: { key: string; value: TreeModel } | undefined;
  private hiddenCache: { of: readonly HiddenEntry[]; value: string } | undefined;
  private readonly disposers: Array<() => void> = [];
  private readonly followSaved: (() => Promise<void>) | undefined;
  private strictOn = false;
  /** The settings file's mtime and size when last read ('' when absent). */
  private settingsStamp: string | undefined;
  private readonly strictListeners = new Set<(on: boolean) => void>();
  /** Who can ask the person about reads outside a strict focus (the window); none when headless. */
  asker: AccessAsker | undefined;
  readonly progressMs: number;

  constructor(
    readonly ws: Workspace,
    readonly options: ProjectOptions = {},
  ) {
    this.sessions = new SessionRegistry(ws, {
      stateDir: options.stateDir ?? null,
      maskKey: ws.maskKey,
      ...(options.receipts ? { receipts: options.receipts } : {}),
    });
    this.jail = createJailView(ws);
    this.content = options.content ?? createPipelineSource(ws);
    this.maxResultTokens = options.maxResultTokens ?? 20_000;
    this.treeTokens = options.treeTokens ?? 5_000;
    this.progressMs = options.progressMs ?? 5_000;
    if (options.strictFocus !== undefined) this.strictOn = options.strictFocus;
    else this.followSettings();
    const bump = () => {
      this.version++;
    };
    this.disposers.push(ws.onDidChangeIndex(bump), ws.onDidCountTokens(bump));
    this.followSaved = options.followSaved ? followSavedState(ws, options.followSaved) : undefined;
  }

  /**
   * Runs before every tool call: what another process saved since (`loupe focus --set`, and for a
   * headless server the overrides and masking) applies to this call and is named in its live line.
   */
  async beforeCall(): Promise<void> {
    if (this.followSaved) await this.followSaved();
    else this.ws.reloadFocus();
  }

  get root(): string {
    return this.ws.root;
  }

  get headless(): string | undefined {
    return this.options.headless;
  }

  /** Changes with the focus revision, the index and its token counts: what cached answers key on. */
  get contentKey(): string {
    return this.key();
  }

  private key(): string {
    return `${this.ws.focus.snapshot.revision}:${this.version}:${this.strictOn}`;
  }

  /** Strict focus: agents see and read only ticked files; other reads ask the person. */
  get strict(): boolean {
    return this.strictOn;
  }

  /** Applies a strict-focus choice now (the caller saved it); every session follows on its next call. */
  setStrict(on: boolean): void {
    if (on === this.strictOn) return;
    this.strictOn = on;
    for (const l of [...this.strictListeners]) l(on);
  }

  onDidChangeStrict(listener: (on: boolean) => void): () => void {
    this.strictListeners.add(listener);
    return () => this.strictListeners.delete(listener);
  }

  /**
   * Re-reads the saved strict-focus choice when its file changed (another process, e.g. `loupe
   * focus DIR --strict on`, or the window while this serves headless). Called before every tool call:
   * one stat when nothing changed.
   */
  followSettings(): void {
    const stateDir = this.options.stateDir;
    if (!stateDir || this.options.strictFocus !== undefined) return;
    const file = projectSettingsFile(stateDir, this.ws.root);
    let stamp = '';
    try {
      const st = statSync(file);
      stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      // absent: the default
    }
    if (stamp === this.settingsStamp) return;
    this.settingsStamp = stamp;
    this.setStrict(loadProjectSettings(stateDir, this.ws.root).settings.strictFocus);
  }

  /** Strict focus with nothing ticked: the agent sees no files at all (never the whole project). */
  private get strictEmpty(): boolean {
    return this.strictOn && this.ws.focus.snapshot.include.length === 0;
  }

  /** The focus summary, computed once per revision and index version. */
  summary(): LiveSummary {
    const key = this.key();
    if (this.summaryCache?.key !== key) {
      const { countable } = this.ws.index.totals;
      const s = this.ws.focusSummary();
      this.summaryCache = {
        key,
        value: this.strictEmpty
          ? { ...s, everything: false, files: 0, tokens: 0, countable }
          : { ...s, countable },
      };
    }
    return this.summaryCache.value;
  }

  /**
   * What the ignore rules hide, as one phrase with names as JSON strings ("hidden as build output:
   * 3 folders ("dist", …)"); undefined when nothing is hidden. Kept while the hidden list stands.
   */
  hiddenSummary(): string | undefined {
    const hidden = this.ws.hidden;
    if (!hidden.length) return undefined;
    // Under strict focus, hidden names are names outside the focus: counted, never named.
    if (this.strictOn) return summarizeHidden(hidden, { countsOnly: true });
    if (this.hiddenCache?.of !== hidden)
      this.hiddenCache = { of: hidden, value: summarizeHidden(hidden, { quoteNames: true }) };
    return this.hiddenCache.value;
  }

  /**
   * Waits for token counting to finish when the project is small enough (a bound by file count, so
   * the same files give the same answer); a larger project answers at once and says how far
   * counting got.
   */
  async countingSettled(): Promise<void> {
    const s = this.summary();
    if (s.countedFiles >= s.countable) return;
    if (s.countable > (this.options.waitForCountsUpTo ?? WAIT_FOR_COUNTS_FILES)) return;
    await this.ws.tokensReady;
  }

  focused(): IndexEntry[] {
    const key = this.key();
    if (this.focusedCache?.key !== key)
      this.focusedCache = { key, value: this.strictEmpty ? [] : this.strictLinks(this.ws.focusedFiles()) };
    return this.focusedCache.value;
  }

  /**
   * What a file costs read whole, at the content with this hash: the index's count when it counted
   * that content, else undefined (never a guess).
   */
  wholeTokens(path: string, hash: string): number | undefined {
    const e = this.ws.index.get(path);
    return e && e.hash === hash ? e.tokens : undefined;
  }

  /** The sum of `wholeTokens` over files read; undefined when one of them is not known. */
  wholeOf(files: ReadonlyArray<{ path: string; hash: string }>): number | undefined {
    let sum = 0;
    for (const f of files) {
      const t = this.wholeTokens(f.path, f.hash);
      if (t === undefined) return undefined;
      sum += t;
    }
    return files.length ? sum : undefined;
  }

  /** Whether a visible file is in the focus. */
  inFocus(path: string): boolean {
    return this.focusTest()(path);
  }

  /** `inFocus` for many paths (one matcher). */
  focusTest(): (path: string) => boolean {
    if (this.strictEmpty) return () => false;
    const m = this.ws.focus.matcher();
    if (!this.strictOn) return (p) => m.has(p);
    // A link is read as its target: under strict focus both must be ticked.
    return (p) => {
      if (!m.has(p)) return false;
      const target = this.ws.index.get(p)?.target;
      return target === undefined || m.has(target);
    };
  }

  /** Under strict focus, ticked links whose target is not ticked are outside the focus. */
  private strictLinks(files: IndexEntry[]): IndexEntry[] {
    if (!this.strictOn || !files.some((e) => e.target !== undefined)) return files;
    const m = this.ws.focus.matcher();
    return files.filter((e) => e.target === undefined || m.has(e.target));
  }

  /** The focus as a tree model with tokens and sizes; `received` marks make a fresh model. */
  focusTree(received?: Map<string, 'unchanged' | 'changed'>): TreeModel {
    const entry = (e: IndexEntry): TreeEntry => {
      const t: TreeEntry = { path: e.path, size: e.size };
      if (e.tokens !== undefined) t.tokens = e.tokens;
      const mark = received?.get(e.path);
      if (mark) t.received = mark;
      return t;
    };
    if (received) return buildTree(this.focused().map(entry));
    const key = this.key();
    if (this.treeCache?.key !== key) this.treeCache = { key, value: buildTree(this.focused().map(entry)) };
    return this.treeCache.value;
  }

  async close(): Promise<void> {
    for (const d of this.disposers) d();
    await this.sessions.closeAll();
  }
}
