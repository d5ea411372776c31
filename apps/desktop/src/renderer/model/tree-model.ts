// The window's tree, flattened once: one typed array per column over the host's preorder nodes.
// Subtrees are contiguous ranges [i, end[i]), so ticking a folder is a fill over its range plus a
// walk up its ancestors, and tri-state is derived from per-folder counts of ticked files, never
// stored per row (see shared/STYLE.md, "Virtualized trees").
import {
  type FileFlag,
  type FocusRules,
  type HiddenReason,
  type TokenUpdate,
  type TreeSnapshot,
  toggleRulesMany,
} from '@loupe/common';

export type CheckState = 'checked' | 'mixed' | 'unchecked';

export class TreeModel {
  readonly version: number;
  readonly size: number;
  readonly names: string[];
  readonly depth: Uint16Array;
  readonly parent: Int32Array;
  /** Exclusive end of each node's subtree. */
  readonly end: Int32Array;
  readonly isDir: Uint8Array;
  readonly hidden: Uint8Array;
  readonly reasons = new Map<number, HiddenReason>();
  readonly flags = new Map<number, FileFlag>();
  /** Files: tokens (0 while uncounted). Folders: sum over visible files beneath. */
  readonly tokens: Float64Array;
  /** Visible (not hidden) files in the subtree (a file counts itself). */
  readonly fileCount: Int32Array;
  /** Visible files in the subtree not counted yet. */
  readonly uncounted: Int32Array;
  /** Files: 1 when in the ticked focus. */
  readonly ticked: Uint8Array;
  /** Ticked visible files in the subtree, and their tokens. */
  readonly checkedCount: Int32Array;
  readonly checkedTokens: Float64Array;
  private paths: string[] | undefined;
  private byPath: Map<string, number> | undefined;

  constructor(s: TreeSnapshot) {
    const n = s.names.length;
    this.version = s.version;
    this.size = n;
    this.names = s.names;
    this.depth = new Uint16Array(n);
    this.isDir = new Uint8Array(n);
    this.parent = new Int32Array(n);
    this.end = new Int32Array(n);
    this.hidden = new Uint8Array(n);
    this.tokens = new Float64Array(n);
    this.fileCount = new Int32Array(n);
    this.uncounted = new Int32Array(n);
    this.ticked = new Uint8Array(n);
    this.checkedCount = new Int32Array(n);
    this.checkedTokens = new Float64Array(n);
    for (const [i, reason] of s.hidden) {
      this.hidden[i] = 1;
      this.reasons.set(i, reason);
    }
    for (const [i, flag] of s.flags) this.flags.set(i, flag);

    // One pass builds the columns, parents and subtree ends (a stack of open folders) and each
    // file's own values; a second, backwards, sums folders (children follow their parent). Plain
    // loops over typed arrays: this runs before the first paint, mostly before the JIT warms up.
    const { depths, dirs, tokens } = s;
    const { depth, isDir, parent, end, hidden } = this;
    const stack = new Int32Array(65_537);
    let top = -1;
    for (let i = 0; i < n; i++) {
      const d = depths[i]!;
      const dir = dirs[i]!;
      depth[i] = d;
      isDir[i] = dir;
      while (top >= 0 && depth[stack[top]!]! >= d) end[stack[top--]!] = i;
      parent[i] = top >= 0 ? stack[top]! : -1;
      if (dir) stack[++top] = i;
      else {
        end[i] = i + 1;
        if (!hidden[i]) {
          const t = tokens[i]!;
          this.tokens[i] = Math.max(t, 0);
          this.fileCount[i] = 1;
          // Flagged files (binary, too large, ...) are listed, never counted: nothing to wait for.
          this.uncounted[i] = t < 0 && !this.flags.has(i) ? 1 : 0;
        }
      }
    }
    while (top >= 0) end[stack[top--]!] = n;
    for (let i = n - 1; i > 0; i--) {
      const p = parent[i]!;
      this.tokens[p]! += this.tokens[i]!;
      this.fileCount[p]! += this.fileCount[i]!;
      this.uncounted[p]! += this.uncounted[i]!;
    }
  }

  /** Folder sums from files, bottom-up (children follow their parent in preorder). */
  private sumUp(): void {
    for (let i = 0; i < this.size; i++)
      if (this.isDir[i]) {
        this.tokens[i] = 0;
        this.fileCount[i] = 0;
        this.uncounted[i] = 0;
        this.checkedCount[i] = 0;
        this.checkedTokens[i] = 0;
      } else {
        const on = this.hidden[i] ? 0 : this.ticked[i]!;
        this.checkedCount[i] = on;
        this.checkedTokens[i] = on ? this.tokens[i]! : 0;
      }
    for (let i = this.size - 1; i > 0; i--) {
      const p = this.parent[i]!;
      this.tokens[p]! += this.tokens[i]!;
      this.fileCount[p]! += this.fileCount[i]!;
      this.uncounted[p]! += this.uncounted[i]!;
      this.checkedCount[p]! += this.checkedCount[i]!;
      this.checkedTokens[p]! += this.checkedTokens[i]!;
    }
  }

  /** Applies counts that arrived after the tree (same version only). Returns whether any applied. */
  applyTokens(update: TokenUpdate): boolean {
    if (update.version !== this.version) return false;
    const p = update.pairs;
    for (let k = 0; k < p.length; k += 2) {
      const i = p[k]!;
      const t = p[k + 1]!;
      if (i <= 0 || i >= this.size || this.isDir[i] || this.hidden[i]) continue;
      this.tokens[i] = Math.max(t, 0);
      this.uncounted[i] = t < 0 && !this.flags.has(i) ? 1 : 0;
    }
    for (const [i, flag] of update.flags) {
      this.flags.set(i, flag);
      this.uncounted[i] = 0;
    }
    this.sumUp();
    return true;
  }

