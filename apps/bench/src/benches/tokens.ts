// Token counting: per-core speed of our counter against plain js-tiktoken on the same text, the
// full cold count of the synthetic repository's visible files over all cores, the warm reopen
// from the disk caches, and peak RSS. The full counts run in a child process bundled like the
// shipped CLI (plain node, no tsx), with a fresh cache folder for the cold run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCounter, type Encoding, scanProject } from '@loupe/engine';
import { corpus, rankFile, WORKER_SOURCES } from '@loupe/engine/build';
import { build } from 'esbuild';
import { Tiktoken } from 'js-tiktoken/lite';
import { type Bench, type BenchContext, check } from '../harness';

interface DriverResult {
  visible: number;
  counted: number;
  bytes: number;
  tokens: number;
  scanMs: number;
  countMs: number;
  readMs: number;
  maxRssMb: number;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const engineWorkers = fileURLToPath(new URL('../../../../packages/engine/src/workers/', import.meta.url));

/** Bundles the driver and the token worker the way apps/cli/build.ts bundles the CLI. */
async function bundleDriver(ctx: BenchContext): Promise<string> {
  const outdir = path.join(ctx.workDir, 'tokens-driver');
  await build({
    entryPoints: {
      driver: path.join(here, 'tokens-driver.ts'),
      'workers/tokens': path.join(engineWorkers, WORKER_SOURCES.tokens),
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __loupeCreateRequire } from 'node:module'; const require = __loupeCreateRequire(import.meta.url);",
    },
  });
  return path.join(outdir, 'driver.js');
}

function drive(driver: string, root: string, cacheDir: string): DriverResult {
  const out = execFileSync(process.execPath, [driver, root, cacheDir], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out) as DriverResult;
}

/**
 * Tokens per second on one thread: js-tiktoken vs a fresh counter (empty memo), same texts. The
 * two alternate every ~256 KB so that load from other processes hits both alike.
 */
