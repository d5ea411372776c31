// `npm run bench -- tree`: what the tree forms cost in o200k tokens on real file lists (the layout
// table of docs/formats.md), and how fast the model and the renderings are on 100k paths.
//
// File lists: every BENCH_REPOS entry (`git ls-tree -r --name-only HEAD`, i.e. the tracked files;
// bare mirrors work too), else the flask list committed as a test fixture.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareBytewise } from '@loupe/common';
import { buildTree, countO200k, renderTree, scanProject, type TreeEntry } from '@loupe/engine';
import { type Bench, type Check, check, stats } from '../harness';
import { LAYOUTS } from './tree-layouts';

const FLASK_FIXTURE = fileURLToPath(
  new URL('../../../../packages/engine/src/tree/fixtures/flask-paths.txt', import.meta.url),
);

function trackedFiles(repo: string): string[] {
  const out = execFileSync(
    'git',
    ['-C', repo, '-c', 'core.quotePath=false', 'ls-tree', '-r', '-z', '--name-only', 'HEAD'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  return out.split('\0').filter(Boolean).sort(compareBytewise);
}

function repoName(repo: string): string {
  const base = path.basename(repo);
  return base === 'repo' || base === '.git' ? path.basename(path.dirname(repo)) : base;
}

function time<T>(fn: () => T, runs = 5): { ms: number; value: T } {
  let value = fn();
  const sample: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = fn();
    sample.push(performance.now() - t);
  }
  return { ms: stats(sample).median, value };
}

/** 100k paths in a deterministic layout (6 levels, folders of varied width). */
function hundredK(): string[] {
  let s = 42;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const paths = new Set<string>();
  for (let i = 0; paths.size < 100_000; i++) {
    const depth = 1 + Math.floor(rnd() * 6);
    const segs = Array.from({ length: depth }, (_, d) => `dir${Math.floor(rnd() * (d < 2 ? 8 : 20))}`);
    paths.add(`${segs.join('/')}/file_${i}.ts`);
  }
  return [...paths].sort(compareBytewise);
}

export const treeBench: Bench = {
  name: 'tree',
  async run(ctx) {
    const rows: Array<Record<string, string | number>> = [];
    const checks: Check[] = [];
    const notes: string[] = [];

    // 1. Token cost of each layout on each file list.
    const lists = ctx.repos.length
      ? ctx.repos.map((r) => ({ name: repoName(r), paths: trackedFiles(r) }))
      : [{ name: 'flask (fixture)', paths: readFileSync(FLASK_FIXTURE, 'utf8').trim().split('\n') }];
    for (const list of lists) {
      const model = buildTree(list.paths.map((p, i) => ({ path: p, tokens: 50 + ((i * 7919) % 4000) })));
      for (const layout of LAYOUTS) {
        const text = layout.text(model);
        rows.push({
          'file list': `${list.name}, ${list.paths.length} files`,
          layout: layout.name,
          'o200k tokens': countO200k(text),
          chars: text.length,
          note: layout.note,
        });
      }
      if (/flask/.test(list.name))
        checks.push(
          check(
            `flask markdown tree (${list.paths.length} files)`,
            countO200k(renderTree(model).text),
            '<=',
            1000,
            ' tokens',
          ),
        );
    }
    notes.push(
      'Token-field rows use synthetic per-file counts (50–4,049), so only their relative cost is meaningful.',
    );

    // 2. Speed on 100k paths: model, each form, caps. Floor: joining the sorted paths into one text.
    const paths = hundredK();
    const entries: TreeEntry[] = paths.map((p, i) => ({ path: p, tokens: i % 997, size: i }));
    const floor = time(() => paths.join('\n')).ms;
    const built = time(() => buildTree(entries));
    const model = built.value;
    countO200k('warm up the encoder');
    const speed: Array<[string, number]> = [['build model', built.ms]];
    for (const format of ['markdown', 'ascii', 'json', 'xml'] as const)
      speed.push([`render ${format}`, time(() => renderTree(model, { format })).ms]);
    speed.push(['render markdown + tokens', time(() => renderTree(model, { fields: ['tokens'] })).ms]);
    speed.push(['markdown, depth 2', time(() => renderTree(model, { depth: 2 })).ms]);
    speed.push(['markdown, 5,000-entry cap', time(() => renderTree(model, { maxEntries: 5000 })).ms]);
    speed.push(['markdown, 8,000-token cap', time(() => renderTree(model, { maxTokens: 8000 }), 3).ms]);
    speed.push([
      'json, 8,000-token cap',
      time(() => renderTree(model, { format: 'json', maxTokens: 8000 }), 3).ms,
    ]);
    for (const [name, ms] of speed)
      rows.push({
        'file list': '100k generated paths',
        layout: name,
        'o200k tokens': '',
        chars: '',
        note: `${ms.toFixed(1)} ms (${(ms / floor).toFixed(1)}× the join floor)`,
      });
    const md = speed.find(([n]) => n === 'render markdown')![1];
    checks.push(check('100k paths: build + markdown render', built.ms + md, '<=', 1000, ' ms'));
    notes.push(`Floor: \`paths.join('\\n')\` of the same 100k sorted paths, ${floor.toFixed(1)} ms.`);

    // 3. The synthetic repository, scanned once (not timed), then built and rendered.
    const synthetic = await ctx.synthetic();
    const scan = await scanProject(synthetic);
    const synth = time(
      () => renderTree(buildTree(scan.files.map((f) => ({ path: f.path, size: f.size })))),
      3,
    );
    rows.push({
      'file list': `synthetic repository, ${scan.files.length} files`,
      layout: 'build + render markdown',
      'o200k tokens': countO200k(synth.value.text),
      chars: synth.value.text.length,
      note: `${synth.ms.toFixed(1)} ms`,
    });
    return { title: 'Tree: token cost per layout, and speed', rows, checks, notes };
  },
};
