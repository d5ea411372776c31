// The one implementation of the host API over engine Workspaces: most commands hand their arguments
// to the file that owns their concern (docs/architecture.md names them). Transports (Electron IPC,
// WebSocket) call its commands and forward its events; they never reach past it into the engine.
import { existsSync } from 'node:fs';
import {
  type AccessChoice,
  type AccessRequestInfo,
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
import { resolveRoot, type Workspace } from '@loupe/engine';
import { type AgentSocket, McpProject } from '@loupe/mcp';
import { AgentAccess } from './agent-access';
import { exportReceipt, registrySessions } from './agent-sessions';
import { HostError } from './errors';
import { HostEventBus } from './events';
import { checkExportOptions, ExportRuns } from './export';
import { getInstructions, setInstructions } from './instructions';
import { ProjectOpening } from './opening';
import type { HostOptions } from './options';
import { clearOverrides, getOverrides, type OverrideTarget, setOverride } from './overrides';
import { deletePreset, loadPreset, renamePreset, savePreset } from './presets';
import { previewFile } from './preview';
import { ProgressReporter } from './progress';
import { OpenProject } from './project';
import { setProjectMasking, setProjectStrict } from './project-settings';
import { HostSettings } from './settings';
import { InstructionsFile, RecentProjectsFile, ViewStateFile } from './state-files';
import { StrictAccess } from './strict-access';
import * as v from './validate';

export type { HostOptions } from './options';

const GIT_SETS: readonly GitSet[] = ['changed', 'branch'];

export class LoupeHost implements HostCommands {
  readonly events = new HostEventBus();
  private project: OpenProject | undefined;
  private readonly opening: ProjectOpening;
  private readonly progress = new ProgressReporter(this.events);
  private readonly settings: HostSettings;
  private readonly recent: RecentProjectsFile;
  private readonly views: ViewStateFile;
  private readonly instructions: InstructionsFile;
  private readonly startupWarnings: string[] = [];
  private readonly agents: AgentAccess;
  private readonly strict: StrictAccess;
  private readonly exports = new ExportRuns(this.events);

  constructor(private readonly options: HostOptions) {
    this.agents = new AgentAccess(options);
    this.recent = new RecentProjectsFile(options.stateDir);
    this.views = new ViewStateFile(options.stateDir);
    this.instructions = new InstructionsFile(options.stateDir);
    this.settings = new HostSettings(options.stateDir, this.startupWarnings);
    this.strict = new StrictAccess(this.events, options.askTimeoutMs);
    this.opening = new ProjectOpening(options, this.progress);
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
    const name = root.split(/[\\/]/).pop() ?? root;
    const warnings = this.startupWarnings.splice(0);
    const ws = await this.opening.open(root, name, this.settings.current.encoding);
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
    this.strict.askFor(project);
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

  async setStrictFocus(arg: { on: boolean }): Promise<ProjectInfo> {
    return setProjectStrict(this.options.stateDir, this.current(), arg);
  }

  async accessRequests(): Promise<AccessRequestInfo[]> {
    return this.strict.list();
  }

  async answerAccessRequest(arg: { id: string; choice: AccessChoice }): Promise<AccessRequestInfo[]> {
    return this.strict.answer(arg);
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
    if (this.opening.cancel()) return;
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
    return getOverrides(this.options.stateDir, this.current());
  }

  async setOverride(arg: { path: string; state: OverrideState | 'default' }): Promise<Overrides> {
    return setOverride(this.overrideTarget(), arg);
  }

  async clearOverrides(): Promise<Overrides> {
    return clearOverrides(this.overrideTarget());
  }

  private overrideTarget(): OverrideTarget {
    const { stateDir } = this.options;
    return {
      stateDir,
      progress: this.progress,
      current: () => this.current(),
      isOpen: (p) => this.project === p,
    };
  }

  // ------------------------------------------------------------ presets, git, preview

  async listPresets(): Promise<FocusPreset[]> {
    return this.current().presets();
  }

  async savePreset(arg: { name: string }): Promise<FocusPreset[]> {
    return savePreset(this.options.stateDir, () => this.current(), this.events, arg);
  }

  async loadPreset(arg: { name: string }): Promise<FocusState> {
    return loadPreset(this.options.stateDir, () => this.current(), arg);
  }

  async renamePreset(arg: { from: string; to: string }): Promise<FocusPreset[]> {
    return renamePreset(this.options.stateDir, () => this.current(), this.events, arg);
  }

  async deletePreset(arg: { name: string }): Promise<FocusPreset[]> {
    return deletePreset(this.options.stateDir, () => this.current(), this.events, arg);
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
    return getInstructions(this.instructions, this.current(), this.events);
  }

  async setInstructions(arg: { text: string }): Promise<void> {
    setInstructions(this.instructions, () => this.current(), arg);
  }

  // ------------------------------------------------------------ export

  async exportPreview(arg: ExportOptions): Promise<ExportResult> {
    return this.exports.run(this.current().ws, checkExportOptions(arg), false);
  }

  /** The same document as the preview; the window copies it (the clipboard is the window's). */
  async exportPack(arg: ExportOptions): Promise<ExportResult> {
    return this.exports.run(this.current().ws, checkExportOptions(arg), true);
  }

  async cancelExport(): Promise<void> {
    this.exports.cancel();
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
    return exportReceipt(this.project?.sessions, arg);
  }

  // ------------------------------------------------------------ settings, connect, view

  async getSettings(): Promise<Settings> {
    return { ...this.settings.current };
  }

  async updateSettings(arg: Partial<Settings>): Promise<Settings> {
    const { next, encodingChanged, httpChanged } = this.settings.update(arg, this.events);
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
    const problem = await this.agents.serveHttp(this.project, this.settings.current.httpEndpoint);
    if (problem) this.events.emit('didNotice', { level: 'warning', message: problem });
  }

  async connectInfo(): Promise<ConnectInfo> {
    return this.agents.info(this.project, this.settings.current.httpEndpoint);
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
    this.opening.abort();
    const project = this.project;
    this.project = undefined;
    await this.agents.serveHttp(undefined, false);
    await project?.close();
  }
}
