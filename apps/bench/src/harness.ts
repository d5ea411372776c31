// The shape every benchmark follows. Targets are ratios against a floor or a peer measured in the
// same run (this machine is noisy), or absolute limits where the issue states one.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface BenchContext {
  /** Scratch folder for this run (apps/bench/.work). */
  workDir: string;
  /** Real checkouts named in BENCH_REPOS (colon-separated). */
  repos: string[];
  /** The deterministic synthetic repository (generated once, then reused). */
  synthetic(): Promise<string>;
  log(message: string): void;
}

export interface Check {
  name: string;
  value: string;
  target: string;
  pass: boolean;
}

export interface BenchResult {
  title: string;
  /** One table; every row has the same keys. */
  rows: Array<Record<string, string | number>>;
  checks: Check[];
  notes?: string[];
}

export interface Bench {
  name: string;
  run(ctx: BenchContext): Promise<BenchResult>;
}

export function check(name: string, value: number, op: '<=' | '>=', limit: number, unit = ''): Check {
  const pass = op === '<=' ? value <= limit : value >= limit;
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1));
  return { name, value: `${fmt(value)}${unit}`, target: `${op} ${fmt(limit)}${unit}`, pass };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let git = '';
  try {
    git = execFileSync('git', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    git = 'no git';
  }
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, ${git}`;
}

/** Median and p95 of a sample, in the sample's unit. */
export function stats(sample: number[]): { median: number; p95: number; min: number } {
  const s = [...sample].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), min: s[0] ?? Number.NaN };
}

export function toMarkdown(result: BenchResult): string {
  const out = [`### ${result.title}`, ''];
  const first = result.rows[0];
  if (first) {
    const keys = Object.keys(first);
    out.push(`| ${keys.join(' | ')} |`, `| ${keys.map(() => '---').join(' | ')} |`);
    for (const row of result.rows) out.push(`| ${keys.map((k) => String(row[k] ?? '')).join(' | ')} |`);
    out.push('');
  }
  if (result.checks.length) {
    out.push('| target | measured | limit | met |', '| --- | --- | --- | --- |');
    for (const c of result.checks)
      out.push(`| ${c.name} | ${c.value} | ${c.target} | ${c.pass ? 'yes' : '**no**'} |`);
    out.push('');
  }
  for (const note of result.notes ?? []) out.push(`- ${note}`);
  if (result.notes?.length) out.push('');
  return out.join('\n');
}
