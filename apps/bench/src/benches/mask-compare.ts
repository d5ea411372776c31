// `npm run bench -- mask-compare`: masking throughput of this checkout against an earlier commit
// on the same files, in the same run, passes alternating (on a shared machine only a ratio
// measured this way means anything). Each engine runs in a process of its own
// (mask-compare-child.ts), as it does in use: in one process the two would share a heap, caches
// and compiled code, and slow each other unevenly. The earlier engine is `git archive`d from
// MASK_BASE (default 1c732e8, main before source-code literals and everywhere-masking) into
// apps/bench/.work/mask-base-<commit>/ with its own @loupe/common and rules; third-party packages
// resolve to this checkout's node_modules. Corpora: the synthetic repository's tracked
// TypeScript, Python and Go, this repository's sources, the source files of each BENCH_REPOS checkout.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Bench, check, stats } from '../harness';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const child = fileURLToPath(new URL('./mask-compare-child.ts', import.meta.url));
const tsconfig = path.join(repoRoot, 'tsconfig.json');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Files of the languages whose string literals masking reads (formats/code.ts). */
const CODE = /\.(?:py|js|jsx|mjs|cjs|ts|tsx|mts|cts|php|rb|go|java|cs)$/;

interface Corpus {
  name: string;
  root: string;
  files: string[];
  bytes: number;
}

function corpus(name: string, root: string, keep: RegExp): Corpus {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\0')
    .filter((f) => keep.test(f) && existsSync(path.join(root, f)));
  const bytes = files.reduce((n, f) => n + statSync(path.join(root, f)).size, 0);
  return { name, root, files, bytes };
}

/** The engine entry and rules of `commit`, extracted once; the folder is complete or absent. */
function baseEngine(workDir: string, commit: string): { entry: string; rulesFile: string; sha: string } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const dir = path.join(workDir, `mask-base-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) {
    const tmp = `${dir}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const archive = execFileSync(
      'git',
      ['archive', sha, 'packages/engine', 'packages/common', 'resources/rules'],
      {
        cwd: repoRoot,
        maxBuffer: 1 << 30,
      },
    );
    execFileSync('tar', ['-x', '-C', tmp], { input: archive });
    mkdirSync(path.join(tmp, 'node_modules/@loupe'), { recursive: true });
    symlinkSync('../../packages/common', path.join(tmp, 'node_modules/@loupe/common'));
    renameSync(tmp, dir);
  }
  return {
    entry: path.join(dir, 'packages/engine/src/index.ts'),
    rulesFile: path.join(dir, 'resources/rules/gitleaks.toml'),
    sha,
  };
}

/** A child process running one engine; `ask` sends a message and waits for the answer. */
class EngineProcess {
  private readonly proc: ChildProcess;
  private waiting: Array<{ resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }> = [];
  readonly ready: Promise<unknown>;

  constructor(entry: string, rulesFile: string) {
    this.proc = fork(child, [entry, rulesFile], {
      execArgv: ['--import', tsx],
      env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (m) => this.waiting.shift()?.resolve(m as Record<string, unknown>));
    // One listener for the process's life (one per question piled up past Node's warning limit).
    this.proc.once('exit', (code) => {
      const error = new Error(`mask-compare: an engine process exited (${code})`);
      for (const w of this.waiting.splice(0)) w.reject(error);
    });
    this.ready = this.next();
  }

  private next(): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
    });
  }

  ask(message: object): Promise<Record<string, unknown>> {
    const answer = this.next();
    this.proc.send(message);
    return answer;
  }

  close(): void {
    this.proc.removeAllListeners('exit');
    this.proc.kill();
  }
}

export const maskCompareBench: Bench = {
  name: 'mask-compare',
  async run(ctx) {
    const commit = process.env.MASK_BASE ?? '1c732e8';
    const rounds = Number(process.env.MASK_ROUNDS ?? 15);
    const base = baseEngine(ctx.workDir, commit);
    const corpora = [
      corpus('synthetic TS/Python/Go (tracked)', await ctx.synthetic(), /\.(?:ts|py|go)$/),
      corpus('Loupe sources (apps/, packages/)', repoRoot, /^(?:apps|packages)\/.*\.(?:ts|tsx|mjs|js)$/),
      ...ctx.repos.map((r) => corpus(`${path.basename(r)} (source files)`, r, CODE)),
    ];
    const engines = [
      new EngineProcess(base.entry, base.rulesFile),
      new EngineProcess(path.join(repoRoot, 'packages/engine/src/index.ts'), ''),
    ];
    const rows: Array<Record<string, string | number>> = [];
    const checks = [];
    try {
      await Promise.all(engines.map((e) => e.ready));
      for (const c of corpora) {
        ctx.log(`mask-compare: ${c.name}`);
        for (const e of engines) await e.ask({ load: c.name, root: c.root, files: c.files });
        // About 4 MB a pass: short passes, many of them, so that load changes hit both sides alike.
        const repeat = Math.max(1, Math.round(4e6 / c.bytes));
        const speed: number[][] = [[], []];
        const ratios: number[] = [];
        for (let r = 0; r <= rounds; r++) {
          const got = [0, 0];
          for (const i of r % 2 === 0 ? [0, 1] : [1, 0])
            got[i] = (await engines[i]!.ask({ pass: c.name, repeat })).mbPerCore as number;
          if (r === 0) continue; // warm-up
          speed[0]!.push(got[0]!);
          speed[1]!.push(got[1]!);
          ratios.push(got[1]! / got[0]!);
        }
        const ratio = stats(ratios).median;
        rows.push({
          corpus: c.name,
          files: c.files.length,
          MB: (c.bytes / 1e6).toFixed(1),
          [`${commit}, MB/s per core`]: stats(speed[0]!).median.toFixed(1),
          'this checkout, MB/s per core': stats(speed[1]!).median.toFixed(1),
          ratio: ratio.toFixed(2),
          'ratio, middle half of rounds': `${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}`,
        });
        checks.push(check(`masking ${c.name}, this checkout / ${commit}`, ratio, '>=', 0.9, '×'));
      }
    } finally {
      for (const e of engines) e.close();
    }
    return {
      title: `Masking throughput against ${commit} (same files, same run, alternating passes)`,
      rows,
      checks,
      notes: [
        `Each engine in its own process; per round each masks the corpus (prepareMask, a fresh session key, ~4 MB a pass), in alternating order; ${rounds} rounds after a warm-up; MB over the process CPU seconds of the pass (user + system).`,
        'Ratio = this checkout / the earlier commit, per round; the median is the figure, the middle half shows the spread.',
      ],
    };
  },
};

function quantile(sample: number[], q: number): number {
  const s = [...sample].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}
