// The one implementation of the host API over engine Workspaces. Transports (Electron IPC,
// WebSocket) call its commands and forward its events; they never reach past it into the engine.
import { existsSync } from 'node:fs';
import {
  type ConnectInfo,
  type DETAILS,
  type ExportOptions,
  type ExportResult,
  type FilePreview,
  type FocusPreset,
  type FocusRules,
  type FocusState,
  type FocusSummary,
  type GitFiles,
  type GitSet,
  groupDigits,
  type HiddenEntry,
  type HostCommands,
  type MenuCommand,
  type OverrideState,
  type Overrides,
  type ProjectInfo,
  type Receipt,
  type ReceiptFormat,
  type ReceivedFile,
  type RecentProject,
  type SessionDetail,
  type SessionSummary,
  type Settings,
  type TreeSnapshot,
  type ViewState,
} from '@loupe/common';
import {
  deletePreset,
  getPreset,
  loadOverrides,
  renamePreset,
  resolveRoot,
  setOverride as saveOverride,
  saveOverrides,
  savePreset,
  Workspace,
  type WorkspaceOptions,
} from '@loupe/engine';
import { type AgentSocket, McpProject } from '@loupe/mcp';
import { AgentAccess } from './agent-access';
import { registrySessions } from './agent-sessions';
import { HostError } from './errors';
import { HostEventBus } from './events';
import { checkExportOptions, exportFocus } from './export';
import { previewFile } from './preview';
import { ProgressReporter } from './progress';
import { OpenProject } from './project';
import { setProjectMasking } from './project-settings';
import {
  cleanSettings,
  INSTRUCTIONS_MAX,
  InstructionsFile,
  RecentProjectsFile,
  SettingsFile,
  ViewStateFile,
} from './state-files';
import * as v from './validate';

export interface HostOptions {
  /** Loupe's state folder: focus, view state, recent projects, settings. */
  stateDir: string;
  /** Token cache folder (default: the user's cache folder; null: memory only). */
  cacheDir?: string | null;
  tokenThreads?: number;
  /** A native folder dialog (Electron); absent in browser mode. */
  chooseFolder?: () => Promise<string | null>;
  /**
   * The local agent socket (started by the app or `loupe serve`): each opened project is
   * registered with it, so agents working inside the project reach this window's focus.
   */
  agentSocket?: AgentSocket;
  /** Why there is no socket (for the Connect panel), when `agentSocket` is absent. */
  socketNote?: string;
  /** The command agents launch (default `loupe bridge`). */
  bridgeCommand?: string[];
  /**
   * The MCP HTTP endpoint the `httpEndpoint` setting starts for the open project: a fixed port
   * (tests: 0); default the port it had last time, else a free one.
   */
  httpPort?: number;
  /** The system clipboard (Electron's, in the main process); absent in browser mode. */
  clipboard?: { writeText(text: string): void };
  /** Watch open projects for changes on disk (the app and `loupe serve`; default off). */
  watch?: boolean;
  /** Extra workspace options (tests: git runner, scan options). */
  workspace?: Partial<WorkspaceOptions>;
}

const OVERRIDES: readonly (OverrideState | 'default')[] = ['show', 'hide', 'default'];
const RECEIPTS: readonly ReceiptFormat[] = ['markdown', 'json'];
const GIT_SETS: readonly GitSet[] = ['changed', 'branch'];

export class LoupeHost implements HostCommands {
  readonly events = new HostEventBus();
  private project: OpenProject | undefined;
  private opening: AbortController | undefined;
  private readonly progress = new ProgressReporter(this.events);
  private settings: Settings;
  private readonly recent: RecentProjectsFile;
  private readonly settingsFile: SettingsFile;
  private readonly views: ViewStateFile;
  private readonly instructions: InstructionsFile;
  private readonly startupWarnings: string[] = [];
  private readonly agents: AgentAccess;

  constructor(private readonly options: HostOptions) {
    this.agents = new AgentAccess(options);
    this.recent = new RecentProjectsFile(options.stateDir);
    this.settingsFile = new SettingsFile(options.stateDir);
    this.views = new ViewStateFile(options.stateDir);
    this.instructions = new InstructionsFile(options.stateDir);
    const loaded = this.settingsFile.load();
    this.settings = loaded.value;
    if (loaded.problem) this.startupWarnings.push(loaded.problem);
  }

  /**
   * The agent socket, once it listens (the app starts it alongside the window), or why there is
   * none. The open project and every later one are served to agents through it.
   */
  useAgentSocket(socket: AgentSocket | undefined, note?: string): void {
    this.agents.useSocket(socket, note, this.project);
  }

