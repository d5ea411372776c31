// The shape of a search result: what the renderer prints and what an MCP tool records.
import type { LineRange } from '../content/select';
import type { Declaration } from '../declarations/declarations';
import type { MaskSession } from '../mask/session';
import type { IndexEntry } from '../workspace/file-index';
import type { BodyPart } from './body';
import type { FileRole, Tier } from './rank';

export interface SearchOptions {
  /** The query is an RE2 regular expression (default: a literal). */
  regex?: boolean;
  /** Scope inside the focus: file paths, folders or globs. */
  paths?: readonly string[];
  /** Most matching lines shown (default 50). */
  maxResults?: number;
  /** Characters of matching lines (with context) shown, about; files beyond it are counted, not shown (default 4,000). */
  maxChars?: number;
  /** Context lines before and after each shown match of the first five files, 0–2 (default 1). */
  context?: number;
  /** Character cap of the best match's declaration body (default 1,800). */
  bodyChars?: number;
  /** Most entries in "declarations holding matches" (default 20). */
  maxDeclarations?: number;
  /** Time limit of a regular-expression search's matching, in ms (default 1,000). */
  timeLimitMs?: number;
  /**
   * The agent session the result is for: masked values get that session's placeholder numbers
   * when it shares the workspace's mask key (`Workspace.newMaskSession()`); otherwise numbers are
   * local to this result.
   */
  session?: MaskSession;
  /** The focus (default `ws.focusedFiles()`). */
  files?: readonly IndexEntry[];
  /**
   * Stream the files through the matcher (search/stream.ts) rather than read them into the index:
   * true always, false never (the index is built first when cold); default: when at least
   * STREAM_FROM files need reading. The answer is the same either way.
   */
  stream?: boolean;
  /** After a streamed search, build the index in the background for the next one (default true; a one-shot command says false). */
  buildIndex?: boolean;
  /** Stops a streamed search (the call rejects with the signal's reason; the index path ignores it). */
  signal?: AbortSignal;
  /** A streamed search's progress: files read so far, of all in scope. */
  onProgress?: (done: number, total: number) => void;
}

/** A ready `get_file` call. */
export interface GetFileCall {
  path: string;
  lines?: string;
  symbol?: string;
}

export interface ShownLine {
  line: number;
  text: string;
  /** A matching line (otherwise context). */
  hit: boolean;
}

export interface FileResult {
  path: string;
  /** SHA-256 of the file's bytes. */
  hash: string;
  score: number;
  role?: FileRole;
  /** Named exactly in the path scope. */
  explicit: boolean;
  /** Matches in the file (at least this many when `capped`). */
  matches: number;
  capped: boolean;
  /** Matches shown (after the fair cut), here or in the best match. */
  shownHits: number;
  /** Matches left out of `lines` because the best match above shows them (all of its own). */
  inBest: number;
  lines: ShownLine[];
  bestTier: Tier;
}

export interface DeclarationHit {
  path: string;
  declaration: Declaration;
  /** Kept matches inside it. */
  matches: number;
  tier: Tier;
  call: GetFileCall;
}

export interface BestMatch {
  path: string;
  line: number;
  tier: Tier;
  declaration?: Declaration;
  /** The declaration's lines (doc comment included), or a window around the match. */
  range: LineRange;
  parts: BodyPart[];
  /** Lines of `range` not shown, each with the call that reads them. */
  omitted: Array<LineRange & { call: GetFileCall }>;
  totalLines: number;
  cap: number;
}

export interface Coverage {
  /** Files in the focus. */
  focus: number;
  /** Focus files inside the path scope (= focus without a scope). */
  inScope: number;
  searched: number;
  /** Focus files in scope that were not searched, by reason. */
  notSearched: Record<string, number>;
  /** Visible files outside the focus (never searched). */
  outsideFocus: number;
  /** Scope entries that matched no file in the focus. */
  unmatchedScope: string[];
  /**
   * Set when a regular-expression search stopped at its time limit (of matching, not of reading
   * the files in): files are searched in path order, so those through `lastSearched` were and the
   * `notReached` from `firstNotReached` on were not.
   */
  timedOut?: { limitMs: number; lastSearched?: string; firstNotReached: string; notReached: number };
  /** Matching files ranked by text alone (beyond the ones parsed per search, or without a grammar). */
  unparsed: number;
}

/** The matching files a result does not show (every one named, or counted in a folder). */
export interface NotShown {
  /** Best first: the first 20, and every file at the root of the project. */
  files: Array<{ path: string; matches: number; capped: boolean }>;
  /** The others, per top-level folder (`test/`), most files first. */
  folders: Array<{ folder: string; files: number; matches: number; capped: boolean }>;
}

export interface SearchResult {
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  paths?: string[];
  best?: BestMatch;
  declarations: DeclarationHit[];
  /** Declarations holding matches in the parsed files (shown or not). */
  declarationsFound: number;
  files: FileResult[];
  /** Matching files not in `files`. */
  notShown: NotShown;
  totals: {
    matches: number;
    /** Some file had more matches than were counted. */
    capped: boolean;
    files: number;
    shownHits: number;
    shownFiles: number;
    maxResults: number;
    /** Set when files were left out to keep the matches under this many characters. */
    maxChars?: number;
  };
  coverage: Coverage;
  context: number;
  /** 'session': placeholder numbers are the given session's; 'local': numbered for this result only. */
  placeholders: 'session' | 'local';
  /** Placeholders shown, per rule. */
  masked: Record<string, number>;
  /** What the result shows of each file (for receipts and the repeated-read ledger). */
  shown: Array<{ path: string; hash: string; lines: LineRange[] }>;
  ms: number;
}
