// Issue 18's search targets, part of the scale bench, each against `git grep` in the same run (runs
// alternate, so a busy machine hits both sides alike):
// - a cold one-shot `loupe search DIR WORD` (the whole process) <= 3x `git grep -n -F WORD`, with
//   the same files found (git's files among those Loupe searches: `loupe ls`);
// - `loupe search DIR REGEX --regex` completes (no time limit reached) and finds git grep -E's files;
// - MCP (`loupe mcp`, the SDK's stdio client): the first search after open <= 2x a cold git grep.
// Warm search latency (p95 <= 50 ms) is the search bench's.
import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type Check, check, stats } from '../harness';

/** Words and a regular expression per repository (by folder name), each naming few or many files. */
const QUERIES: Record<string, { words: string[]; regex: string }> = {
  synthetic: { words: ['invoiceQueue', 'render'], regex: 'invoiceQueue\\w*\\(' },
  test262: { words: ['detachArrayBuffer', 'assert'], regex: 'function \\w+ArrayBuffer\\w*\\(' },
  flask: { words: ['send_file'], regex: 'def (get|post)_\\w+' },
  hono: { words: ['HTTPException'], regex: 'class \\w+Exception' },
  httpx: { words: ['AsyncClient'], regex: 'class \\w+Transport' },
  express: { words: ['sendFile'], regex: 'res\\.(json|jsonp)\\(' },
  gin: { words: ['ShouldBind'], regex: 'func \\(c \\*Context\\) Bind\\w*' },
};

const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' };

function output(
  cmd: string,
  args: string[],
  cwd?: string,
  env = gitEnv,
): Promise<{ ms: number; out: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 1 << 29 }, (error, out, stderr) => {
      // git grep and loupe search exit 1 when nothing matched
      if (error && error.code !== 1)
        return reject(new Error(`${cmd} ${args.join(' ')} failed: ${stderr || error.message}`));
      resolve({ ms: performance.now() - t0, out });
    });
  });
}

/** The floor: `git grep -n` over the tracked files (-I: binary files skipped, as Loupe does). */
const grepArgs = (q: string, regex: boolean, caseSensitive: boolean, more: string[] = []) => [
  'grep',
  '-n',
  '-I',
  ...more,
  regex ? '-E' : '-F',
  ...(caseSensitive ? [] : ['-i']),
  '-e',
  q,
];

/** A NUL in the first 8,000 bytes: binary to Loupe (and to git, unless .gitattributes says `diff`). */
function binary(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(8000);
    return buf.subarray(0, readSync(fd, buf, 0, 8000, 0)).includes(0);
  } finally {
    closeSync(fd);
  }
}

/** Loupe's size gate (scan DEFAULT_MAX_FILE_BYTES): larger files are listed, never searched ("not searched: 1 too large"). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * The files git grep finds among those Loupe searches (`loupe ls`): tracked files, and untracked
 * ones not ignored (`--untracked` alone would skip tracked files an ignore rule matches); without
 * files with a NUL early on, which git reads as text when .gitattributes sets `diff` (test262 does
 * for a few) and Loupe never reads as text; and without files over the size gate, which Loupe
 * names as not searched (test262's 3.2 MB test/staging/sm/String/string-upper-lower-mapping.js).
 */
async function gitFiles(
  dir: string,
  q: string,
  regex: boolean,
  cs: boolean,
  visible: Set<string>,
): Promise<string[]> {
  const out = new Set<string>();
  for (const more of [['-l'], ['-l', '--untracked']])
    for (const p of (await output('git', grepArgs(q, regex, cs, more), dir)).out.split('\n'))
      if (visible.has(p) && !binary(path.join(dir, p)) && statSync(path.join(dir, p)).size <= MAX_FILE_BYTES)
        out.add(p);
  return [...out];
}

/** Smart case, as Loupe reads a query: capitals make it case-sensitive. */
const capitals = (q: string, regex: boolean) =>
  regex ? /(^|[^\\])[A-Z]/.test(q.replace(/\\[a-zA-Z]/g, '')) : q !== q.toLowerCase();

interface Found {
  caseSensitive: boolean;
  files: number;
  named: string[];
  timedOut: boolean;
}

function found(json: string): Found {
  const r = JSON.parse(json);
  const named = [
    ...r.files.rows.map((f: unknown[]) => String(f[0])),
    ...r.notShown.files.map((f: { path: string }) => f.path),
  ];
  return {
    caseSensitive: r.caseSensitive,
    files: r.totals.files,
    named,
    timedOut: Boolean(r.coverage.timedOut),
  };
}

