// The host API: the one contract between the window and the engine. Commands are async methods
// taking at most one argument; events are `onDidX(listener)` subscriptions. Both transports
// (Electron IPC, WebSocket) are generic over this interface; the window holds a `HostApi` and
// nothing else of the host. Pure types.
import type { Detail, PackFormat } from './detail';
import type { FocusRules } from './focus';
import type { Savings } from './format';
import type { MenuCommand } from './panels';
import type { Encoding, FileFlag, FocusSummary, HiddenEntry, HiddenReason, RelPath } from './types';

export type Unsubscribe = () => void;

// ---------------------------------------------------------------- project

export interface ProjectInfo {
  /** Absolute, symlink-free path of the project folder. */
  root: string;
  name: string;
  encoding: Encoding;
  /** Visible files. */
  files: number;
  /** Hidden entries (a hidden folder counts once). */
  hidden: number;
  /** How visibility was decided (e.g. "not a git repository"). */
  notes: string[];
  /** Problems met while opening (a corrupt state file set aside, ...). */
  warnings: string[];
  /**
   * Secret values are masked in everything read from this project (agents, previews, exports).
   * False only when the person turned it off for this project (`setProjectMasking`).
   */
  masking: boolean;
  /**
   * Strict focus: agents see and read only the ticked files; a read of another visible file waits
   * for the person's answer in the window (`setStrictFocus`, `answerAccessRequest`). Off by default.
   */
  strictFocus: boolean;
}

export interface RecentProject {
  root: string;
  name: string;
  openedAt: number;
  /** The folder still exists. */
  exists: boolean;
}

// ---------------------------------------------------------------- tree

/**
 * The whole project tree, flattened once in preorder: node 0 is the root folder (name ''), then
 * each folder's subfolders (recursively) before its files, each group in bytewise name order.
 * Hidden entries are included (they carry a reason; a hidden folder has no children), so node
 * indexes do not depend on whether the window shows them. Columns rather than objects: 100k
 * nodes cost one array per column.
 */
export interface TreeSnapshot {
  /** Increments whenever the index changes; token updates name the version they belong to. */
  version: number;
  names: string[];
  depths: number[];
  /** 1 for a folder, 0 for a file. */
  dirs: number[];
  /** Files: exact token count, or -1 while not counted (and for files never read). Folders: 0. */
  tokens: number[];
  /** Files: size in bytes. Folders: 0. */
  sizes: number[];
  /** Sparse: [node, flag] for visible files listed but never read as text. */
  flags: Array<[number, FileFlag]>;
  /** Sparse: [node, reason] for hidden entries. */
  hidden: Array<[number, HiddenReason]>;
}

/** Token counts that arrived after the tree: pairs of [node, tokens] for that version's nodes. */
export interface TokenUpdate {
  version: number;
  /** Flattened pairs: node, tokens, node, tokens, ... */
  pairs: number[];
  /** Files found binary or unreadable while counting. */
  flags: Array<[number, FileFlag]>;
}

// ---------------------------------------------------------------- focus

export interface FocusState extends FocusRules {
  revision: number;
  summary: FocusSummary;
  /**
   * Saved state that could not be read and is not resolved yet: while the focus is damaged it holds
   * nothing and agents get no focus-scoped answers; while the overrides are, agents get no files.
   * Setting the focus (`setFocus`, even to what it is) or saving overrides resolves it.
   */
  damaged?: DamagedStateNotice[];
}

export interface DamagedStateNotice {
  kind: 'focus' | 'overrides';
  /** What happened and how to resolve it, for the person. */
  message: string;
}

/** A focus saved under a name for this project (shared with `loupe focus --save/--load`). */
export interface FocusPreset extends FocusRules {
  name: string;
  /** When it was saved last (ms since the epoch). */
  savedAt: number;
}

/** Which files git says are being worked on: changed now, or changed on this branch. */
export type GitSet = 'changed' | 'branch';

