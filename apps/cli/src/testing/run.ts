// Runs the CLI in-process (fast, for most tests) or as a real process from sources.
import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../main';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(argv: string[], cwd = process.cwd()): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await runCli(argv, { stdout, stderr, cwd, env: {} });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));

/** A real `loupe` process, started from the TypeScript sources through tsx. */
export function cliProcess(argv: string[], cwd = process.cwd()): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bin, ...argv],
      { cwd, encoding: 'utf8', maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}
