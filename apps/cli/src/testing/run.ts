// Runs the CLI in-process (fast, for most tests) or as a real process from sources.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../main';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

// Each call gets its own empty Loupe state (overrides saved by --show/--hide stay in it), never the
// user's; a test that follows state across calls passes LOUPE_STATE_DIR itself.
const states = mkdtempSync(path.join(tmpdir(), 'loupe-cli-state-'));
process.on('exit', () => rmSync(states, { recursive: true, force: true }));
const freshState = () => ({ LOUPE_STATE_DIR: mkdtempSync(path.join(states, 's')) });

export async function cli(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = freshState(),
): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await runCli(argv, { stdout, stderr, cwd, env });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));

/** A real `loupe` process, started from the TypeScript sources through tsx. */
export function cliProcess(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = freshState(),
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bin, ...argv],
      { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}
