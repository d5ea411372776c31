// The caller side of every transport: one builder turns a `call` and a `listen` function into a
// typed HostApi. Imports only the API types and name lists (it runs in a sandboxed preload).
import {
  COMMAND_NAMES,
  type CommandName,
  EVENT_NAMES,
  type EventName,
  type HostApi,
  type HostErrorData,
  subscriptionName,
  type Unsubscribe,
} from '../api';

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
