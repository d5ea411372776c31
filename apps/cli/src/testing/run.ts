// Runs the CLI in-process (fast, for most tests), as a real process from sources, or as the built
// bundle (what `npx loupe` runs) in a child process.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
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

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const built = path.join(repo, 'apps/cli/bin/loupe.js');
const bundle = path.join(repo, 'apps/cli/dist/loupe.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.(ts|json)$/.test(e.name) && !e.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

let checked = false;
/** Refuses a bundle older than the sources it is built from: a stale build would test old code. */
function checkBundle(): void {
  if (checked) return;
  const at = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = [
    'apps/cli/src',
    'packages/common/src',
    'packages/engine/src',
    'packages/mcp/src',
    'packages/host/src',
  ];
  if (sources.some((d) => newestSource(path.join(repo, d)) > at))
    throw new Error('The CLI bundle is missing or older than its sources: run `npm run build -w apps/cli`.');
  checked = true;
}

/** The folder of the built bundle (apps/cli/dist), refused when older than its sources. */
export function builtDist(): string {
  checkBundle();
  return path.dirname(bundle);
}

/** The built `loupe` (apps/cli/bin/loupe.js and its bundle) in a child process; stdout as bytes too. */
export function cliBuilt(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = freshState(),
): Promise<CliResult & { bytes: Buffer }> {
  checkBundle();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [built, ...argv],
      { cwd, env: { ...process.env, ...env }, encoding: 'buffer', maxBuffer: 1 << 28 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout: stdout.toString('utf8'),
          stderr: stderr.toString('utf8'),
          bytes: stdout,
        });
      },
    );
  });
}

export interface Running {
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in stdout or stderr (rejects if the process ends first). */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<RegExpExecArray>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/** A long-running built `loupe` (serve, mcp --http) in a child process. */
export function spawnBuilt(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Running {
  checkBundle();
  const child = spawn(process.execPath, [built, ...argv], { cwd, env: { ...process.env, ...env } });
  const text = { stdout: '', stderr: '' };
  const waiters: Array<() => void> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const name of ['stdout', 'stderr'] as const)
    child[name]!.on('data', (c: Buffer) => {
      text[name] += c.toString('utf8');
      for (const w of [...waiters]) w();
    });
  return {
    child,
    waitFor(pattern, stream = 'stdout') {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(text[stream]);
          if (!m) return;
          waiters.splice(waiters.indexOf(check), 1);
          resolve(m);
        };
        waiters.push(check);
        check();
        void exited.then((code) =>
          reject(
            new Error(`loupe ${argv[0]} exited (${code}) before ${pattern}: ${text.stdout}${text.stderr}`),
          ),
        );
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    output: () => ({ ...text }),
  };
}