export interface GitFiles {
  /** Visible files modified, added or untracked (what `git status` lists), sorted. */
  changed: RelPath[];
  /** Visible files changed since the merge base with the default branch, plus untracked ones. */
  branch: RelPath[];
  /** What each repository's branch files are compared with ('' is the project's own repository). */
  bases: Array<{ repo: RelPath; branch: string; commit: string; atBase: boolean }>;
  /** Why a set is empty or partial, in sentences. */
  notes: string[];
  /** The set whose new files are ticked as they appear, or null. */
  following: GitSet | null;
}

// ---------------------------------------------------------------- preview

/** One file as an agent's get_file receives it: through the same content pipeline, masked. */
export interface FilePreview {
  path: RelPath;
  /** The detail level asked for, and the one applied (compression can fall back). */
  requested: Detail;
  detail: Detail;
  /** The text an agent receives (masked unless the project's masking is off); '' when withheld. */
  text: string;
  /** Exact tokens of `text` in the project's encoding. */
  tokens: number;
  encoding: Encoding;
  /** Lines of the file itself. */
  totalLines: number;
  /** Secret values masked in `text`. */
  masked: number;
  /** False when the project's masking is off: `text` holds the file's values as they are. */
  maskingActive: boolean;
  /** Why nothing is shown (binary, too large, masking failed), when it is withheld. */
  withheld?: string;
  /** What else an agent is told about this read (a detail that fell back, a result too large for one call). */
  notes: string[];
}

// ---------------------------------------------------------------- overrides

export type OverrideState = 'show' | 'hide';

export interface Overrides {
  /** Always shown, whatever the ignore rules say. */
  show: RelPath[];
  /** Always hidden. */
  hide: RelPath[];
}

// ---------------------------------------------------------------- export

export interface ExportOptions {
  format: PackFormat;
  /** Token budget for the whole pack; null for no budget. */
  budget: number | null;
  detail: Detail;
  /**
   * Mask secrets in this export. The window starts from the project's setting; an unmasked
   * one-off export is shown with a warning.
   */
  masking: boolean;
  lineNumbers: boolean;
  /**
   * The person's instructions, put at the head of the document (before the pack's own header)
   * and counted in the budget; saved for the project (`setInstructions`). Empty or absent: none.
   */
  instructions?: string;
}

export interface ExportResult {
  /** Exactly what Copy puts on the clipboard. */
  text: string;
  /** Exact token count of `text` in the project's encoding. */
  tokens: number;
  encoding: Encoding;
  /**
   * Where the tokens went: the tree, the files, the header and coverage footer (`frame`), the
   * person's instructions (when given), all in `tokens`; and what was left out (its files'
   * full-detail tokens, not in `tokens`), and how many left-out files the pack did not count
   * (a budgeted pack counts only the files it tried; their tokens are not in `leftOut`).
   */
  parts: {
    tree: number;
    files: number;
    frame: number;
    leftOut: number;
    leftOutNotCounted?: number;
    instructions?: number;
  };
  /** Files in the text (whole, compressed, or as a reference to an earlier delivery). */
  filesIncluded: number;
  /** Files of the focus that are not in the text, each with the reason (the first 200). */
  leftOut: Array<{ path: RelPath; reason: string }>;
  /** All files left out (the text's footer accounts for every one). */
  leftOutCount: number;
  /** Secret values masked in the text. */
  masked: number;
  /** The focus revision the text was made from. */
  revision: number;
  /** What the text does not contain, in sentences (coverage is stated, never implied). */
  notes: string[];
}

/** An export on its way (`didExportProgress`): files read so far of those it may read, and bytes. */
export interface ExportProgress {
  files: number;
  /** Files in the export's scope; a budgeted export stops reading once its budget is spent. */
  total: number;
  bytes: number;
}

// ---------------------------------------------------------------- strict focus requests

