// Issue 18's start-up targets, each against a floor measured in the same run (runs alternate, so a
// busy machine hits both sides alike):
// - the whole `loupe ls DIR` process vs `git ls-files --cached --others --exclude-standard`, on the
//   synthetic repository (~32k visible files) and every BENCH_REPOS checkout (test262: 57k);
// - `loupe serve DIR` until it prints its address, cold (fresh state and caches), vs a cold `loupe ls`;
// - memory: the host's RSS after switching from a large project (test262 when in BENCH_REPOS, else
//   the synthetic repository) to express, vs express opened fresh (memory-child.ts, alternating);
// - budgeted packs (packRows): cold and warm `pack --budget 32000` vs `loupe ls`, and a budget over
//   the project's total vs `--budget none` (BENCH_SCALE_PACK=0 leaves them out);
// - the window's export (scale-export.ts): preview, first progress and Cancel, vs a warm `loupe ls`;
// - cold `loupe search`, a regex search and MCP's first search vs `git grep` (scale-search.ts).
// BENCH_BEFORE_CLI names another build of the CLI (e.g. main's dist) to measure beside this one.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bench, type Check, check, stats } from '../harness';
import { windowExport } from './scale-export';
import { searchScale } from './scale-search';

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 7);
const cliBundle = fileURLToPath(new URL('../../../cli/dist/loupe.js', import.meta.url));
// The window this worktree built, for a BENCH_BEFORE_CLI copied without one.
const renderer = fileURLToPath(new URL('../../../desktop/dist/renderer', import.meta.url));
const memoryChild = fileURLToPath(new URL('./memory-child.ts', import.meta.url));
const benchDir = fileURLToPath(new URL('../..', import.meta.url));
/**
 * BENCH_SCALE_ONLY=search, start-up (ls, serve, packs and the window's export), export (ls and the
 * window's export), pack (the budgeted packs alone) or memory, comma-separated: only those parts
 * (default all).
 */
const only = process.env.BENCH_SCALE_ONLY?.split(',');
const before = process.env.BENCH_BEFORE_CLI ? path.resolve(process.env.BENCH_BEFORE_CLI) : undefined;

function timedRun(cmd: string, args: string[], cwd?: string, env = process.env): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 1 << 29 }, (error, _out, stderr) => {
      if (error) return reject(new Error(`${cmd} ${args.join(' ')} failed: ${stderr || error.message}`));
      resolve(performance.now() - t0);
    });
  });
}

/** Milliseconds from spawning `loupe serve DIR --json` to its address on stdout (then it stops). */
function serveUntilUrl(bundle: string, dir: string): Promise<number> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'loupe-bench-serve-'));
  const env = {
    ...process.env,
    LOUPE_STATE_DIR: path.join(scratch, 'state'),
    LOUPE_CACHE_DIR: path.join(scratch, 'cache'),
    LOUPE_SOCKET: path.join(scratch, 'agents.sock'),
    ...(existsSync(path.join(renderer, 'index.html')) ? { LOUPE_RENDERER_DIR: renderer } : {}),
  };
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [bundle, 'serve', dir, '--port', '0', '--json'], {
    env,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      if (!out.includes('\n')) return;
      const ms = performance.now() - t0;
      child.once('exit', () => {
        rmSync(scratch, { recursive: true, force: true });
        resolve(ms);
      });
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`loupe serve exited (${code}) before its address`));
    });
  });
}

/** memory-child.ts in a fresh process: the host's RSS (MiB, after GC) once `dirs` were visited. */
function memoryAfter(dirs: string[]): Promise<{ rssMiB: number; threads: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', memoryChild, ...dirs],
      { cwd: benchDir, maxBuffer: 1 << 24 },
      (error, out, stderr) => {
        if (error)
          return reject(new Error(`memory-child ${dirs.join(' ')} failed: ${stderr || error.message}`));
        resolve(JSON.parse(out.trim().split('\n').pop()!));
      },
    );
  });
}

const ms = (n: number) => Math.round(n);
const PACK_RUNS = Math.max(2, Math.ceil(RUNS / 3));

/** `env` with fresh state and cache folders (a cold command), and a function that removes them. */
function freshEnv(): [NodeJS.ProcessEnv, () => void] {
  const scratch = mkdtempSync(path.join(tmpdir(), 'loupe-bench-pack-'));
  const env = {
    ...process.env,
    LOUPE_STATE_DIR: path.join(scratch, 'state'),
    LOUPE_CACHE_DIR: path.join(scratch, 'cache'),
  };
  return [env, () => rmSync(scratch, { recursive: true, force: true })];
}

/**
 * Budgeted packs against their floors, alternating (issue 18): a cold `pack --budget 32000`
 * (fresh caches) vs a cold `loupe ls`, the same warm (caches kept, a run before) vs a warm
 * `loupe ls`, and a budget over the project's total vs `--budget none` (both written to a file).
 */
