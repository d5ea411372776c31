// `loupe`: parses the command line, runs one subcommand, and turns failures into one sentence
// on stderr with a non-zero exit. Stack traces appear only with LOUPE_DEBUG=1.
import { parseArgs } from 'node:util';
import { isLoupeError } from '@loupe/engine/errors';
import type { Command, Io } from './command';
import { type CommandEntry, commands } from './commands/index';

const VERSION = '0.1.0';

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `Loupe ${VERSION}: the focus window for coding agents.\n\nUsage: loupe COMMAND [ARGS]\n\nCommands:\n${lines.join('\n')}\n\nRun \`loupe help COMMAND\` for a command's arguments and options.\n`;
}

function commandHelp(entry: CommandEntry, command: Command): string {
  const opts = Object.entries(command.options).map(
    ([name, o]) => `  --${name}${o.type === 'string' ? ' VALUE' : ''}${o.multiple ? ' (repeatable)' : ''}`,
  );
  return `${entry.summary}\n\nUsage: ${command.usage}\n${opts.length ? `\nOptions:\n${opts.join('\n')}\n` : ''}`;
}

export async function runCli(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const target = rest[0] && commands.find((c) => c.name === rest[0]);
    io.stdout.write(target ? commandHelp(target, await target.load()) : helpText());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(`loupe: unknown command "${name}". Run \`loupe help\` to see the commands.\n`);
    return 2;
  }
  const command = await entry.load();
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr.write(`loupe ${name}: ${(error as Error).message}. Usage: ${command.usage}\n`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout.write(commandHelp(entry, command));
    return 0;
  }
  try {
    return await command.run(parsed.positionals, parsed.values, io);
  } catch (error) {
    if (isLoupeError(error)) {
      io.stderr.write(`loupe ${name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `loupe ${name}: internal error: ${message}. This is a bug in Loupe; rerun with LOUPE_DEBUG=1 for details.\n`,
    );
    if (io.env.LOUPE_DEBUG) io.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
}