/** A read outside a strict focus, waiting for the person's answer (newest first in lists). */
export interface AccessRequestInfo {
  id: string;
  sessionId: string;
  /** The agent client's name (e.g. "claude-code"). */
  client: string;
  path: RelPath;
  /** What of the file: "lines 88–140", "symbol Server.listen" or "the whole file". */
  part: string;
  /** The tool the agent called (get_file). */
  tool: string;
  at: number;
  /** When it lapses unanswered (the agent then gets a refusal). */
  until: number;
}

export type AccessChoice = 'allow-once' | 'add-to-focus' | 'deny';

/** A request as the Sessions panel shows it: what was asked, what was decided, by whom, when. */
export interface AccessRequestRecord {
  path: RelPath;
  /** allow-once, add-to-focus, deny, timeout, headless (no window), withdrawn (the agent cancelled). */
  decision: string;
  /** 'person', 'time limit', 'no window' or 'agent'. */
  decidedBy: string;
  askedAt: number;
  decidedAt: number;
}

// ---------------------------------------------------------------- agent sessions

export interface SessionSummary {
  id: string;
  /** The agent client's name as it introduced itself (e.g. "claude-code"). */
  client: string;
  clientVersion?: string;
  startedAt: number;
  /** Set when the session ended. */
  endedAt?: number;
  connected: boolean;
  calls: number;
  /** Tokens sent to the agent. */
  tokens: number;
  /** Distinct files received. */
  files: number;
  /** Secret values masked in what was sent. */
  masked: number;
  /** Focus revision at the session's last call. */
  lastRevision?: number;
  /** Its reads (get_file, pack) against the same files read whole; see `savingsText`. */
  savings?: Savings;
}

export interface CallRecord {
  /** 1-based number of the call within its session. */
  call: number;
  tool: string;
  at: number;
  revision: number;
  tokens: number;
  paths: RelPath[];
  masked: number;
  /** What the answer left out, in its own words. */
  leftOut?: string;
  /** Reads this call asked the person for (strict focus). */
  requests?: AccessRequestRecord[];
}

export interface ReceivedFile {
  path: RelPath;
  sessionId: string;
  client: string;
  /** The call that sent it last. */
  call: number;
  tool: string;
  at: number;
  revision: number;
  /** The file changed on disk since it was sent. */
  changed: boolean;
}

export interface SessionDetail extends SessionSummary {
  callLog: CallRecord[];
  received: ReceivedFile[];
}

export type ReceiptFormat = 'markdown' | 'json';

export interface Receipt {
  fileName: string;
  text: string;
}

// ---------------------------------------------------------------- settings, connect

export type Theme = 'light' | 'dark' | 'system';

export interface Settings {
  encoding: Encoding;
  detail: Detail;
  theme: Theme;
  exportFormat: PackFormat;
  /** Default export budget in tokens; null for none. */
  budget: number | null;
  lineNumbers: boolean;
  /**
   * Serve the open project to agents over MCP Streamable HTTP on 127.0.0.1 too (bearer token in
   * Loupe's state folder); the local socket runs either way.
   */
  httpEndpoint: boolean;
}

export interface ClientConfig {
  id: 'claude-code' | 'codex' | 'cursor' | 'vscode' | 'claude-desktop';
  name: string;
  /** A command to run, or a configuration to put in a file (the copy button says which). */
  kind: 'command' | 'configuration';
  /** Where the text goes (a file, or a terminal). */
  where: string;
  text: string;
}

export interface ConnectInfo {
  /** The local MCP socket (or named pipe), or null while it is not running. */
  socketPath: string | null;
  /** Why there is no socket, when there is none. */
  socketNote?: string;
  /** The command agents launch (`loupe bridge`), absolute where known. */
  bridgeCommand: string[];
  /** The HTTP endpoint while it runs (the `httpEndpoint` setting and an open project). */
  http: { url: string; token: string } | null;
  /** Why there is no HTTP endpoint, when there is none. */
  httpNote?: string;
  clients: ClientConfig[];
}

