// `npm run bench [-- NAME...]`: runs the benchmarks, prints Markdown, and records the run in
// docs/benchmarks.md (between the "latest run" markers) with date and machine.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benches } from './benches/index';
import { type BenchContext, machine, toMarkdown } from './harness';
import { syntheticRepo } from './synthetic';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const docs = path.resolve(appDir, '../../docs/benchmarks.md');
const workDir = path.join(appDir, '.work');
mkdirSync(workDir, { recursive: true });

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = wanted.length ? benches.filter((b) => wanted.includes(b.name)) : benches;
if (wanted.length && selected.length !== wanted.length) {
  const known = benches.map((b) => b.name).join(', ');
  process.stderr.write(`bench: unknown benchmark in "${wanted.join(' ')}"; known: ${known}\n`);
  process.exit(2);
}

let synthetic: Promise<string> | undefined;
const ctx: BenchContext = {
  workDir,
  repos: (process.env.BENCH_REPOS ?? '')
    .split(':')
    .filter(Boolean)
    .map((p) => path.resolve(p)),
  synthetic: () => {
    synthetic ??= syntheticRepo(path.join(workDir, 'synthetic'), (m) => ctx.log(m));
    return synthetic;
  },
  log: (m) => process.stderr.write(`bench: ${m}\n`),
};

const date = new Date().toISOString().slice(0, 10);
const header = `## Latest run: ${date}\n\nMachine: ${machine()}.${ctx.repos.length ? ` BENCH_REPOS: ${ctx.repos.map((r) => path.basename(r)).join(', ')}.` : ''}\n`;
const sections: string[] = [header];
let failed = 0;
for (const bench of selected) {
  ctx.log(`running ${bench.name}`);
  const result = await bench.run(ctx);
  failed += result.checks.filter((c) => !c.pass).length;
  const md = toMarkdown(result);
  process.stdout.write(`${md}\n`);
  sections.push(md);
}

// Record: replace the block between the markers, keep everything else (history, prose).
const begin = `<!-- bench:${wanted.length ? wanted.join(',') : 'all'}:begin -->`;
const end = begin.replace(':begin', ':end');
const block = `${begin}\n${sections.join('\n')}\n${end}`;
const current = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
const at = current.indexOf(begin);
const next =
  at >= 0
    ? current.slice(0, at) + block + current.slice(current.indexOf(end) + end.length)
    : `${current.trimEnd()}\n\n${block}\n`;
writeFileSync(docs, next);
process.stderr.write(
  `bench: ${failed ? `${failed} target(s) not met` : 'all targets met'}; recorded in docs/benchmarks.md\n`,
);
