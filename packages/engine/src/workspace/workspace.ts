// A Workspace is one open project: the file index (scan + token counts), the focus with its
// revisions, and the events every consumer (window, MCP sessions, CLI) follows. It is the one
// owner of this state; consumers never keep their own copies.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ContentPipeline } from '../content/pipeline';
import { Focus, type FocusDelta, type FocusRules } from '../focus/focus';
import { MaskSession } from '../mask/session';
import type { GitRunner } from '../scan/git';
import { type ScanOptions, type ScanResult, scanProject } from '../scan/index';
import { projectStateDir, readState, writeState } from '../state/store';
import { createTokenService, type TokenService } from '../tokens/service';
import type { Encoding, HiddenEntry, RelPath, RepoInfo } from '../types';
import { Emitter } from '../util/emitter';
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
  /** Token counting for tests or sharing; created (and closed) by the workspace when absent. */
  tokens?: TokenService;
  /** Start counting tokens right after the scan (default true); otherwise call countTokens(). */
  countTokens?: boolean;
  /** Mask secret values in every read (default true; off only by an explicit project setting). */
  masking?: boolean;
  /** Gitleaks rule file for the packaged app (default: resources/rules in the sources). */
  rulesPath?: string;
}

export interface FocusSummary {
  revision: number;
  /** Nothing ticked: the whole visible project is the focus. */
  everything: boolean;
  files: number;
  tokens: number;
  totalFiles: number;
  totalTokens: number;
  /** Files whose tokens are counted so far (counting runs in the background after opening). */
  countedFiles: number;
  /** Ticked paths that no longer exist (kept until the user clears them). */
  missing: RelPath[];
}

export interface TokenProgress {
  done: number;
  total: number;
}

interface SavedFocus {
  version: 1;
  revision: number;
  include: string[];
  exclude: string[];
}

function validFocus(raw: unknown): SavedFocus | undefined {
  const r = raw as Partial<SavedFocus> | null;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  return r && r.version === 1 && Number.isInteger(r.revision) && strings(r.include) && strings(r.exclude)
    ? (r as SavedFocus)
    : undefined;
}

export class Workspace {
  readonly index = new FileIndex();
  readonly focus: Focus;
  hidden: readonly HiddenEntry[] = [];
  repos: readonly RepoInfo[] = [];
  notes: string[] = [];
  /** Problems met while opening (e.g. a corrupt state file set aside). */
  readonly warnings: string[] = [];
  tokensReady: Promise<void> = Promise.resolve();
  /**
   * HMAC key for masked-value identities: random per opened project, never stored or shown. Agent
   * sessions made with `newMaskSession()` and the shared search index use it, so a value gets the
   * same placeholder number in a session's reads and in its search results (docs/search.md).
   */
  readonly maskKey: Buffer = randomBytes(32);

  private readonly tokenProgress = new Emitter<TokenProgress>();
  private readonly indexChanged = new Emitter<void>();
  readonly onDidCountTokens = this.tokenProgress.event;
  readonly onDidChangeIndex = this.indexChanged.event;
  readonly onDidChangeFocus;

  private readonly focusFile: string | undefined;
  private readonly ownsTokens: boolean;
  private readonly tokens: TokenService;
  private closed = false;
  private pipeline: ContentPipeline | undefined;

  private constructor(
    readonly root: string,
    private readonly options: WorkspaceOptions,
  ) {
    this.focusFile = options.stateDir
      ? path.join(projectStateDir(options.stateDir, root), 'focus.json')
      : undefined;
    const saved = this.focusFile ? readState(this.focusFile, validFocus) : { value: undefined };
    if (saved.problem) this.warnings.push(saved.problem);
    this.focus = new Focus(saved.value);
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

  /** Scans `root` and starts counting tokens in the background. */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const scanned = await scanProject(root, {
      ...options.scan,
      ...(options.git ? { git: options.git } : {}),
      ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
    });
    const ws = new Workspace(scanned.root, options);
    ws.apply(scanned);
    if (options.countTokens !== false) void ws.countTokens();
    return ws;
  }

  get encoding(): Encoding {
    return this.tokens.encoding;
  }

  /** Scans again (e.g. after ignore rules changed) and recounts what changed. */
  async rescan(): Promise<void> {
    const scanned = await scanProject(this.root, {
      ...this.options.scan,
      ...(this.options.git ? { git: this.options.git } : {}),
      ...(this.options.maxFileBytes ? { maxFileBytes: this.options.maxFileBytes } : {}),
    });
    this.apply(scanned);
    await this.countTokens();
  }

  private apply(scanned: ScanResult): void {
    this.index.replace(scanned.files);
    this.hidden = scanned.hidden;
    this.repos = scanned.repos;
    this.notes = scanned.notes;
    this.indexChanged.fire();
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
      .map((e) => ({ path: e.path, abs: this.abs(e.path), size: e.size, mtimeMs: e.mtimeMs }));
    if (!todo.length || this.closed) return;
    const counts = await this.tokens.countFiles(todo, {
      root: this.root,
      onProgress: (done, total) => this.tokenProgress.fire({ done, total }),
    });
    for (const [p, t] of counts) {
      const entry = this.index.get(p);
      if (!entry) continue;
      if (t.binary) entry.flag = 'binary';
      else if (t.error) entry.flag = 'unreadable';
      else this.index.setTokens(p, t.tokens, t.hash);
    }
    this.tokenProgress.fire({ done: todo.length, total: todo.length });
    this.indexChanged.fire();
  }

  /** The one content pipeline (read -> mask -> select -> compress) for this project. */
  get content(): ContentPipeline {
    this.pipeline ??= new ContentPipeline(this.root, {
      encoding: this.encoding,
      ...(this.options.masking !== undefined ? { mask: this.options.masking } : {}),
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

  setFocus(rules: FocusRules): FocusDelta | undefined {
    return this.focus.set(rules);
  }

  toggleFocus(path: RelPath, on: boolean): FocusDelta | undefined {
    return this.focus.toggle(path, on);
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
    const s = this.focus.snapshot;
    const saved: SavedFocus = { version: 1, revision: s.revision, include: s.include, exclude: s.exclude };
    try {
      writeState(this.focusFile, saved);
    } catch (error) {
      this.warnings.push(`The focus could not be saved (${(error as Error).message}).`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pipeline?.close();
    if (this.ownsTokens) await this.tokens.close();
  }
}