async function packRows(
  bundle: string,
  dir: string,
  name: string,
  rows: Array<Record<string, string | number>>,
  checks: Check[],
  label = '',
) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-bench-out-')), 'pack.txt');
  const pack = (env: NodeJS.ProcessEnv, budget: string, file?: string) =>
    timedRun(
      process.execPath,
      [bundle, 'pack', dir, '--budget', budget, ...(file ? ['--out', file] : [])],
      undefined,
      env,
    );
  const ls = (env: NodeJS.ProcessEnv) =>
    timedRun(process.execPath, [bundle, 'ls', '-z', dir], undefined, env);
  const cold = { ls: [] as number[], pack: [] as number[] };
  const warm = { ls: [] as number[], pack: [] as number[] };
  const big = { none: [] as number[], over: [] as number[] };
  const [warmEnv, dropWarm] = freshEnv();
  await pack(warmEnv, '32000');
  for (let i = 0; i < PACK_RUNS; i++) {
    for (const [which, run] of [
      ['ls', ls],
      ['pack', (env: NodeJS.ProcessEnv) => pack(env, '32000')],
    ] as const) {
      const [env, drop] = freshEnv();
      cold[which].push(await run(env));
      drop();
    }
    warm.ls.push(await ls(warmEnv));
    warm.pack.push(await pack(warmEnv, '32000'));
    big.none.push(await pack(warmEnv, 'none', out));
    big.over.push(await pack(warmEnv, '1000000000', out));
  }
  dropWarm();
  rmSync(path.dirname(out), { recursive: true, force: true });
  const m = (xs: number[]) => stats(xs).median;
  const row = (step: string, xs: number[], floor?: number) =>
    rows.push({
      repository: name,
      step: `${step}${label}`,
      'median ms': ms(m(xs)),
      'min ms': ms(stats(xs).min),
      ratio: floor === undefined ? '' : (m(xs) / floor).toFixed(2),
    });
  row('`loupe ls`, cold (pack floor)', cold.ls);
  row('`pack --budget 32000`, cold', cold.pack, m(cold.ls));
  row('`loupe ls`, warm (pack floor)', warm.ls);
  row('`pack --budget 32000`, warm', warm.pack, m(warm.ls));
  row('`pack --budget none --out`', big.none);
  row('`pack --budget 1000000000 --out`', big.over, m(big.none));
  if (label) return;
  checks.push(
    check(`${name}: cold \`pack --budget 32000\` / cold \`ls\``, m(cold.pack) / m(cold.ls), '<=', 2),
  );
  checks.push(
    check(`${name}: warm \`pack --budget 32000\` / warm \`ls\``, m(warm.pack) / m(warm.ls), '<=', 2),
  );
  checks.push(
    check(`${name}: \`pack --budget 1000000000\` / \`--budget none\``, m(big.over) / m(big.none), '<=', 1.2),
  );
}

/** `loupe serve` until its address vs a cold `loupe ls`, and the CLI's budgeted packs. */
async function serveAndPack(
  dir: string,
  name: string,
  rows: Array<Record<string, string | number>>,
  checks: Check[],
): Promise<void> {
  // serve until its address vs a cold `loupe ls` (fresh caches), alternating.
  const serveSamples: number[] = [];
  const lsSamples: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
    const cache = mkdtempSync(path.join(tmpdir(), 'loupe-bench-ls-'));
    lsSamples.push(
      await timedRun(process.execPath, [cliBundle, 'ls', '-z', dir], undefined, {
        ...process.env,
        LOUPE_CACHE_DIR: cache,
      }),
    );
    rmSync(cache, { recursive: true, force: true });
    serveSamples.push(await serveUntilUrl(cliBundle, dir));
  }
  const lsCold = stats(lsSamples).median;
  const serve = stats(serveSamples).median;
  rows.push({
    repository: name,
    step: '`loupe ls`, cold caches',
    'median ms': ms(lsCold),
    'min ms': ms(stats(lsSamples).min),
    ratio: '',
  });
  rows.push({
    repository: name,
    step: '`loupe serve` until its address, cold',
    'median ms': ms(serve),
    'min ms': ms(stats(serveSamples).min),
    ratio: (serve / lsCold).toFixed(2),
  });
  if (before) {
    const old = stats([await serveUntilUrl(before, dir), await serveUntilUrl(before, dir)]).min;
    rows.push({
      repository: name,
      step: '`loupe serve` until its address, BENCH_BEFORE_CLI',
      'median ms': ms(old),
      'min ms': '',
      ratio: (old / lsCold).toFixed(2),
    });
  }
  checks.push(check(`${name}: serve until its address / cold \`loupe ls\``, serve / lsCold, '<=', 1));
  if (process.env.BENCH_SCALE_PACK !== '0') {
    await packRows(cliBundle, dir, name, rows, checks);
    if (before) await packRows(before, dir, name, rows, checks, ', BENCH_BEFORE_CLI');
  }
}

