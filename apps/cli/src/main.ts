// `loupe`: finds the command in the registry, parses the command line against its spec, runs its
// body, and turns failures into one sentence on stderr: exit 2 for a mistake a person can fix,
// 1 for a bug (stack traces only with LOUPE_DEBUG=1). Help needs only the specs: `loupe help` and
// `loupe COMMAND --help` load no command's body.
import { isLoupeError } from '@loupe/engine/errors';
import { parseCommandLine } from './args';
import { type CommandBody, type Io, stoppedCode, UsageError, type Values } from './command';
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
    return await runBody(body, parsed.positionals, parsed.values, io);
  } catch (error) {
    // Stopped (Ctrl+C): the command closed what it opened; no sentence, no stack, the signal's code.
    const stopped = stoppedCode(io);
    if (stopped !== undefined) return stopped;
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

/** Runs a body; a stop ends a body that has nothing to close at once (see `CommandBody.onStop`). */
async function runBody(body: CommandBody, positionals: string[], values: Values, io: Io): Promise<number> {
  const running = body.run(positionals, values, io);
  const signal = io.signal;
  if (body.onStop || !signal) return running;
  const stop = new Promise<number>((resolve) => {
    const now = () => resolve(stoppedCode(io) ?? 130);
    if (signal.aborted) now();
    else signal.addEventListener('abort', now, { once: true });
  });
  running.catch(() => {}); // it may fail after the stop won; nobody is waiting then
  return Promise.race([running, stop]);
}