/** The first search of a fresh `loupe mcp` (fresh state and caches), from the moment the client is connected. */
async function mcpFirstSearch(bundle: string, dir: string, query: string): Promise<number> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'loupe-bench-mcp-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundle, 'mcp', '--root', dir],
    env: {
      ...(process.env as Record<string, string>),
      LOUPE_STATE_DIR: path.join(scratch, 'state'),
      LOUPE_CACHE_DIR: path.join(scratch, 'cache'),
      LOUPE_SOCKET: path.join(scratch, 'agents.sock'),
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
    const t0 = performance.now();
    const r = await client.callTool({ name: 'search', arguments: { query } });
    const ms = performance.now() - t0;
    if (r.isError) throw new Error(`search failed: ${JSON.stringify(r.content)}`);
    return ms;
  } finally {
    await client.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const ms = (n: number) => Math.round(n);

export async function searchScale(
  name: string,
  dir: string,
  bundle: string,
  runs: number,
  before?: string,
): Promise<{ rows: Array<Record<string, string | number>>; checks: Check[] }> {
  const rows: Array<Record<string, string | number>> = [];
  const checks: Check[] = [];
  const q = QUERIES[name];
  if (!q) return { rows, checks };
  const visible = new Set(
    (await output(process.execPath, [bundle, 'ls', '-z', dir])).out.split('\0').filter(Boolean),
  );
  const row = (step: string, s: number[], floor: number) =>
    rows.push({
      repository: name,
      step,
      'median ms': ms(stats(s).median),
      'min ms': ms(stats(s).min),
      ratio: (stats(s).median / floor).toFixed(2),
    });
  for (const word of q.words) {
    const cs = capitals(word, false);
    const sides: Array<[string, () => Promise<{ ms: number; out: string }>]> = [
      [
        `git grep -n -F${cs ? '' : ' -i'} ${word} (floor)`,
        () => output('git', grepArgs(word, false, cs), dir),
      ],
      [
        `\`loupe search\` ${word}, cold`,
        () => output(process.execPath, [bundle, 'search', dir, word, '--json']),
      ],
    ];
    if (before)
      sides.push([
        `\`loupe search\` ${word}, BENCH_BEFORE_CLI`,
        () => output(process.execPath, [before, 'search', dir, word, '--json']),
      ]);
    let last = '';
    for (const [, f] of sides) await f(); // once untimed: the OS file cache is warm for all
    const samples = sides.map(() => [] as number[]);
    for (let i = 0; i < runs; i++)
      for (const [k, [, f]] of sides.entries()) {
        const r = await f();
        samples[k]!.push(r.ms);
        if (k === 1) last = r.out;
      }
    const floor = stats(samples[0]!).median;
    for (const [k, [step]] of sides.entries()) row(step, samples[k]!, floor);
    checks.push(
      check(`${name}: cold \`loupe search ${word}\` / git grep`, stats(samples[1]!).median / floor, '<=', 3),
    );
    const mine = found(last);
    const git = await gitFiles(dir, word, false, mine.caseSensitive, visible);
    const same = mine.files === git.length && mine.named.every((p) => git.includes(p));
    checks.push(
      check(
        `${name}: \`loupe search ${word}\` finds git grep's files (${git.length})`,
        same ? 1 : 0,
        '>=',
        1,
      ),
    );
  }

  // A regular expression: completes, and finds git grep -E's files.
  const cs = capitals(q.regex, true);
  const regexSamples: number[] = [];
  const gitSamples: number[] = [];
  let last = '';
  for (let i = 0; i < Math.max(2, Math.ceil(runs / 2)); i++) {
    gitSamples.push((await output('git', grepArgs(q.regex, true, cs), dir)).ms);
    const r = await output(process.execPath, [bundle, 'search', dir, q.regex, '--regex', '--json']);
    regexSamples.push(r.ms);
    last = r.out;
  }
  const gitFloor = stats(gitSamples).median;
  row(`git grep -E ${q.regex} (floor)`, gitSamples, gitFloor);
  row(`\`loupe search --regex\` ${q.regex}, cold`, regexSamples, gitFloor);
  const mine = found(last);
  const git = await gitFiles(dir, q.regex, true, mine.caseSensitive, visible);
  const complete =
    !mine.timedOut && mine.files === git.length && git.length > 0 && mine.named.every((p) => git.includes(p));
  checks.push(
    check(
      `${name}: regex search completes and finds git grep -E's files (${git.length})`,
      complete ? 1 : 0,
      '>=',
      1,
    ),
  );

  // MCP: the first search of a fresh server vs a cold git grep (alternating).
  const word = q.words[0]!;
  const first: number[] = [];
  const grep: number[] = [];
  for (let i = 0; i < Math.max(2, Math.ceil(runs / 3)); i++) {
    grep.push((await output('git', grepArgs(word, false, capitals(word, false)), dir)).ms);
    first.push(await mcpFirstSearch(bundle, dir, word));
  }
  const grepFloor = stats(grep).median;
  row(`git grep ${word} (floor)`, grep, grepFloor);
  row(`MCP: first \`search ${word}\` after open`, first, grepFloor);
  if (before)
    row(`MCP: first search, BENCH_BEFORE_CLI`, [await mcpFirstSearch(before, dir, word)], grepFloor);
  checks.push(check(`${name}: MCP first search / git grep`, stats(first).median / grepFloor, '<=', 2));
  return { rows, checks };
}
