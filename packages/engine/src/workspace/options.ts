// What a Workspace opens with (workspace.ts): its scan, token counting, saved state and masking.
import type { GitRunner } from '../scan/git';
import type { ScanOptions } from '../scan/index';
import type { TokenService } from '../tokens/service';
import type { Encoding } from '../types';
import type { WatchOptions } from '../watch/watcher';

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
   * Stat every visible file in the scan (default true). False: only links are resolved and
   * judged; regular files keep size 0 and no flag until a streamed search's workers judge each
   * one before they open it (a one-shot `loupe search`: the stats run on the threads that read).
   */
  statFiles?: boolean;
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
  /**
   * Place the folder watches during the scan, as `watch` does, but start the watcher only when
   * `watch()` is called (a server that answers its first call meanwhile): its start then checks
   * only the scan's window, without a rescan (watch/early.ts).
   */
  watchLater?: boolean;
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

/** The scan options a workspace's scans take from its options (the opening scan adds its signal). */
export function scanOptionsOf(options: WorkspaceOptions): ScanOptions {
  return {
    ...options.scan,
    ...(options.statFiles === false ? { stat: 'links' as const } : {}),
    ...(options.git ? { git: options.git } : {}),
    ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
  };
}
