// One open project as the window sees it: the engine Workspace, its flattened tree (built once per
// index version, then patched with token counts), and the wiring from workspace events to host
// events. The Workspace stays the one owner of the state; this only translates.

import {
  type BuiltSnapshot,
  buildSnapshot,
  type FocusState,
  type ProjectInfo,
  sliceSnapshot,
  type TokenUpdate,
  type TreeSnapshot,
} from '@loupe/common';
import { loadPresets, projectStateDir, type Workspace } from '@loupe/engine';
import type { AgentSocket, McpProject } from '@loupe/mcp';
import type { HostEventBus } from './events';
import { GitFocus } from './git-focus';
import type { SessionSource } from './sessions';
import { watchProjectState } from './state-watch';

export class OpenProject {
  private version = 1;
  private built: BuiltSnapshot | undefined;
  private nodeOf: Map<string, number> | undefined;
  private lastAll: unknown;
  private lastHidden: unknown;
  private watchProblem: string | undefined;
  private readonly disposers: Array<() => void> = [];
  /** What git lists as changed, kept current; ticks a followed set's new files. */
  readonly git: GitFocus;

  constructor(
    readonly ws: Workspace,
    readonly sessions: SessionSource,
    private readonly bus: HostEventBus,
    readonly warnings: string[],
    /** The project as agents see it (MCP sessions, receipts). */
    readonly mcp: McpProject,
    /** Loupe's state folder, whose saved focus and presets this follows when another process writes them. */
    readonly stateDir?: string,
  ) {
    this.lastAll = ws.index.all();
    this.lastHidden = ws.hidden;
    this.disposers.push(
      ws.onDidChangeIndex(() => this.indexChanged()),
      ws.onDidChangeFocus(() => bus.emit('didChangeFocus', this.focusState())),
      // Damaged saved state found or resolved (possibly by another process): the banner follows.
      ws.damage.onDidChange(() => bus.emit('didChangeFocus', this.focusState())),
      // Files changed on disk (the watcher, or a rescan): received marks may have gone stale.
      ws.onDidChangeFiles((e) =>
        bus.emit('didChangeFiles', { changed: [...e.added, ...e.changed, ...e.removed] }),
      ),
      ws.onDidChangeWatch((s) => {
        if (s.problem && s.problem !== this.watchProblem)
          bus.emit('didNotice', { level: 'warning', message: s.problem });
        this.watchProblem = s.problem;
      }),
      sessions.onDidChange(() => bus.emit('didChangeSessions', sessions.list())),
      sessions.onDidCall((e) => bus.emit('didAgentCall', e)),
    );
    this.git = new GitFocus(ws, (files) => bus.emit('didChangeGitFiles', files));
    this.disposers.push(() => this.git.dispose());
    if (stateDir)
      this.disposers.push(
        watchProjectState(projectStateDir(stateDir, ws.root), {
          // `loupe focus --set` and friends: the saved focus is the one source; the tree follows.
          'focus.json': () => ws.reloadFocus(),
          'presets.json': () => bus.emit('didChangePresets', this.presets()),
        }),
      );
  }

  /** The project's focus presets, by name (a damaged file reads as none, and is reported once). */
  presets() {
    if (!this.stateDir) return [];
    const loaded = loadPresets(this.stateDir, this.ws.root);
    if (loaded.problem) this.bus.emit('didNotice', { level: 'warning', message: loaded.problem });
    return loaded.presets;
  }

  /** Runs `dispose` when the project closes. */
  adopt(dispose: () => void): void {
    this.disposers.push(dispose);
  }

  /** Routes agents whose working folder is inside this project to it (until it closes). */
  serveAgents(socket: AgentSocket): void {
    this.disposers.push(socket.register(this.mcp));
  }

  info(): ProjectInfo {
    const ws = this.ws;
    return {
      root: ws.root,
      name: ws.root.split(/[\\/]/).filter(Boolean).pop() ?? ws.root,
      encoding: ws.encoding,
      files: ws.index.size,
      hidden: ws.hidden.length,
      notes: [...ws.notes],
      warnings: [...ws.warnings, ...this.warnings],
      masking: ws.content.masking,
    };
  }

  focusState(): FocusState {
    const snap = this.ws.focus.snapshot;
    return {
      revision: snap.revision,
      include: [...snap.include],
      exclude: [...snap.exclude],
      summary: this.ws.focusSummary(),
      ...(this.ws.damage.size
        ? { damaged: this.ws.damage.kinds.map((kind) => ({ kind, message: this.ws.damage.notice(kind)! })) }
        : {}),
    };
  }

  private build(): BuiltSnapshot {
    if (!this.built) {
      this.built = buildSnapshot(this.version, this.ws.index.all(), this.ws.hidden);
      this.nodeOf = undefined;
    }
    return this.built;
  }

  tree(): TreeSnapshot {
    return this.build().snapshot;
  }

  /** The node index of a path in the current snapshot. */
  nodeIndex(path: string): number | undefined {
    const built = this.build();
    this.nodeOf ??= new Map(built.paths.map((p, i) => [p, i]));
    return this.nodeOf.get(path);
  }

  slice(path: string): TreeSnapshot | undefined {
    const at = this.nodeIndex(path);
    return at === undefined ? undefined : sliceSnapshot(this.build(), at).snapshot;
  }

  /**
   * A new index (rescan, files added or removed) is a new tree version; the same index with new
   * token counts (or a changed file's new count) becomes [node, tokens] pairs for the window.
   */
  private indexChanged(): void {
    const all = this.ws.index.all();
    // New paths, or new hidden entries (an override, a new .gitignore line): a new tree version.
    if (all !== this.lastAll || this.ws.hidden !== this.lastHidden) {
      this.lastAll = all;
      this.lastHidden = this.ws.hidden;
      this.version++;
      this.built = undefined;
      this.bus.emit('didChangeTree', { version: this.version });
    } else if (this.built) this.patchTokens(this.built);
    this.bus.emit('didChangeFocus', this.focusState());
  }

  private patchTokens(built: BuiltSnapshot): void {
    const s = built.snapshot;
    const pairs: number[] = [];
    const flags: TokenUpdate['flags'] = [];
    const skip = new Set(s.hidden.map(([i]) => i));
    const flagged = new Set(s.flags.map(([i]) => i));
    for (let i = 0; i < s.names.length; i++) {
      if (s.dirs[i] || skip.has(i)) continue;
      const entry = this.ws.index.get(built.paths[i]!);
      const tokens = entry?.tokens ?? -1;
      if (tokens !== s.tokens[i]) {
        s.tokens[i] = tokens;
        pairs.push(i, tokens);
      }
      if (entry?.flag && !flagged.has(i)) {
        s.flags.push([i, entry.flag]);
        flags.push([i, entry.flag]);
      }
    }
    if (pairs.length || flags.length) this.bus.emit('didCountTokens', { version: s.version, pairs, flags });
  }

  async close(): Promise<void> {
    for (const d of this.disposers.splice(0)) d();
    await this.mcp.close();
    await this.ws.close();
  }
}
