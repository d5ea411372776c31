// The shape of one `loupe` subcommand. Each lives in its own file under commands/.
import type { ParseArgsConfig } from 'node:util';

export interface Io {
  /** Only the MCP commands read it; default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Stops long-running commands (`loupe serve`); a real process stops on SIGINT/SIGTERM instead. */
  signal?: AbortSignal;
}

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  name: string;
  /** Usage line, e.g. `loupe ls DIR [--json] [--all]`. */
  usage: string;
  options: Options;
  /** Returns the process exit code. */
  run(positionals: string[], values: Values, io: Io): Promise<number>;
}

export function defineCommand(command: Command): Command {
  return command;
}