  // ------------------------------------------------------------ paths

  pathOf(i: number): string {
    if (this.paths) return this.paths[i]!;
    const parts: string[] = [];
    for (let at = i; at > 0; at = this.parent[at]!) parts.push(this.names[at]!);
    return parts.reverse().join('/');
  }

  /** Every node's path (built once, on first need: filters by path, marks). */
  allPaths(): string[] {
    if (!this.paths) {
      const paths = new Array<string>(this.size);
      paths[0] = '';
      for (let i = 1; i < this.size; i++) {
        const p = this.parent[i]!;
        paths[i] = p === 0 ? this.names[i]! : `${paths[p]}/${this.names[i]}`;
      }
      this.paths = paths;
    }
    return this.paths;
  }

  /** Node index of a path, or -1. Walks children by name, no index needed for a few lookups. */
  find(path: string): number {
    if (path === '') return 0;
    if (this.byPath) return this.byPath.get(path) ?? -1;
    let at = 0;
    for (const seg of path.split('/')) {
      let child = at + 1;
      const stop = this.end[at]!;
      while (child < stop && this.names[child] !== seg) child = this.end[child]!;
      if (child >= stop) return -1;
      at = child;
    }
    return at;
  }

  /** Folder nodes for many folder paths at once (restoring expansion): one pass over folders. */
  findFolders(paths: Iterable<string>): number[] {
    const wanted = new Set(paths);
    const out: number[] = [];
    if (!wanted.size) return out;
    const folderPath = new Map<number, string>([[0, '']]);
    for (let i = 1; i < this.size; i++) {
      if (!this.isDir[i]) continue;
      const parent = folderPath.get(this.parent[i]!)!;
      const p = parent === '' ? this.names[i]! : `${parent}/${this.names[i]}`;
      folderPath.set(i, p);
      if (wanted.has(p)) out.push(i);
    }
    return out;
  }

  /** A path -> node map for many lookups (marks of a long session). */
  index(): Map<string, number> {
    if (!this.byPath) {
      const paths = this.allPaths();
      this.byPath = new Map();
      for (let i = 0; i < paths.length; i++) this.byPath.set(paths[i]!, i);
    }
    return this.byPath;
  }

  // ------------------------------------------------------------ focus

  checkState(i: number): CheckState {
    if (!this.isDir[i]) return this.ticked[i] ? 'checked' : 'unchecked';
    const c = this.checkedCount[i]!;
    if (c === 0) return 'unchecked';
    return c === this.fileCount[i] ? 'checked' : 'mixed';
  }

  /** Whether the node can be ticked (hidden entries and folders with no visible file cannot). */
  tickable(i: number): boolean {
    return !this.hidden[i] && this.fileCount[i]! > 0;
  }

  /** Recomputes every tick from the rules: O(n), for rules that came from elsewhere. */
  applyRules(rules: FocusRules): void {
    const decided = new Int8Array(this.size).fill(-1);
    for (const p of rules.include) {
      const i = this.find(p);
      if (i >= 0) decided[i] = 1;
    }
    for (const p of rules.exclude) {
      const i = this.find(p);
      if (i >= 0) decided[i] = 0;
    }
    const state = new Uint8Array(this.size);
    state[0] = decided[0] === 1 ? 1 : 0;
    for (let i = 1; i < this.size; i++) {
      const d = decided[i]!;
      state[i] = d >= 0 ? d : state[this.parent[i]!]!;
    }
    for (let i = 0; i < this.size; i++) this.ticked[i] = this.isDir[i] ? 0 : state[i]!;
    this.sumUp();
  }

  /**
   * Ticks or unticks node i: the whole subtree takes the new state (a range fill), ancestors get
   * the difference (a walk up). Returns the new rules, computed by the same `toggleRules` as the
   * engine's Focus.toggle, so the window and the host agree without a round trip.
   */
  toggle(i: number, on: boolean, rules: FocusRules): FocusRules {
    return this.toggleMany([i], on, rules);
  }

  /** Ticks or unticks several nodes, none inside another (a filter's matches): one rule change. */
  toggleMany(nodes: readonly number[], on: boolean, rules: FocusRules): FocusRules {
    const next = toggleRulesMany(
      rules,
      nodes.map((i) => this.pathOf(i)),
      on,
    );
    for (const i of nodes) this.fill(i, on);
    return next;
  }

  private fill(i: number, on: boolean): void {
    const before = this.checkedCount[i]!;
    const beforeTokens = this.checkedTokens[i]!;
    const stop = this.end[i]!;
    // The whole subtree takes one state: ticked everywhere means "checked = all there is"
    // (fileCount and tokens already hold the visible files' counts and sums), unticked means 0.
    // Native fills and copies: ticking the root of 100k nodes stays well under a millisecond.
    if (on) {
      this.ticked.fill(1, i, stop);
      this.checkedCount.set(this.fileCount.subarray(i, stop), i);
      this.checkedTokens.set(this.tokens.subarray(i, stop), i);
    } else {
      this.ticked.fill(0, i, stop);
      this.checkedCount.fill(0, i, stop);
      this.checkedTokens.fill(0, i, stop);
    }
    const dc = this.checkedCount[i]! - before;
    const dt = this.checkedTokens[i]! - beforeTokens;
    for (let a = this.parent[i]!; a >= 0; a = this.parent[a]!) {
      this.checkedCount[a]! += dc;
      this.checkedTokens[a]! += dt;
    }
  }
}