// ---------------------------------------------------------------- progress, notices, menu

export interface Progress {
  phase: 'scan' | 'tokens' | 'idle';
  done: number;
  /** 0 while unknown. */
  total: number;
  message: string;
  /** The operation can be cancelled (`cancel()`). */
  cancellable: boolean;
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface ViewState {
  /** Expanded folders. */
  expanded: RelPath[];
}

export interface FileChanges {
  /** Paths whose content changed on disk. */
  changed: RelPath[];
}

// ---------------------------------------------------------------- the API

/** Every command the window can send. One argument at most; every result is a promise. */
export interface HostCommands {
  /** Opens a project (closing the current one); scans, then counts tokens in the background. */
  openProject(arg: { path: string }): Promise<ProjectInfo>;
  /** Asks the person for a folder (native dialog where one exists; null in a browser). */
  chooseFolder(): Promise<string | null>;
  currentProject(): Promise<ProjectInfo | null>;
  /**
   * Masks secret values in everything read from the open project, or stops masking (saved for
   * this project in Loupe's state). Agents' next calls, previews and exports follow at once.
   */
  setProjectMasking(arg: { on: boolean }): Promise<ProjectInfo>;
  /**
   * Turns strict focus on or off for the open project (saved in Loupe's state); every agent session
   * follows on its next call.
   */
  setStrictFocus(arg: { on: boolean }): Promise<ProjectInfo>;
  /** Reads waiting for the person's answer, newest first. */
  accessRequests(): Promise<AccessRequestInfo[]>;
  /**
   * Answers a waiting read: allow it once (the focus is unchanged), add the file to the focus (a
   * new revision), or deny it. Resolves to the requests still waiting.
   */
  answerAccessRequest(arg: { id: string; choice: AccessChoice }): Promise<AccessRequestInfo[]>;
  recentProjects(): Promise<RecentProject[]>;
  /** The whole flattened tree of the current project. */
  getTree(): Promise<TreeSnapshot>;
  /** One folder's subtree (same shape; node 0 is that folder). */
  getTreeSlice(arg: { path: RelPath }): Promise<TreeSnapshot>;
  getFocus(): Promise<FocusState>;
  setFocus(arg: FocusRules): Promise<FocusState>;
  toggleFocus(arg: { path: RelPath; on: boolean }): Promise<FocusState>;
  focusSummary(): Promise<FocusSummary>;
  hiddenEntries(): Promise<HiddenEntry[]>;
  getOverrides(): Promise<Overrides>;
  /** Always show / always hide a path, or back to the rules ('default'); rescans. */
  setOverride(arg: { path: RelPath; state: OverrideState | 'default' }): Promise<Overrides>;
  /** Forgets every override (saved: this also resolves damaged overrides); rescans. */
  clearOverrides(): Promise<Overrides>;
  /**
   * The export for these options; progress comes as `didExportProgress`. A newer export, or
   * `cancelExport`, stops it: it then rejects with code 'cancelled'.
   */
  exportPreview(arg: ExportOptions): Promise<ExportResult>;
  /** The same text as the preview, recorded as an export (what the clipboard receives). */
  exportPack(arg: ExportOptions): Promise<ExportResult>;
  /** Stops the export in flight (if any) before it reads further; nothing of it is kept. */
  cancelExport(): Promise<void>;
  /** The open project's focus presets, by name. */
  listPresets(): Promise<FocusPreset[]>;
  /** Saves the current focus as `name` (replacing a preset of that name). */
  savePreset(arg: { name: string }): Promise<FocusPreset[]>;
  /** Sets the focus to the preset's rules (a new revision). */
  loadPreset(arg: { name: string }): Promise<FocusState>;
  renamePreset(arg: { from: string; to: string }): Promise<FocusPreset[]>;
  deletePreset(arg: { name: string }): Promise<FocusPreset[]>;
  /** What git lists as changed now and on this branch (visible files only). */
  gitFiles(): Promise<GitFiles>;
  /** Ticks the files of one git set (added to the ticks there are; a new revision). */
  tickGitFiles(arg: { which: GitSet }): Promise<FocusState>;
  /** Ticks one set's files now and each new one as git state changes, or stops (null). */
  followGitFiles(arg: { which: GitSet | null }): Promise<GitFiles>;
  /** One file exactly as an agent's get_file receives it at `detail` (masked, counted). */
  previewFile(arg: { path: RelPath; detail: Detail }): Promise<FilePreview>;
  /** The export instructions saved for the open project ('' when none). */
  getInstructions(): Promise<string>;
  setInstructions(arg: { text: string }): Promise<void>;
  listSessions(): Promise<SessionSummary[]>;
  getSession(arg: { id: string }): Promise<SessionDetail | null>;
  /** Files received by one session, or by every session of this project when id is absent. */
  receivedFiles(arg: { sessionId?: string }): Promise<ReceivedFile[]>;
  exportReceipt(arg: { id: string; format: ReceiptFormat }): Promise<Receipt>;
  getSettings(): Promise<Settings>;
  updateSettings(arg: Partial<Settings>): Promise<Settings>;
  connectInfo(): Promise<ConnectInfo>;
  getViewState(): Promise<ViewState>;
  saveViewState(arg: ViewState): Promise<void>;
  /** Cancels the running scan or token count. */
  cancel(): Promise<void>;
  /** Scans the project again. */
  rescan(): Promise<void>;
  /**
   * Puts text on the system clipboard (the Electron app, through Electron's clipboard in the main
   * process). Refused with code 'unsupported' where the host has no clipboard (`loupe serve`: the
   * browser's Clipboard API copies there).
   */
  writeClipboard(arg: { text: string }): Promise<void>;
}

/** Every event the host sends, by name. */
export interface HostEvents {
  didOpenProject: ProjectInfo | null;
  /** The open project's information changed (its masking setting). */
  didChangeProject: ProjectInfo;
  didProgress: Progress;
  /** The export in flight read more files (at most every 100 ms). */
  didExportProgress: ExportProgress;
  /** The index changed (rescan, override, files added or removed): fetch the tree again. */
  didChangeTree: { version: number };
  didCountTokens: TokenUpdate;
  didChangeFocus: FocusState;
  /** The project's presets changed (here, or by `loupe focus` in another process). */
  didChangePresets: FocusPreset[];
  /** What git lists as changed moved (an edit, git add, a commit, a checkout), or following did. */
  didChangeGitFiles: GitFiles;
  didChangeFiles: FileChanges;
  /** Sessions connected, ended, or made calls. */
  didChangeSessions: SessionSummary[];
  /** Strict-focus reads waiting for the person changed (one came, was answered or lapsed): newest first. */
  didChangeAccessRequests: AccessRequestInfo[];
  /** One agent call (for live marks and the activity line). */
  didAgentCall: { sessionId: string; client: string; call: CallRecord };
  didChangeSettings: Settings;
  didNotice: Notice;
  /** A native menu item was chosen (Electron). */
  didMenuCommand: { command: MenuCommand };
}

export type EventName = keyof HostEvents;
export type CommandName = keyof HostCommands;

/** `onDidChangeFocus(listener)` etc., derived from HostEvents. */
export type HostEventSubscriptions = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (event: HostEvents[K]) => void) => Unsubscribe;
};

/** What the window holds: every command and every event subscription. */
export type HostApi = HostCommands & HostEventSubscriptions;

export type CommandArg<K extends CommandName> = Parameters<HostCommands[K]>[0];
export type CommandResult<K extends CommandName> = Awaited<ReturnType<HostCommands[K]>>;

/** An error as it crosses a transport: a code and one sentence a person can act on. */
export interface HostErrorData {
  code: string;
  message: string;
}
