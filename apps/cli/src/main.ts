// `loupe`: finds the command in the registry, parses the command line against its spec, runs its
// body, and turns failures into one sentence on stderr: exit 2 for a mistake a person can fix,
// 1 for a bug (stack traces only with LOUPE_DEBUG=1). Help needs only the specs: `loupe help` and
// `loupe COMMAND --help` load no command's body.
import { isLoupeError } from '@loupe/engine/errors';
import { parseCommandLine } from './args';
import { type Io, UsageError } from './command';
import { commands } from './commands/index';
import { commandHelp, unknownCommand } from './help';
import { oneLine } from './quote';
import { VERSION } from './version';

export async function runCli(argv: string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const name = first === undefined || first === '--help' || first === '-h' ? 'help' : first;
  const spec = commands.find((c) => c.name === name);
  const prefix = spec ? `loupe ${name}` : 'loupe';
  try {
    if (!spec) throw unknownCommand(name, commands);
    const parsed = parseCommandLine(spec, rest);
    if (parsed.help) {
      io.stdout.write(commandHelp(spec));
      return 0;
    }
    const body = await spec.load();
    return await body.run(parsed.positionals, parsed.values, io);
  } catch (error) {
    if (error instanceof UsageError || isLoupeError(error)) {
      io.stderr.write(`${prefix}: ${oneLine(error.message)}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `${prefix}: internal error: ${oneLine(message)}. This is a bug in Loupe; rerun with LOUPE_DEBUG=1 for details.\n`,
    );
    if (io.env.LOUPE_DEBUG) io.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
}