  /** The open project's workspace (the MCP socket routes agents to it). */
  get workspace(): Workspace | undefined {
    return this.project?.ws;
  }

  private current(): OpenProject {
    if (!this.project) throw new HostError('no-project', 'No project is open. Open a folder first.');
    return this.project;
  }

  // ------------------------------------------------------------ project

  async openProject(arg: { path: string }): Promise<ProjectInfo> {
    const root = resolveRoot(v.string(v.record(arg).path, 'folder path'));
    this.opening?.abort();
    const abort = new AbortController();
    this.opening = abort;
    const name = root.split(/[\\/]/).pop() ?? root;
    const onProgress = this.progress.scan(name);
    const warnings = this.startupWarnings.splice(0);
    let ws: Workspace;
    try {
      ws = await Workspace.open(root, {
        stateDir: this.options.stateDir,
        encoding: this.settings.encoding,
        ...(this.options.cacheDir !== undefined ? { cacheDir: this.options.cacheDir } : {}),
        ...(this.options.tokenThreads ? { tokenThreads: this.options.tokenThreads } : {}),
        ...(this.options.watch ? { watch: true } : {}),
        ...this.options.workspace,
        signal: abort.signal,
        // Damaged saved focus or overrides: the window shows it and agents are refused until resolved.
        openDamaged: true,
        // The project's saved choices (overrides, masking) are read by Workspace.open from stateDir.
        scan: { ...this.options.workspace?.scan, onProgress },
      });
    } catch (error) {
      if (this.opening === abort) {
        this.opening = undefined;
        this.progress.idle();
      }
      if (abort.signal.aborted) throw new HostError('cancelled', `Opening ${root} was cancelled.`);
      throw error;
    }
    if (this.opening !== abort) {
      await ws.close(); // superseded by a later open, or cancelled after the scan finished
      throw new HostError('cancelled', `Opening ${root} was cancelled.`);
    }
    this.opening = undefined;
    const previous = this.project;
    this.project = undefined;
    if (previous) await this.agents.serveHttp(undefined, false);
    await previous?.close();

    const view = this.views.load(root);
    if (view.problem) warnings.push(view.problem);
    try {
      this.recent.add(root, name);
    } catch (error) {
      warnings.push(`The recent projects list could not be saved (${(error as Error).message}).`);
    }
    // The project as agents see it: its MCP sessions (receipts in the state folder) and, when the
    // socket runs, routing for agents whose working folder is inside it.
    const mcp = new McpProject(ws, { stateDir: this.options.stateDir });
    const sessions = registrySessions(mcp.sessions, this.options.stateDir, ws.root);
    const project = new OpenProject(ws, sessions, this.events, warnings, mcp, this.options.stateDir);
    this.agents.admit(project);
    this.project = project;
    project.adopt(this.progress.followTokenCount(project.ws, () => this.project === project));
    await this.syncHttp();
    const info = project.info();
    this.events.emit('didOpenProject', info);
    this.events.emit('didChangeFocus', project.focusState());
    this.events.emit('didChangeSessions', project.sessions.list());
    for (const message of info.warnings) this.events.emit('didNotice', { level: 'warning', message });
    return info;
  }

  async chooseFolder(): Promise<string | null> {
    return this.options.chooseFolder ? this.options.chooseFolder() : null;
  }

  async currentProject(): Promise<ProjectInfo | null> {
    return this.project?.info() ?? null;
  }

  async setProjectMasking(arg: { on: boolean }): Promise<ProjectInfo> {
    return setProjectMasking(this.options.stateDir, this.current(), this.events, arg);
  }

  async recentProjects(): Promise<RecentProject[]> {
    return this.recent.list((root) => existsSync(root));
  }

  async rescan(): Promise<void> {
    const project = this.current();
    this.progress.scan(project.info().name, 'Scanning again…', false);
    try {
      await project.ws.rescan('rescan requested in the window');
    } finally {
      if (this.project === project) this.progress.idle();
    }
  }

  async cancel(): Promise<void> {
    if (this.opening) {
      this.opening.abort();
      this.opening = undefined;
      this.progress.idle();
      return;
    }
    const project = this.project;
    if (project?.ws.cancelTokenCount()) {
      this.progress.idle();
      const left = project.ws.index.all().filter((e) => e.tokens === undefined && !e.flag).length;
      this.events.emit('didNotice', {
        level: 'info',
        message: `Token counting was cancelled; ${groupDigits(left)} files are not counted (Rescan counts them).`,
      });
    }
  }

  // ------------------------------------------------------------ tree and focus

