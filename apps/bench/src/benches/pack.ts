// Packing: a full pack (no budget cap, masking on) by `loupe pack` side by side with Repomix
// (`--style markdown`, its defaults; 1.18, and 1.14.0, which runs on Node 20 without warnings),
// same run, same machine, on the synthetic repository and
// every BENCH_REPOS checkout. Both run as child processes from their shipped entry points (the
// bundled CLI; Repomix's bin), alternating, cold (fresh caches and state for Loupe; Repomix keeps
// none). Wall time is measured around the process; peak memory is the process tree's: the summed
// RSS of the process and all its descendants (Repomix runs workers as child processes), polled
// from /proc, and never below the largest single process's peak that the kernel reports.
// BENCH_PACK_REPOS (colon-separated) names the checkouts for this bench alone (default BENCH_REPOS),
// e.g. flask, hono and test262. BENCH_BEFORE_CLI names another build of the CLI (e.g. main's
// dist/loupe.js): it takes its turn in the same rounds, and its output must be byte-identical.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bench, type BenchContext, check, stats } from '../harness';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const loupeBin = path.join(repoRoot, 'apps/cli/bin/loupe.js');
const loupeBundle = path.join(repoRoot, 'apps/cli/dist/loupe.js');
const PAGE = 4096;

interface Run {
  wallMs: number;
  /** Peak summed RSS of the process tree, MiB. */
  treeMb: number;
  /** Largest single process's peak RSS (the kernel's), MiB. */
  maxMb: number;
  out: string;
  stderr: string;
  stdout: string;
}

/** The process and all its descendants (threads' children included). */
function tree(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    out.push(p);
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' '))
          if (c.trim()) stack.push(Number(c));
      } catch {
        // gone
      }
    }
  }
  return out;
}

function rssMb(pids: number[]): number {
  let pages = 0;
  for (const p of pids) {
    try {
      pages += Number(readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]);
    } catch {
      // exited between listing and reading
    }
  }
  return (pages * PAGE) / 2 ** 20;
}

const hasTime = existsSync('/usr/bin/time');

function measure(args: string[], env: NodeJS.ProcessEnv, out: string): Promise<Run> {
  const maxFile = `${out}.maxrss`;
  const argv = hasTime ? ['-f', '%M', '-o', maxFile, process.execPath, ...args] : args;
  const start = performance.now();
  const child = spawn(hasTime ? '/usr/bin/time' : process.execPath, argv, {
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    if (stdout.length < 1 << 16) stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < 1 << 16) stderr += c.toString('utf8');
  });
  let peak = 0;
  const poll = setInterval(() => {
    // The wrapper (/usr/bin/time) is not part of the tool's tree.
    const pids = tree(child.pid!).filter((p) => !hasTime || p !== child.pid);
    peak = Math.max(peak, rssMb(pids));
  }, 20);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const wallMs = performance.now() - start;
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      const maxMb = hasTime ? Number(readFileSync(maxFile, 'utf8').trim().split('\n').pop()) / 1024 : 0;
      resolve({ wallMs, treeMb: Math.max(peak, maxMb), maxMb, out, stderr, stdout });
    });
  });
}

const beforeCli = process.env.BENCH_BEFORE_CLI ? path.resolve(process.env.BENCH_BEFORE_CLI) : undefined;

function loupeRun(dir: string, work: string, k: number, bin = loupeBin, tag = 'loupe'): Promise<Run> {
  const fresh = mkdtempSync(path.join(work, `${tag}-state-`));
  const out = path.join(work, `${tag}-${k}.md`);
  return measure(
    [bin, 'pack', dir, '--budget', 'none', '--out', out],
    { LOUPE_CACHE_DIR: path.join(fresh, 'cache'), LOUPE_STATE_DIR: path.join(fresh, 'state') },
    out,
  ).finally(() => rmSync(fresh, { recursive: true, force: true }));
}

function repomixRun(bin: string, dir: string, work: string, k: number): Promise<Run> {
  const out = path.join(work, `repomix-${k}.md`);
  return measure([bin, dir, '--style', 'markdown', '-o', out], {}, out);
}