export const scaleBench: Bench = {
  name: 'scale',
  async run(ctx) {
    const synthetic = await ctx.synthetic();
    const repos = [synthetic, ...ctx.repos];
    const rows: Array<Record<string, string | number>> = [];
    const checks: Check[] = [];
    const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' };
    const gitArgs = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
    for (const dir of repos) {
      const name = dir === synthetic ? 'synthetic' : path.basename(dir);
      if (!only || only.includes('search')) {
        const searched = await searchScale(name, dir, cliBundle, RUNS, before);
        rows.push(...searched.rows);
        checks.push(...searched.checks);
        ctx.log(`scale: ${name} search done`);
      }
      if (only?.includes('pack')) {
        await packRows(cliBundle, dir, name, rows, checks);
        if (before) await packRows(before, dir, name, rows, checks, ', BENCH_BEFORE_CLI');
      }
      const startUp = !only || only.includes('start-up');
      if (!startUp && !only?.includes('export')) continue;
      const sides: Array<[string, () => Promise<number>]> = [
        ['git ls-files (floor)', () => timedRun('git', gitArgs, dir, gitEnv)],
        ['`loupe ls` whole process', () => timedRun(process.execPath, [cliBundle, 'ls', '-z', dir])],
      ];
      if (before)
        sides.push([
          '`loupe ls`, BENCH_BEFORE_CLI',
          () => timedRun(process.execPath, [before, 'ls', '-z', dir]),
        ]);
      for (const [, f] of sides) await f(); // once untimed: the OS file cache is warm for all
      const samples = sides.map(() => [] as number[]);
      for (let i = 0; i < RUNS; i++) for (const [k, [, f]] of sides.entries()) samples[k]!.push(await f());
      const floor = stats(samples[0]!).median;
      for (const [k, [step]] of sides.entries()) {
        const s = stats(samples[k]!);
        rows.push({
          repository: name,
          step,
          'median ms': ms(s.median),
          'min ms': ms(s.min),
          ratio: (s.median / floor).toFixed(2),
        });
      }
      checks.push(check(`${name}: \`loupe ls\` / git ls-files`, stats(samples[1]!).median / floor, '<=', 4));
      if (startUp) await serveAndPack(dir, name, rows, checks);

      const exported = await windowExport(
        dir,
        name,
        Math.max(3, Math.ceil(RUNS / 2)),
        stats(samples[1]!).median,
        path.join(ctx.workDir, 'export-cache'),
      );
      rows.push(...exported.rows);
      checks.push(...exported.checks);
      ctx.log(`scale: ${name} done`);
    }
    const small = ctx.repos.find((r) => path.basename(r) === 'express') ?? '/work/scratch/express';
    if (existsSync(small) && (!only || only.includes('memory'))) {
      const big = ctx.repos.find((r) => path.basename(r) === 'test262') ?? synthetic;
      const fresh: number[] = [];
      const switched: number[] = [];
      // Three rounds: one round under load can hold ~150 MiB more (stop 28: 455 and 621 MiB), and
      // the median of two is their mean.
      for (let i = 0; i < 3; i++) {
        fresh.push((await memoryAfter([small])).rssMiB);
        switched.push((await memoryAfter([small, big])).rssMiB);
      }
      const f = stats(fresh).median;
      const sw = stats(switched).median;
      const bigName = big === synthetic ? 'synthetic' : path.basename(big);
      rows.push({
        repository: 'express',
        step: 'host RSS, express opened fresh (MiB)',
        'median ms': f,
        'min ms': stats(fresh).min,
        ratio: '',
      });
      rows.push({
        repository: 'express',
        step: `host RSS, express after ${bigName} (MiB)`,
        'median ms': sw,
        'min ms': stats(switched).min,
        ratio: (sw / f).toFixed(2),
      });
      checks.push(check(`host RSS after ${bigName} then express / express fresh`, sw / f, '<=', 1.25));
      ctx.log('scale: memory done');
    }
    return {
      title:
        'Start-up, budgeted packs, the window export: `loupe ls`, `loupe serve` until its address, `pack --budget`; memory after switching (issue 18)',
      rows,
      checks,
      notes: [
        `${RUNS} alternating rounds; medians. The ratio column is against git ls-files for the listing rows and against a cold \`loupe ls\` for serve.`,
        'Both include Node start-up (git pays none); the scan alone is the listing bench.',
        "The export rows: the preview's ratio is against a warm `loupe ls`, the rest against the preview.",
        'Memory rows are MiB, not ms: memory-child.ts (open, count, 32k export preview, search; then the small project; RSS after GC and 7 s idle), three alternating rounds.',
      ],
    };
  },
};
