// Process entry of `loupe` (bundled to dist/loupe.js).
import { Stopped } from './command';
import { runCli } from './main';

// EPIPE (e.g. `loupe ls | head`) is a normal end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// Ctrl+C (SIGINT) or SIGTERM asks the command to stop through io.signal: it closes what it opened
// (workers, caches written whole or not at all) and the process exits 130 (143). A second Ctrl+C
// exits at once.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(new Stopped(signal).exitCode);
    stop.abort(new Stopped(signal));
  });

const code = await runCli(process.argv.slice(2), {
  // Made only when a command reads it (mcp, bridge): opening stdin costs every command a few ms.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  signal: stop.signal,
});
// A stopped command has closed what it opened; work it had no way to stop ends with the process.
if (stop.signal.aborted) process.exit(code);
process.exitCode = code;
