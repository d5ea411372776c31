// The host side of every transport: one dispatcher turns a command name and its argument into a
// call on the implementation, after checking the name against the API's command list.
import { buildApi, COMMAND_NAMES, type CommandName, type HostApi, type HostCommands } from '@loupe/common';
import { HostError } from '../errors';
import type { HostEventBus } from '../events';

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && (COMMAND_NAMES as string[]).includes(name);
}

/** What a transport serves: the host's commands and its events. */
export type ServedHost = HostCommands & { events: HostEventBus };

export type Dispatch = (method: string, arg: unknown) => Promise<unknown>;

export function dispatcher(host: HostCommands): Dispatch {
  return async (method, arg) => {
    if (!isCommandName(method))
      throw new HostError(
        'unknown-command',
        `The window asked for an unknown command (${String(method).slice(0, 40)}).`,
      );
    const fn = host[method] as (this: HostCommands, arg: unknown) => Promise<unknown>;
    return fn.call(host, arg);
  };
}

/** The host in the same process (tests, and the bench's data source). */
export function localApi(host: HostCommands & { events: HostEventBus }): HostApi {
  const dispatch = dispatcher(host);
  return buildApi(
    (method, arg) => dispatch(method, arg),
    (event, listener) => host.events.on(event, listener),
  );
}