  async getTree(): Promise<TreeSnapshot> {
    return this.current().tree();
  }

  async getTreeSlice(arg: { path: string }): Promise<TreeSnapshot> {
    const path = v.string(v.record(arg).path, 'path');
    const slice = this.current().slice(path);
    if (!slice) throw new HostError('invalid-argument', `${path} is not in the project tree.`);
    return slice;
  }

  async getFocus(): Promise<FocusState> {
    return this.current().focusState();
  }

  async setFocus(arg: FocusRules): Promise<FocusState> {
    const a = v.record(arg);
    const project = this.current();
    project.ws.setFocus({
      include: v.strings(a.include, 'include list'),
      exclude: v.strings(a.exclude, 'exclude list'),
    });
    return project.focusState();
  }

  async toggleFocus(arg: { path: string; on: boolean }): Promise<FocusState> {
    const a = v.record(arg);
    const project = this.current();
    project.ws.toggleFocus(v.string(a.path, 'path'), v.boolean(a.on, 'tick state'));
    return project.focusState();
  }

  async focusSummary(): Promise<FocusSummary> {
    return this.current().ws.focusSummary();
  }

  async hiddenEntries(): Promise<HiddenEntry[]> {
    return [...this.current().ws.hidden];
  }

  async getOverrides(): Promise<Overrides> {
    return loadOverrides(this.options.stateDir, this.current().ws.root).overrides;
  }

  async setOverride(arg: { path: string; state: OverrideState | 'default' }): Promise<Overrides> {
    const a = v.record(arg);
    const path = v.string(a.path, 'path');
    const state = v.oneOf(a.state, OVERRIDES, 'override');
    const project = this.current();
    const { show, hide } = saveOverride(this.options.stateDir, project.ws.root, path, state);
    return this.applyOverrides(project, { show, hide });
  }

  async clearOverrides(): Promise<Overrides> {
    const project = this.current();
    return this.applyOverrides(
      project,
      saveOverrides(this.options.stateDir, project.ws.root, { show: [], hide: [] }),
    );
  }

  /** Saved overrides take effect: a rescan (and damaged overrides are resolved). */
  private async applyOverrides(project: OpenProject, overrides: Overrides): Promise<Overrides> {
    this.progress.scan(project.info().name, 'Applying the override…', false);
    try {
      await project.ws.overridesSaved(overrides);
    } finally {
      if (this.project === project) this.progress.idle();
    }
    return overrides;
  }

  // ------------------------------------------------------------ presets, git, preview

  async listPresets(): Promise<FocusPreset[]> {
    return this.current().presets();
  }

  async savePreset(arg: { name: string }): Promise<FocusPreset[]> {
    const name = v.string(v.record(arg).name, 'preset name');
    const project = this.current();
    const saved = savePreset(this.options.stateDir, project.ws.root, name, project.ws.focus.snapshot);
    this.events.emit('didChangePresets', saved.presets);
    return saved.presets;
  }

  async loadPreset(arg: { name: string }): Promise<FocusState> {
    const name = v.string(v.record(arg).name, 'preset name');
    const project = this.current();
    const preset = getPreset(this.options.stateDir, project.ws.root, name);
    project.ws.setFocus({ include: preset.include, exclude: preset.exclude });
    return project.focusState();
  }

  async renamePreset(arg: { from: string; to: string }): Promise<FocusPreset[]> {
    const a = v.record(arg);
    const list = renamePreset(
      this.options.stateDir,
      this.current().ws.root,
      v.string(a.from, 'preset name'),
      v.string(a.to, 'preset name'),
    );
    this.events.emit('didChangePresets', list);
    return list;
  }

  async deletePreset(arg: { name: string }): Promise<FocusPreset[]> {
    const name = v.string(v.record(arg).name, 'preset name');
    const list = deletePreset(this.options.stateDir, this.current().ws.root, name);
    this.events.emit('didChangePresets', list);
    return list;
  }

  async gitFiles(): Promise<GitFiles> {
    return this.current().git.current();
  }

  async tickGitFiles(arg: { which: GitSet }): Promise<FocusState> {
    const project = this.current();
    await project.git.tick(v.oneOf(v.record(arg).which, GIT_SETS, 'git file set'));
    return project.focusState();
  }

  async followGitFiles(arg: { which: GitSet | null }): Promise<GitFiles> {
    const which = v.record(arg).which;
    return this.current().git.follow(which === null ? null : v.oneOf(which, GIT_SETS, 'git file set'));
  }

  async previewFile(arg: { path: string; detail: (typeof DETAILS)[number] }): Promise<FilePreview> {
    return previewFile(this.current(), arg);
  }

