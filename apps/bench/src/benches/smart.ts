// Smart ignore's cost: the cold listing of the synthetic repository with and without it, in the
// same run. "Cold" = a fresh Node process per listing (no JIT, no module or rule caches); the OS
// file cache is warm for both (it cannot be dropped without root), so the ratio isolates
// Loupe's own work. Runs alternate (plain, smart, smart, plain, ...) so drift hits both alike.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scanProject } from '@loupe/engine';
import { type Bench, check, stats } from '../harness';

const RUNS = Number(process.env.BENCH_SMART_RUNS ?? 15);
const child = fileURLToPath(new URL('./smart-child.ts', import.meta.url));
const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Sample {
  ms: number;
  cpuMs: number;
  wallMs: number;
  files: number;
  hidden: number;
  buildOutput: number;
}

function coldRun(dir: string, mode: 'smart' | 'plain'): Promise<Sample> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', tsx, child, dir, mode],
      { env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig }, encoding: 'utf8', maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`smart bench child failed: ${stderr || error.message}`));
        resolve({ ...JSON.parse(stdout), wallMs: performance.now() - start });
      },
    );
  });
}

async function warmRun(dir: string, smartIgnore: boolean): Promise<number> {
  const t0 = performance.now();
  await scanProject(dir, { stat: false, smartIgnore });
  return performance.now() - t0;
}

const ms = (n: number) => Math.round(n);

export const smart: Bench = {
  name: 'smart',
  async run(ctx) {
    const dir = await ctx.synthetic();
    const cold: Record<'smart' | 'plain', Sample[]> = { smart: [], plain: [] };
    await coldRun(dir, 'plain'); // one untimed listing to settle the OS file cache
    for (let i = 0; i < RUNS; i++) {
      const order: Array<'smart' | 'plain'> = i % 2 ? ['smart', 'plain'] : ['plain', 'smart'];
      for (const mode of order) cold[mode].push(await coldRun(dir, mode));
      ctx.log(`smart: cold pair ${i + 1}/${RUNS}`);
    }
    const warm: Record<'smart' | 'plain', number[]> = { smart: [], plain: [] };
    for (let i = 0; i < 12; i++) {
      for (const smartIgnore of i % 2 ? [true, false] : [false, true])
        warm[smartIgnore ? 'smart' : 'plain'].push(await warmRun(dir, smartIgnore));
    }
    const c = { smart: stats(cold.smart.map((s) => s.ms)), plain: stats(cold.plain.map((s) => s.ms)) };
    const cpu = {
      smart: stats(cold.smart.map((s) => s.cpuMs)),
      plain: stats(cold.plain.map((s) => s.cpuMs)),
    };
    // Each smart listing against the plain one next to it: drift on a busy machine cancels out.
    const pairRatio = stats(cold.smart.map((s, i) => s.ms / cold.plain[i]!.ms)).median;
    const wall = {
      smart: stats(cold.smart.map((s) => s.wallMs)),
      plain: stats(cold.plain.map((s) => s.wallMs)),
    };
    const w = { smart: stats(warm.smart), plain: stats(warm.plain) };
    const last = cold.smart.at(-1)!;
    const plainLast = cold.plain.at(-1)!;
    const ratio = c.smart.median / c.plain.median;
    return {
      title: `Smart ignore: cold listing of the synthetic repository (${last.files} visible files)`,
      rows: [
        {
          listing: 'cold, fresh process: scanProject',
          'without smart ignore (median ms)': ms(c.plain.median),
          'with smart ignore (median ms)': ms(c.smart.median),
          'min without / with': `${ms(c.plain.min)} / ${ms(c.smart.min)}`,
          ratio: ratio.toFixed(3),
        },
        {
          listing: 'cold, fresh process: scanProject CPU time',
          'without smart ignore (median ms)': ms(cpu.plain.median),
          'with smart ignore (median ms)': ms(cpu.smart.median),
          'min without / with': `${ms(cpu.plain.min)} / ${ms(cpu.smart.min)}`,
          ratio: (cpu.smart.median / cpu.plain.median).toFixed(3),
        },
        {
          listing: 'cold, fresh process: whole process',
          'without smart ignore (median ms)': ms(wall.plain.median),
          'with smart ignore (median ms)': ms(wall.smart.median),
          'min without / with': `${ms(wall.plain.min)} / ${ms(wall.smart.min)}`,
          ratio: (wall.smart.median / wall.plain.median).toFixed(3),
        },
        {
          listing: 'warm, in-process (12 runs each, alternating)',
          'without smart ignore (median ms)': ms(w.plain.median),
          'with smart ignore (median ms)': ms(w.smart.median),
          'min without / with': `${ms(w.plain.min)} / ${ms(w.smart.min)}`,
          ratio: (w.smart.median / w.plain.median).toFixed(3),
        },
      ],
      checks: [check('smart ignore cost on the cold listing (median ratio)', ratio, '<=', 1.1)],
      notes: [
        `${RUNS} cold listings per mode, alternating; \`loupe ls\` settings (no stat). Median of the ${RUNS} adjacent-pair ratios: ${pairRatio.toFixed(3)}.`,
        `Hidden entries: ${plainLast.hidden} without, ${last.hidden} with smart ignore (${last.buildOutput} proven build-output folders; ` +
          "the synthetic repository's dependency and build folders are gitignored, which wins, so this measures the always-on cost: marker detection, candidate lookups, OS-junk checks).",
      ],
    };
  },
};
