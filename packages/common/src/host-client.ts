// The caller side of the host API, for every transport: the command and event name lists, and one
// builder that turns a `call` and a `listen` function into a typed HostApi. The Electron preload,
// the window's WebSocket client (browser mode) and in-process callers all build theirs with it.
import type { CommandName, EventName, HostApi, HostErrorData, Unsubscribe } from './host-api';

// The name lists the transports need at run time. `satisfies Record<..., true>` makes the compiler
// reject a list that misses a command or an event, or names one that does not exist.
const COMMANDS = {
  openProject: true,
  chooseFolder: true,
  currentProject: true,
  setProjectMasking: true,
  setStrictFocus: true,
  accessRequests: true,
  answerAccessRequest: true,
  recentProjects: true,
  getTree: true,
  getTreeSlice: true,
  getFocus: true,
  setFocus: true,
  toggleFocus: true,
  focusSummary: true,
  hiddenEntries: true,
  getOverrides: true,
  setOverride: true,
  clearOverrides: true,
  exportPreview: true,
  exportPack: true,
  cancelExport: true,
  listPresets: true,
  savePreset: true,
  loadPreset: true,
  renamePreset: true,
  deletePreset: true,
  gitFiles: true,
  tickGitFiles: true,
  followGitFiles: true,
  previewFile: true,
  getInstructions: true,
  setInstructions: true,
  listSessions: true,
  getSession: true,
  receivedFiles: true,
  exportReceipt: true,
  getSettings: true,
  updateSettings: true,
  connectInfo: true,
  getViewState: true,
  saveViewState: true,
  cancel: true,
  rescan: true,
  writeClipboard: true,
} as const satisfies Record<CommandName, true>;

const EVENTS = {
  didOpenProject: true,
  didChangeProject: true,
  didProgress: true,
  didExportProgress: true,
  didChangeTree: true,
  didCountTokens: true,
  didChangeFocus: true,
  didChangePresets: true,
  didChangeGitFiles: true,
  didChangeFiles: true,
  didChangeSessions: true,
  didChangeAccessRequests: true,
  didAgentCall: true,
  didChangeSettings: true,
  didNotice: true,
  didMenuCommand: true,
} as const satisfies Record<EventName, true>;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

/** `didChangeFocus` -> `onDidChangeFocus`. */
export function subscriptionName<K extends EventName>(event: K): `on${Capitalize<K>}` {
  return `on${event[0]!.toUpperCase()}${event.slice(1)}` as `on${Capitalize<K>}`;
}

/** An error from the host as the window sees it: one sentence, with the host's code. */
export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

export function fromErrorData(data: HostErrorData): HostCallError {
  return new HostCallError(data.code, data.message);
}

/** A HostApi over any wire: `call` sends one command, `listen` follows one event. */
export function buildApi(
  call: (method: CommandName, arg: unknown) => Promise<unknown>,
  listen: (event: EventName, listener: (payload: unknown) => void) => Unsubscribe,
): HostApi {
  const api: Record<string, unknown> = {};
  for (const name of COMMAND_NAMES) api[name] = (arg?: unknown) => call(name, arg);
  for (const event of EVENT_NAMES)
    api[subscriptionName(event)] = (listener: (payload: unknown) => void) => listen(event, listener);
  return api as unknown as HostApi;
}

/** A client transport's listeners by event: `listen` is buildApi's, `emit` hands on what arrives. */
export function eventHub(): {
  listen(event: EventName, listener: (payload: unknown) => void): Unsubscribe;
  emit(event: string, payload: unknown): void;
} {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    listen(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}
