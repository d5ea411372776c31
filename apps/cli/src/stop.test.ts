// Long work on a large project, through the built CLI in child processes: a progress line on stderr
// only when stderr is a terminal (a real pseudo-terminal from `script`), never on a pipe; Ctrl+C
// (SIGINT) stops cleanly: exit 130, no stack trace, no half-written output or state files.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { rng } from '@loupe/common';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedGit } from './testing/gated-git';
import { cliBuilt } from './testing/run';

const tmp = tempDir('loupe-stop-');
afterAll(() => tmp.dispose());
const built = path.resolve(import.meta.dirname, '../bin/loupe.js');
const big = path.join(tmp.dir, 'big');
const WORDS = 'alpha beta gamma delta order invoice render parse queue worker stream buffer'.split(' ');

// ~1,200 files of ~40 KB (48 MB): a full pack takes long enough to be stopped while it writes.
beforeAll(() => {
  const r = rng(18);
  const files: Record<string, string> = {};
  for (let i = 0; i < 1200; i++) {
    const lines: string[] = [];
    for (let size = 0; size < 40_000; ) {
      const line = `export const ${WORDS[Math.floor(r() * WORDS.length)]}${i}_${size} = ${Math.floor(r() * 1e9)};`;
      lines.push(line);
      size += line.length + 1;
    }
    files[`src/m${i % 30}/f${i}.ts`] = `${lines.join('\n')}\n`;
  }
  writeProject(big, files);
}, 120_000);

/** Every file under `dir` whose name marks a write that never finished (temp + rename). */
function tempFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tmp$/.test(f));
}

const env = (name: string) => ({
  LOUPE_STATE_DIR: path.join(tmp.dir, `state-${name}`),
  LOUPE_CACHE_DIR: path.join(tmp.dir, `cache-${name}`),
});

interface Terminal {
  /** Everything the command drew on the terminal (stdout and stderr share it). */
  text(): string;
  waitFor(pattern: RegExp): Promise<void>;
  /** Types Ctrl+C: the terminal sends SIGINT to the command, as a person's keyboard does. */
  ctrlC(): void;
  exited: Promise<number | null>;
}

/** The built CLI on a real pseudo-terminal (`script`); its exit code is the command's. */
function onTerminal(argv: string[], extraEnv: NodeJS.ProcessEnv): Terminal {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, built, ...argv].map(q).join(' ');
  const child: ChildProcess = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, ...extraEnv, TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    for (const w of [...waiters]) w();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    text: () => out,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) resolve();
        };
        waiters.push(check);
        check();
        void exited.then(() => reject(new Error(`exited before ${pattern}: ${out}`)));
      }),
    ctrlC: () => child.stdin!.write('\x03'),
    exited,
  };
}

describe('progress on a terminal, silence on a pipe', () => {
  it('ls --json draws scanning and counting on a terminal; a pipe gets no progress at all', async () => {
    const term = onTerminal(['ls', '--json', big], env('tty'));
    expect(await term.exited).toBe(0);
    expect(term.text()).toMatch(/\r\x1b\[2Kscanning: \d+ folders, \d+ files/);
    expect(term.text()).toMatch(/\r\x1b\[2Kcounting tokens: \d+ of 1200 files/);
    const piped = await cliBuilt(['ls', '--json', big], tmp.dir, env('tty'));
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
    expect(JSON.parse(piped.stdout).files).toHaveLength(1200);
  }, 180_000);
});

describe('Ctrl+C', () => {
  it('stops a pack that is writing its file: exit 130, no stack trace, no half-written file', async () => {
    const out = path.join(tmp.dir, 'pack.md');
    const e = env('pack');
    const term = onTerminal(['pack', big, '--budget', 'none', '--out', out], e);
    await term.waitFor(/packing: [\d.]+ MiB written/);
    term.ctrlC();
    expect(await term.exited).toBe(130);
    expect(existsSync(out)).toBe(false);
    expect(term.text()).not.toMatch(/\n\s+at |internal error|Error:/);
    expect(tempFiles(e.LOUPE_CACHE_DIR)).toEqual([]);
    expect(tempFiles(e.LOUPE_STATE_DIR)).toEqual([]);
  }, 180_000);

  it('stops a streamed search between its tasks: exit 130 before every file was read, nothing printed', async () => {
    // Every file holds the word, so every one is read and masked: seconds of work for Ctrl+C to cut.
    const term = onTerminal(['search', big, 'alpha'], env('search'));
    await term.waitFor(/searching: \d+ of 1200 files/);
    term.ctrlC();
    expect(await term.exited).toBe(130);
    const read = [...term.text().matchAll(/searching: (\d+) of 1200 files/g)].map((m) => Number(m[1]));
    expect(Math.max(...read)).toBeLessThan(1200);
    expect(term.text()).not.toMatch(/\n\s+at |internal error|Error:|Best match|matches in/);
  }, 180_000);

  it('SIGINT to the process while it scans: it exits 130 itself (not killed by the signal), nothing on stdout', async () => {
    // A real git behind a gate holds the scan, so the signal arrives mid-work, every time.
    const project = writeProject(path.join(tmp.dir, 'gated'));
    const git = gatedGit(tmp.dir);
    const e = env('sigint');
    const child = spawn(process.execPath, [built, 'ls', '--json', project], {
      env: { ...process.env, ...e, PATH: git.PATH },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(await git.called(2400)).toBe(true);
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 200)); // let the signal land before git returns
    git.open();
    expect(await exited).toEqual({ code: 130, signal: null });
    expect(stdout).toBe('');
    expect(stderr).toBe('');
    expect(tempFiles(e.LOUPE_CACHE_DIR)).toEqual([]);
    expect(statSync(project).isDirectory()).toBe(true);
  }, 120_000);
});
