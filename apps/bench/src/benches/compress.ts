// Compression: throughput per core on the synthetic repository (CPU time of this process, so
// other work on the machine does not count against it), and o200k token ratios per level on the
// real checkouts in BENCH_REPOS (targets for flask and hono from the compression issue).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type CompressOptions, compress, languageOf, levelsFor, ParseCache, syntaxFor } from '@loupe/engine';
import { getEncoding } from 'js-tiktoken';
import { type Bench, type BenchContext, type Check, check } from '../harness';

const MAX_FILE = 512 * 1024;

/** Files with a body strategy (code), tracked by git when the folder is a repository. */
function codeFiles(root: string): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['-C', root, 'ls-files', '-z'], { encoding: 'utf8', maxBuffer: 1 << 28 })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = [];
    const walk = (dir: string, rel: string) => {
      for (const name of readdirSync(dir)) {
        if (name === '.git' || name === 'node_modules') continue;
        const abs = path.join(dir, name);
        if (statSync(abs).isDirectory()) walk(abs, `${rel}${name}/`);
        else files.push(`${rel}${name}`);
      }
    };
    walk(root, '');
  }
  return files.filter((f) => {
    if (!levelsFor(languageOf(f)).includes('signatures')) return false;
    const info = statSync(path.join(root, f), { throwIfNoEntry: false });
    return Boolean(info?.isFile() && info.size <= MAX_FILE);
  });
}

interface Sample {
  path: string;
  text: string;
}

function load(root: string, files: string[]): Sample[] {
  return files.map((f) => ({ path: f, text: readFileSync(path.join(root, f), 'utf8') }));
}

/** A deterministic slice of the synthetic repository: its TypeScript, Python and Go sources. */
function syntheticSample(root: string): Sample[] {
  const all = codeFiles(root).sort();
  const pick = (re: RegExp, n: number) => all.filter((f) => re.test(f)).slice(0, n);
  return load(root, [...pick(/^packages\/.*\.ts$/, 1500), ...pick(/\.py$/, 900), ...pick(/\.go$/, 900)]);
}

async function throughput(samples: Sample[], options: CompressOptions) {
  const bytes = samples.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
  // A cache too small to hold anything: every file is parsed, as on first sight.
  const deps = { cache: new ParseCache(1) };
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let fallbacks = 0;
  for (const s of samples)
    if ((await compress(s.text, s.path, options, deps)).level !== options.level) fallbacks++;
  const wall = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { mb: bytes / 1e6, perCore: bytes / 1e6 / cpuSeconds, wall: bytes / 1e6 / wall, fallbacks };
}

/** The bare parse of the same files with the same grammars: what compression cannot go below. */
async function parseFloor(samples: Sample[]) {
  const bytes = samples.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
  const grammars = await Promise.all(samples.map((s) => syntaxFor(s.path, s.text, new ParseCache(1))));
  const cpu0 = process.cpuUsage();
  samples.forEach((s, i) => {
    const g = grammars[i];
    if (g?.ok) g.grammar.parser.parse(s.text)?.delete();
  });
  const cpu = process.cpuUsage(cpu0);
  return { mb: bytes / 1e6, perCore: bytes / 1e6 / ((cpu.user + cpu.system) / 1e6) };
}

const VARIANTS: Array<{ name: string; options: CompressOptions }> = [
  { name: 'compact', options: { level: 'compact' } },
  { name: 'signatures', options: { level: 'signatures' } },
  { name: 'signatures, comments stripped', options: { level: 'signatures', stripComments: true } },
  { name: 'outline', options: { level: 'outline' } },
  { name: 'outline, comments stripped', options: { level: 'outline', stripComments: true } },
];

async function ratios(
  ctx: BenchContext,
  repo: string,
  rows: Array<Record<string, string | number>>,
  checks: Check[],
) {
  const enc = getEncoding('o200k_base');
  const count = (s: string) => enc.encode(s, [], []).length;
  const samples = load(repo, codeFiles(repo));
  const name = path.basename(repo);
  const before = samples.reduce((n, s) => n + count(s.text), 0);
  ctx.log(`compress: ${name}: ${samples.length} code files, ${before} tokens`);
  const kept: Record<string, number> = {};
  for (const v of VARIANTS) {
    let after = 0;
    let fallbacks = 0;
    for (const s of samples) {
      const r = await compress(s.text, s.path, v.options);
      after += count(r.text);
      if (r.level !== v.options.level) fallbacks++;
    }
    kept[v.name] = (100 * after) / before;
    rows.push({
      measure: `${name}: ${v.name}`,
      value: `${after} of ${before} tokens = ${kept[v.name]!.toFixed(1)}%`,
      files: samples.length,
      'kept in full': fallbacks,
    });
  }
  if (/flask/i.test(name))
    checks.push(
      check(`${name}: signatures, comments stripped`, kept['signatures, comments stripped']!, '<=', 35, '%'),
    );
  if (/hono/i.test(name)) checks.push(check(`${name}: outline`, kept.outline!, '<=', 40, '%'));
}

export const compressBench: Bench = {
  name: 'compress',
  async run(ctx) {
    const rows: Array<Record<string, string | number>> = [];
    const checks: Check[] = [];
    const samples = syntheticSample(await ctx.synthetic());
    // Load the grammars and let V8 finish compiling their WebAssembly (it tiers up in background
    // threads, whose CPU time would otherwise count against the first measured pass).
    await throughput(samples, { level: 'signatures' });
    const floor = await parseFloor(samples);
    rows.push({
      measure: `synthetic ${floor.mb.toFixed(1)} MB: bare tree-sitter parse (the floor)`,
      value: `${floor.perCore.toFixed(2)} MB/s per core`,
      files: samples.length,
      'kept in full': 0,
    });
    for (const v of VARIANTS.filter((x) => !x.name.includes('stripped'))) {
      const t = await throughput(samples, v.options);
      rows.push({
        measure: `synthetic ${t.mb.toFixed(1)} MB: ${v.name}`,
        value: `${t.perCore.toFixed(2)} MB/s per core (${t.wall.toFixed(2)} MB/s wall)`,
        files: samples.length,
        'kept in full': t.fallbacks,
      });
      if (v.name === 'signatures') {
        checks.push(check('signatures throughput per core', t.perCore, '>=', 3, ' MB/s'));
        // Parse, empty, re-parse check: within twice the cost of the bare parse it stands on.
        checks.push(check('signatures cost over a bare parse', floor.perCore / t.perCore, '<=', 2, '×'));
      }
    }
    for (const repo of ctx.repos) await ratios(ctx, repo, rows, checks);
    const notes = [
      'Throughput: bytes of UTF-8 source over CPU seconds of the bench process, every file parsed cold (parse, empty, re-parse check).',
      'Ratios: o200k_base tokens of the compressed code files over the same files in full; files kept in full count at 100%.',
    ];
    if (!ctx.repos.some((r) => /flask|hono/i.test(path.basename(r))))
      notes.push('BENCH_REPOS names neither flask nor hono: the token-ratio targets were not measured.');
    return { title: 'Compression', rows, checks, notes };
  },
};
