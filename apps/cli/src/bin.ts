// Process entry of `loupe` (bundled to dist/loupe.js).
import { runCli } from './main';

// EPIPE (e.g. `loupe ls | head`) is a normal end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