/** The 1- and 5-minute load averages, as the notes show them (the machine is shared). */
const load = () => {
  const [one, five] = os.loadavg();
  return `${one!.toFixed(2)} / ${five!.toFixed(2)}`;
};
const num = (s: string | undefined) => (s ? Number(s.replace(/,/g, '')) : Number.NaN);
const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
const mb = (n: number) => `${Math.round(n)} MB`;

export function ensureBundle(ctx: BenchContext): void {
  if (existsSync(loupeBundle)) return;
  ctx.log('pack: building the CLI bundle (npm run build -w apps/cli)');
  execFileSync('npm', ['run', 'build', '-w', 'apps/cli'], { cwd: repoRoot, stdio: 'ignore' });
}

interface Peer {
  label: string;
  bin: string;
  version: string;
}

/** An installed Repomix (the npm package name: `repomix`, or an alias such as `repomix-1.14`). */
function repomixPeer(name: string): Peer {
  // Repomix exports only its main module (lib/index.js); its bin sits beside lib/.
  const pkg = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), '..');
  const version = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')).version;
  return { label: `repomix ${version}`, bin: path.join(pkg, 'bin/repomix.cjs'), version };
}

export const packBench: Bench = {
  name: 'pack',
  async run(ctx) {
    ensureBundle(ctx);
    const peers = ['repomix', 'repomix-1.14'].map(repomixPeer);
    const rows: Array<Record<string, string | number>> = [];
    const checks = [];
    const notes: string[] = [];
    const own = process.env.BENCH_PACK_REPOS?.split(':')
      .filter(Boolean)
      .map((p) => path.resolve(p));
    const repos = [await ctx.synthetic(), ...(own ?? ctx.repos)];
    for (const dir of repos) {
      const name = dir === repos[0] ? 'synthetic' : path.basename(dir);
      const work = path.join(ctx.workDir, 'pack', name);
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      const runs = Number(process.env.BENCH_PACK_RUNS ?? (name === 'synthetic' ? 3 : 5));
      const loadBefore = load();
      const loupe: Run[] = [];
      const before: Run[] = [];
      const byPeer: Run[][] = peers.map(() => []);
      const runBefore = (k: number) => loupeRun(dir, work, k, beforeCli!, 'before');
      // One untimed run of each settles the page cache and the tools' own first-run work.
      await loupeRun(dir, work, 0);
      if (beforeCli) await runBefore(0);
      for (const peer of peers) await repomixRun(peer.bin, dir, work, 0);
      for (let k = 1; k <= runs; k++) {
        // Each tool takes each place in the order in turn (-1 is Loupe, -2 BENCH_BEFORE_CLI).
        const tools = [-1, ...(beforeCli ? [-2] : []), ...peers.keys()];
        const order = tools.map((_, i) => tools[(i + k) % tools.length]!);
        for (const t of order) {
          if (t === -1) loupe.push(await loupeRun(dir, work, k));
          else if (t === -2) before.push(await runBefore(k));
          else byPeer[t]!.push(await repomixRun(peers[t]!.bin, dir, work, k));
        }
        ctx.log(`pack: ${name} round ${k}/${runs} (load ${load()})`);
      }
      const l = { wall: stats(loupe.map((r) => r.wallMs)), rss: stats(loupe.map((r) => r.treeMb)) };
      const lastL = loupe.at(-1)!;
      const lTokens = num(/wrote ([\d,]+) tokens/.exec(lastL.stderr)?.[1]);
      const lFiles = /([\d,]+) files full, ([\d,]+) compressed, ([\d,]+) omitted/.exec(lastL.stderr);
      rows.push({
        repository: name,
        tool: 'loupe pack --budget none',
        'wall (median)': ms(l.wall.median),
        'wall (min)': ms(l.wall.min),
        'peak RSS, process tree (median)': mb(l.rss.median),
        'largest process': mb(stats(loupe.map((r) => r.maxMb)).median),
        files: lFiles ? `${lFiles[1]} in full, ${lFiles[3]} not packed` : '?',
        tokens: Number.isNaN(lTokens) ? '?' : lTokens.toLocaleString('en-US'),
        output: mb(statSync(lastL.out).size / 2 ** 20),
      });
      const perRun = [`Loupe ${loupe.map((r) => ms(r.wallMs)).join(', ')}`];
      for (const [i, peer] of peers.entries()) {
        const runsOf = byPeer[i]!;
        const p = { wall: stats(runsOf.map((r) => r.wallMs)), rss: stats(runsOf.map((r) => r.treeMb)) };
        const lastP = runsOf.at(-1)!;
        const pTokens = num(/Total Tokens:\s*([\d,]+)/.exec(lastP.stdout)?.[1]);
        const pFiles = num(/Total Files:\s*([\d,]+)/.exec(lastP.stdout)?.[1]);
        rows.push({
          repository: name,
          tool: `${peer.label} --style markdown`,
          'wall (median)': ms(p.wall.median),
          'wall (min)': ms(p.wall.min),
          'peak RSS, process tree (median)': mb(p.rss.median),
          'largest process': mb(stats(runsOf.map((r) => r.maxMb)).median),
          files: Number.isNaN(pFiles) ? '?' : `${pFiles.toLocaleString('en-US')}`,
          tokens: Number.isNaN(pTokens) ? '?' : pTokens.toLocaleString('en-US'),
          output: mb(statSync(lastP.out).size / 2 ** 20),
        });
        checks.push(
          check(
            `${name}: full pack wall time, Loupe / ${peer.label} (medians)`,
            l.wall.median / p.wall.median,
            '<=',
            0.5,
          ),
          check(
            `${name}: peak RSS of the process tree, Loupe / ${peer.label} (medians)`,
            l.rss.median / p.rss.median,
            '<=',
            0.5,
          ),
        );
        perRun.push(`${peer.label} ${runsOf.map((r) => ms(r.wallMs)).join(', ')}`);
      }
      if (beforeCli) {
        const b = { wall: stats(before.map((r) => r.wallMs)), rss: stats(before.map((r) => r.treeMb)) };
        const lastB = before.at(-1)!;
        rows.push({
          repository: name,
          tool: 'loupe pack --budget none, BENCH_BEFORE_CLI',
          'wall (median)': ms(b.wall.median),
          'wall (min)': ms(b.wall.min),
          'peak RSS, process tree (median)': mb(b.rss.median),
          'largest process': mb(stats(before.map((r) => r.maxMb)).median),
          files: '',
          tokens: num(/wrote ([\d,]+) tokens/.exec(lastB.stderr)?.[1]).toLocaleString('en-US'),
          output: mb(statSync(lastB.out).size / 2 ** 20),
        });
        checks.push(
          check(
            `${name}: Loupe's output, bytes that differ from BENCH_BEFORE_CLI's (last round)`,
            readFileSync(lastL.out).equals(readFileSync(lastB.out)) ? 0 : 1,
            '<=',
            0,
          ),
        );
        perRun.push(`BENCH_BEFORE_CLI ${before.map((r) => ms(r.wallMs)).join(', ')}`);
        notes.push(
          `${name}: Loupe / BENCH_BEFORE_CLI (medians): wall ${(l.wall.median / b.wall.median).toFixed(2)}, peak RSS ${(l.rss.median / b.rss.median).toFixed(2)}.`,
        );
      }
      notes.push(
        `${name}: ${runs} rounds, each tool in turn first, after one untimed run of each; load average (1 / 5 min) ${loadBefore} before, ${load()} after. Per-run wall: ${perRun.join('; ')}.`,
      );
      rmSync(work, { recursive: true, force: true });
    }
    notes.push(
      'Both tools mask or check secrets and count every token of their output. Their defaults differ in what they pack: Repomix skips lock files and other entries of its default ignore list; Loupe packs every visible file of the focus (lock files included, ranked last), so its output is the larger one.',
      'Loupe: `node apps/cli/bin/loupe.js pack DIR --budget none --out FILE` with an empty LOUPE_CACHE_DIR and LOUPE_STATE_DIR per run. Repomix: `node node_modules/repomix/bin/repomix.cjs DIR --style markdown -o FILE` (1.14.0 from the npm alias `repomix-1.14`).',
      `Peak RSS: the summed RSS of the process and its descendants polled every 20 ms from /proc, or the kernel's peak of the largest single process when that is higher${hasTime ? '' : ' (not available here: /usr/bin/time is missing)'}.`,
    );
    return {
      title: `Packing: a full pack side by side with ${peers.map((p) => p.label).join(' and ')}`,
      rows,
      checks,
      notes,
    };
  },
};
