// The shape of one `loupe` subcommand: its spec (name, arguments, options; in the registry,
// commands/index.ts, loaded by `loupe help` and the completion scripts without the command's
// modules) and its body (one file under commands/, loaded only when the command runs).
// This file imports nothing at run time, so the registry stays cheap to load.

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

/** How `loupe help` groups the commands. */
export const GROUPS = {
  project: 'Project: read a folder as agents see it',
  agents: 'Agents: serve a project over MCP, and what they received',
  window: 'Window',
  shell: 'Shell',
} as const;
export type Group = keyof typeof GROUPS;

/** What the shell completes for a value: files, folders, command names, or nothing it can guess. */
export type Completion = 'file' | 'dir' | 'command' | 'none';

export interface Flag {
  /** One line for `loupe help COMMAND`. */
  describe: string;
  /** The value's placeholder (`N`, `PATH`); absent for a switch (a boolean flag). */
  value?: string;
  /** The only values it takes: checked, listed by help, completed by the shell. */
  choices?: readonly string[];
  /** Checks and converts a value; throws a UsageError with a sentence when it is wrong. */
  parse?: (raw: string, flag: string) => unknown;
  /** Used when the flag is absent (parsed like a given value). */
  default?: string;
  /** What absence means when it is not a value, for help: "a free port", "no limit". */
  unset?: string;
  /**
   * Several values: 'repeat' takes the flag more than once (`--show a --show b`); 'list' also
   * takes the words that follow one flag (`--focus a b c`), up to the next option.
   */
  multiple?: 'repeat' | 'list';
  short?: string;
  /** What follows the command name in an example, e.g. `. --budget 8000` (help prints it whole). */
  example: string;
  /** What the shell completes for the value (default: files for a value, with choices: them). */
  complete?: Completion;
}

export interface Arg {
  name: string;
  describe: string;
  /** May be left out (its default is said in `describe`). */
  optional?: boolean;
  /** Takes one or more words. */
  variadic?: boolean;
  choices?: readonly string[];
  complete?: Completion;
}

export type Values = Record<string, string | boolean | number | null | string[] | undefined>;

/** The body of a command, in its own module; returns the process exit code. */
export interface CommandBody {
  run(positionals: string[], values: Values, io: Io): Promise<number>;
}

export interface CommandSpec {
  name: string;
  group: Group;
  /** One line for `loupe help` and the README's command table. */
  summary: string;
  args: readonly Arg[];
  options: Record<string, Flag>;
  /** Whole examples (after `loupe NAME`), shown by help. */
  examples?: readonly string[];
  load(): Promise<CommandBody>;
}

export function defineCommand(body: CommandBody): CommandBody {
  return body;
}

/** A mistake in the command line: one sentence on stderr, exit code 2. */
export class UsageError extends Error {}
