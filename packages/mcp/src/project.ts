// One project served over MCP: a Workspace plus what every session shares (the jail view, the
// content source, the session registry with receipts, cached focus summaries and trees). Each
// connection becomes a session through `connect`.
import {
  buildTree,
  createJailView,
  type FocusSummary,
  type HiddenEntry,
  type IndexEntry,
  type JailView,
  type ReceiptOptions,
  SessionRegistry,
  summarizeHidden,
  type TreeEntry,
  type TreeModel,
  type Workspace,
} from '@loupe/engine';
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
    return `${this.ws.focus.snapshot.revision}:${this.version}`;
  }

  /** The focus summary, computed once per revision and index version. */
  summary(): LiveSummary {
    const key = this.key();
    if (this.summaryCache?.key !== key) {
      let countable = 0;
      for (const e of this.ws.index.all()) if (!e.flag) countable++;
      this.summaryCache = { key, value: { ...this.ws.focusSummary(), countable } };
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
    if (this.focusedCache?.key !== key) this.focusedCache = { key, value: this.ws.focusedFiles() };
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
    return this.ws.focus.matcher().has(path);
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