function perCore(texts: string[], encoding: Encoding) {
  const enc = new Tiktoken(rankFile(encoding));
  const counter = createCounter(encoding); // rank parsing happens here, outside the timing
  let theirs = 0;
  let ours = 0;
  let theirMs = 0;
  let ourMs = 0;
  for (let i = 0; i < texts.length; ) {
    const group: string[] = [];
    for (let bytes = 0; i < texts.length && bytes < 256_000; i++) {
      group.push(texts[i] as string);
      bytes += (texts[i] as string).length;
    }
    let t = performance.now();
    for (const s of group) theirs += enc.encode(s, [], []).length;
    theirMs += performance.now() - t;
    t = performance.now();
    for (const s of group) ours += counter.count(s);
    ourMs += performance.now() - t;
  }
  if (ours !== theirs) throw new Error(`token totals differ: ${ours} != ${theirs}`);
  return { tokens: ours, theirRate: theirs / theirMs / 1000, ourRate: ours / ourMs / 1000 };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export const tokensBench: Bench = {
  name: 'tokens',
  async run(ctx) {
    const root = await ctx.synthetic();
    const scan = await scanProject(root);
    const visible = scan.files.filter((f) => !f.flag);

    // Per core, on text of the synthetic repository: every 8th visible file, about 10 MB.
    const sample = visible
      .filter((_, i) => i % 8 === 0)
      .map((f) => readFileSync(path.join(scan.root, f.path), 'utf8'));
    const sampleBytes = sample.reduce((n, s) => n + Buffer.byteLength(s), 0);
    ctx.log(`tokens: per-core speed on ${mb(sampleBytes)} of synthetic files`);
    const synth = perCore(sample, 'o200k_base');
    // And on varied text (many scripts, emoji, long lines), where the memo hits far less often.
    const varied = corpus(7, 3_000_000, 500_000).map((d) => d.text);
    const variedBytes = varied.reduce((n, s) => n + Buffer.byteLength(s), 0);
    ctx.log(`tokens: per-core speed on ${mb(variedBytes)} of varied text`);
    const mixed = perCore(varied, 'o200k_base');

    ctx.log('tokens: bundling the driver');
    const driver = await bundleDriver(ctx);
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-tokens-'));
    try {
      ctx.log('tokens: cold count (empty cache)');
      const cold = drive(driver, root, cacheDir);
      ctx.log('tokens: warm reopen (3 runs)');
      const warms = [0, 1, 2].map(() => drive(driver, root, cacheDir));
      const warm = [...warms].sort((a, b) => a.countMs - b.countMs)[1] as DriverResult;
      const coldRate = cold.tokens / cold.countMs / 1000;
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      const rows = [
        {
          measure: `per core, synthetic sample (${mb(sampleBytes)}, ${synth.tokens.toLocaleString('en-US')} tokens)`,
          'js-tiktoken': `${synth.theirRate.toFixed(2)} M tok/s`,
          loupe: `${synth.ourRate.toFixed(2)} M tok/s`,
          ratio: `${(synth.ourRate / synth.theirRate).toFixed(1)}×`,
        },
        {
          measure: `per core, varied corpus (${mb(variedBytes)}, ${mixed.tokens.toLocaleString('en-US')} tokens)`,
          'js-tiktoken': `${mixed.theirRate.toFixed(2)} M tok/s`,
          loupe: `${mixed.ourRate.toFixed(2)} M tok/s`,
          ratio: `${(mixed.ourRate / mixed.theirRate).toFixed(1)}×`,
        },
        {
          measure: `cold count, ${cold.counted.toLocaleString('en-US')} visible text files, ${mb(cold.bytes)}, ${cold.tokens.toLocaleString('en-US')} tokens`,
          'js-tiktoken': '',
          loupe: `${s(cold.countMs)} (${coldRate.toFixed(2)} M tok/s)`,
          ratio: `${(cold.countMs / cold.readMs).toFixed(1)}× the read floor (${s(cold.readMs)})`,
        },
        {
          measure: 'warm reopen (stat cache, no file read), median of 3',
          'js-tiktoken': '',
          loupe: `${s(warm.countMs)} (runs: ${warms.map((w) => s(w.countMs)).join(', ')})`,
          ratio: '',
        },
        {
          measure: 'listing (scanProject), cold run / warm run',
          'js-tiktoken': '',
          loupe: `${s(cold.scanMs)} / ${s(warm.scanMs)}`,
          ratio: '',
        },
        {
          measure: 'peak RSS, listing + count, cold / warm',
          'js-tiktoken': '',
          loupe: `${cold.maxRssMb.toFixed(0)} MB / ${warm.maxRssMb.toFixed(0)} MB`,
          ratio: '',
        },
      ];
      for (const w of warms)
        if (w.tokens !== cold.tokens) throw new Error(`warm total ${w.tokens} != cold total ${cold.tokens}`);
      return {
        title: `Token counts (o200k_base, ${os.availableParallelism()} threads for the full count)`,
        rows,
        checks: [
          check(
            'per-core speed vs js-tiktoken, synthetic sample',
            synth.ourRate / synth.theirRate,
            '>=',
            3,
            '×',
          ),
          check(
            'per-core speed vs js-tiktoken, varied corpus',
            mixed.ourRate / mixed.theirRate,
            '>=',
            3,
            '×',
          ),
          check('full cold count over all cores', coldRate, '>=', 2, ' M tok/s'),
          check('warm reopen from cache (count step)', warm.countMs / 1000, '<=', 1, ' s'),
          check('peak RSS, listing + cold count', cold.maxRssMb, '<=', 350, ' MB'),
        ],
        notes: [
          'Per core: one thread, same texts, js-tiktoken `encode(text, [], []).length` vs a fresh counter (empty memo), alternating every ~256 KB; both encoders built before timing; totals are asserted equal.',
          'Full counts: a child process bundled like the CLI runs scanProject, then the token service (worker pool, all cores), cold with an empty cache folder, then warm with the same folder. Count time includes building the file list from the scan, starting the pool and writing the caches.',
          `The synthetic repository's files are already in the page cache (generated or read before), so "cold" means an empty Loupe cache, not a cold disk.`,
        ],
      };
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  },
};