  async getInstructions(): Promise<string> {
    const loaded = this.instructions.load(this.current().ws.root);
    if (loaded.problem) this.events.emit('didNotice', { level: 'warning', message: loaded.problem });
    return loaded.value;
  }

  async setInstructions(arg: { text: string }): Promise<void> {
    const text = v.string(v.record(arg).text, 'instructions text');
    if (text.length > INSTRUCTIONS_MAX)
      throw new HostError(
        'invalid-argument',
        `Instructions hold at most ${groupDigits(INSTRUCTIONS_MAX)} characters; these have ${groupDigits(text.length)}.`,
      );
    this.instructions.save(this.current().ws.root, text);
  }

  // ------------------------------------------------------------ export

  async exportPreview(arg: ExportOptions): Promise<ExportResult> {
    const project = this.current();
    return exportFocus(project.ws, checkExportOptions(arg));
  }

  /** The same document as the preview; the window copies it (the clipboard is the window's). */
  async exportPack(arg: ExportOptions): Promise<ExportResult> {
    return this.exportPreview(arg);
  }

  // ------------------------------------------------------------ agent sessions

  async listSessions(): Promise<SessionSummary[]> {
    return this.project?.sessions.list() ?? [];
  }

  async getSession(arg: { id: string }): Promise<SessionDetail | null> {
    return this.project?.sessions.get(v.string(v.record(arg).id, 'session id')) ?? null;
  }

  async receivedFiles(arg: { sessionId?: string }): Promise<ReceivedFile[]> {
    const id = v.record(arg ?? {}).sessionId;
    return this.project?.sessions.received(id === undefined ? undefined : v.string(id, 'session id')) ?? [];
  }

  async exportReceipt(arg: { id: string; format: ReceiptFormat }): Promise<Receipt> {
    const a = v.record(arg);
    const id = v.string(a.id, 'session id');
    const receipt = this.project?.sessions.receipt(id, v.oneOf(a.format, RECEIPTS, 'receipt format'));
    if (!receipt) throw new HostError('invalid-argument', `There is no agent session ${id} in this project.`);
    return receipt;
  }

  // ------------------------------------------------------------ settings, connect, view

  async getSettings(): Promise<Settings> {
    return { ...this.settings };
  }

  async updateSettings(arg: Partial<Settings>): Promise<Settings> {
    const next = cleanSettings({ ...this.settings, ...v.record(arg) }, this.settings);
    const encodingChanged = next.encoding !== this.settings.encoding;
    const httpChanged = next.httpEndpoint !== this.settings.httpEndpoint;
    this.settings = next;
    this.settingsFile.save(next);
    this.events.emit('didChangeSettings', { ...next });
    // Token counts belong to one encoding: the open project counts again in the new one. It is
    // not reopened: agent sessions, their received files (marks) and receipts go on as they were.
    if (encodingChanged && this.project) {
      const project = this.project;
      await project.ws.setEncoding(next.encoding);
      if (this.project === project) this.events.emit('didChangeProject', project.info());
    }
    if (httpChanged) await this.syncHttp();
    return { ...next };
  }

  /** Starts or stops the HTTP endpoint to match the setting and the open project. */
  private async syncHttp(): Promise<void> {
    const problem = await this.agents.serveHttp(this.project, this.settings.httpEndpoint);
    if (problem) this.events.emit('didNotice', { level: 'warning', message: problem });
  }

  async connectInfo(): Promise<ConnectInfo> {
    return this.agents.info(this.project, this.settings.httpEndpoint);
  }

  async getViewState(): Promise<ViewState> {
    return this.views.load(this.current().ws.root).value;
  }

  async saveViewState(arg: ViewState): Promise<void> {
    const expanded = v.strings(v.record(arg).expanded, 'expanded list');
    this.views.save(this.current().ws.root, { expanded });
  }

  /** A native menu item (Electron) for the window to act on. */
  menuCommand(command: MenuCommand): void {
    this.events.emit('didMenuCommand', { command });
  }

  async writeClipboard(arg: { text: string }): Promise<void> {
    const text = v.record(arg).text;
    if (typeof text !== 'string')
      throw new HostError('invalid-argument', 'The window sent clipboard text that is not a string.');
    if (!this.options.clipboard)
      throw new HostError(
        'unsupported',
        "This Loupe has no system clipboard; in a browser, the page copies through the browser's clipboard.",
      );
    this.options.clipboard.writeText(text);
  }

  async close(): Promise<void> {
    this.opening?.abort();
    const project = this.project;
    this.project = undefined;
    await this.agents.serveHttp(undefined, false);
    await project?.close();
  }
}
