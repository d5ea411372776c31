// `npm run bench -- agent`: a scripted agent (no model) answers the same questions about real
// repositories through Loupe's MCP server and through Repomix's, side by side in one run. Each task
// is one information need (pinpoint: a value or a location; overview: how a mechanism works), the
// facts that answer it (exact text at the checked-out commit), and per server the fixed call
// sequence a sensible agent makes with that server's tools (agent-tasks.ts). Per task and server:
// calls, o200k tokens of everything returned (the content text of every result), and which facts
// the answers show. Method and tasks: docs/benchmarks.md, "The agent benchmark".
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Bench, type Check, check } from '../harness';
import { agentEnv, type Outcome, runScript } from './agent-run';
import type { Kind, Task } from './agent-script';
import { FIXED_ID, type ServerName } from './agent-servers';
import { tasks as allTasks } from './agent-tasks';
import { ensureBundle } from './pack';

const SERVERS: ServerName[] = ['loupe', 'repomix'];

/** The checkout's name: its folder, or the folder above a bare `repo`/`.git` mirror. */
function repoName(dir: string): string {
  const base = path.basename(dir);
  return base === 'repo' || base === '.git' ? path.basename(path.dirname(dir)) : base;
}

function commitOf(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  try {
    const head = git('rev-parse', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no') ? ', with local changes' : '';
    return `${head.slice(0, 12)}${dirty}`;
  } catch {
    return 'not a git checkout';
  }
}

function transcript(task: Task, server: ServerName, o: Outcome): string {
  const lines = [`# ${task.id} (${task.kind}) via ${server}`, '', task.question, ''];
  o.answers.forEach((a, i) => {
    const args = JSON.stringify(a.args).replace(/("outputId":")[0-9a-f]{16}/, `$1${FIXED_ID}`);
    lines.push(`## ${i + 1}. ${a.tool} ${args} -> ${a.tokens} tokens${a.isError ? ' (error)' : ''}`);
    lines.push('', '````', a.text, '````', '');
  });
  lines.push('## Facts', '');
  task.facts.forEach((f, i) => {
    lines.push(`- [${o.shown[i] ? 'x' : ' '}] ${JSON.stringify(f.text)}${f.path ? ` in ${f.path}` : ''}`);
  });
  return `${lines.join('\n')}\n`;
}

/** Calls and tokens of these outcomes with each distinct pack_codebase call (repository, arguments) counted once. */
function packedOnce(outcomes: Array<[string, Outcome]>): { calls: number; tokens: number } {
  const packs = new Map<string, number>();
  let calls = 0;
  let tokens = 0;
  for (const [repo, o] of outcomes)
    for (const a of o.answers) {
      const key = a.tool === 'pack_codebase' ? `${repo} ${JSON.stringify(a.args)}` : undefined;
      if (key && packs.has(key)) continue;
      if (key) packs.set(key, a.tokens);
      calls++;
      tokens += a.tokens;
    }
  return { calls, tokens };
}

const facts = (o: Outcome) => `${o.shown.filter(Boolean).length}/${o.shown.length}`;
const same = (a: Outcome, b: Outcome) =>
  a.calls === b.calls && a.tokens === b.tokens && a.shown.join() === b.shown.join();

export const agentBench: Bench = {
  name: 'agent',
  async run(ctx) {
    ensureBundle(ctx);
    const work = path.join(ctx.workDir, 'agent');
    rmSync(work, { recursive: true, force: true });
    const env = agentEnv(work);
    mkdirSync(path.join(work, 'transcripts'), { recursive: true });
    const version = JSON.parse(readFileSync(path.join(env.repomixBin, '../../package.json'), 'utf8')).version;
    const only = (process.env.BENCH_AGENT_TASKS ?? '').split(',').filter(Boolean);
    const passes = Math.max(1, Number(process.env.BENCH_AGENT_PASSES ?? 2));
    const byName = new Map(ctx.repos.map((r) => [repoName(r), r]));
    const notes: string[] = [];
    const missing = [...new Set(allTasks.map((t) => t.repo))].filter((r) => !byName.has(r));
    if (missing.length)
      notes.push(
        `Skipped: no checkout named ${missing.join(', ')} in BENCH_REPOS, so their tasks did not run.`,
      );
    const tasks = allTasks.filter((t) => byName.has(t.repo) && (!only.length || only.includes(t.id)));
    if (!tasks.length)
      return {
        title: 'Agent tasks: Loupe and Repomix over MCP (nothing ran)',
        rows: [],
        checks: [],
        notes: [
          ...notes,
          'Set BENCH_REPOS to checkouts of flask, express, gin and hono (see docs/benchmarks.md).',
        ],
      };

    const results = new Map<string, Outcome[]>();
    for (let pass = 1; pass <= passes; pass++) {
      for (const task of tasks) {
        for (const server of SERVERS) {
          const o = await runScript(task, server, byName.get(task.repo)!, env);
          const key = `${task.id}/${server}`;
          results.set(key, [...(results.get(key) ?? []), o]);
          // Later passes' transcripts only where they differ from the first, to see what changed.
          if (pass === 1 || !same(o, results.get(key)![0]!))
            writeFileSync(
              path.join(work, 'transcripts', `${task.id}-${server}${pass === 1 ? '' : `.pass${pass}`}.md`),
              transcript(task, server, o),
            );
        }
        ctx.log(`agent: pass ${pass}/${passes}, ${task.id} done`);
      }
    }
    const first = (task: Task, server: ServerName) => results.get(`${task.id}/${server}`)![0]!;

    const rows: Array<Record<string, string | number>> = [];
    const ratio = (l: number, r: number) => (r ? `${(l / r).toFixed(2)}` : '');
    for (const task of tasks) {
      const l = first(task, 'loupe');
      const r = first(task, 'repomix');
      rows.push({
        task: task.id,
        kind: task.kind,
        'Loupe calls': l.calls,
        'Loupe tokens': l.tokens.toLocaleString('en-US'),
        'Loupe facts': facts(l),
        'Repomix calls': r.calls,
        'Repomix tokens': r.tokens.toLocaleString('en-US'),
        'Repomix facts': facts(r),
        'tokens, Loupe / Repomix': ratio(l.tokens, r.tokens),
      });
    }
    const kinds: Array<Kind | 'all'> = ['pinpoint', 'overview', 'all'];
    const totals = new Map<string, { calls: number; tokens: number; shown: number; facts: number }>();
    for (const kind of kinds) {
      const of = tasks.filter((t) => kind === 'all' || t.kind === kind);
      for (const server of SERVERS) {
        const os = of.map((t) => first(t, server));
        totals.set(`${kind}/${server}`, {
          calls: os.reduce((n, o) => n + o.calls, 0),
          tokens: os.reduce((n, o) => n + o.tokens, 0),
          shown: os.reduce((n, o) => n + o.shown.filter(Boolean).length, 0),
          facts: os.reduce((n, o) => n + o.shown.length, 0),
        });
      }
      const l = totals.get(`${kind}/loupe`)!;
      const r = totals.get(`${kind}/repomix`)!;
      rows.push({
        task: `**total, ${kind === 'all' ? 'all' : `${kind}`} (${of.length} tasks)**`,
        kind: kind === 'all' ? '' : kind,
        'Loupe calls': l.calls,
        'Loupe tokens': l.tokens.toLocaleString('en-US'),
        'Loupe facts': `${l.shown}/${l.facts}`,
        'Repomix calls': r.calls,
        'Repomix tokens': r.tokens.toLocaleString('en-US'),
        'Repomix facts': `${r.shown}/${r.facts}`,
        'tokens, Loupe / Repomix': ratio(l.tokens, r.tokens),
      });
      // A session asking several questions packs once and greps that output for each: Repomix's
      // pack answer (its description, metrics and tree) counted once per repository and scope.
      const once = packedOnce(of.map((t) => [t.repo, first(t, 'repomix')]));
      totals.set(`${kind}/repomix-once`, { ...r, calls: once.calls, tokens: once.tokens });
      rows.push({
        task: `**total, ${kind === 'all' ? 'all' : `${kind}`}, Repomix packing once per repository**`,
        kind: kind === 'all' ? '' : kind,
        'Loupe calls': l.calls,
        'Loupe tokens': l.tokens.toLocaleString('en-US'),
        'Loupe facts': `${l.shown}/${l.facts}`,
        'Repomix calls': once.calls,
        'Repomix tokens': once.tokens.toLocaleString('en-US'),
        'Repomix facts': `${r.shown}/${r.facts}`,
        'tokens, Loupe / Repomix': ratio(l.tokens, once.tokens),
      });
    }

    const checks: Check[] = [];
    const all = totals.get('all/loupe')!;
    checks.push(check('facts Loupe shows, of all tasks', all.shown, '>=', all.facts));
    for (const kind of ['pinpoint', 'overview'] as const) {
      const l = totals.get(`${kind}/loupe`)!;
      const r = totals.get(`${kind}/repomix`)!;
      if (r.tokens)
        checks.push(
          check(
            `${kind} tasks: tokens, Loupe / Repomix (totals)`,
            l.tokens / r.tokens,
            '<=',
            kind === 'pinpoint' ? 0.5 : 1,
          ),
        );
    }
    for (const kind of ['pinpoint', 'overview'] as const) {
      const l = totals.get(`${kind}/loupe`)!;
      const r = totals.get(`${kind}/repomix-once`)!;
      if (r.tokens)
        checks.push(
          check(
            `${kind} tasks: tokens, Loupe / Repomix packing once per repository`,
            l.tokens / r.tokens,
            '<=',
            1,
          ),
        );
    }
    const repomixCheaper = tasks.filter((t) => first(t, 'repomix').tokens < first(t, 'loupe').tokens);
    checks.push(check('tasks where Repomix returned fewer tokens', repomixCheaper.length, '<=', 0));
    const fewerFacts = tasks.filter(
      (t) =>
        first(t, 'loupe').shown.filter(Boolean).length < first(t, 'repomix').shown.filter(Boolean).length,
    );
    checks.push(check('tasks where Repomix showed more facts', fewerFacts.length, '<=', 0));
    if (passes > 1) {
      const drift = [...results.entries()].filter(([, os]) => os.some((o) => !same(o, os[0]!)));
      checks.push(
        check(`task scripts whose numbers changed between ${passes} passes`, drift.length, '<=', 0),
      );
      if (drift.length)
        notes.push(
          `Changed between passes: ${drift.map(([k, os]) => `${k} (${os.map((o) => `${o.tokens} tokens and ${facts(o)} facts`).join(', then ')})`).join('; ')}.`,
        );
    }

    // Loupe's one time bound (a regex search's 1 s limit of matching) makes its answers depend on
    // the machine's load: count where it cut an answer short (first pass). Files ranked by text
    // alone (beyond those a search parses, a count) are noted, not a time bound.
    const cut = (re: RegExp) =>
      tasks.filter((t) => first(t, 'loupe').answers.some((a) => a.tool === 'search' && re.test(a.raw)));
    const timedOut = cut(/stopped at its limit of .* of files searched/);
    const unparsed = cut(/ranked by text alone/);
    checks.push(
      check('tasks where a Loupe regex search stopped at its byte limit', timedOut.length, '<=', 0),
    );
    if (timedOut.length)
      notes.push(
        `A Loupe regex search stopped at its byte limit on ${timedOut.map((t) => t.id).join(', ')}; the agent then narrowed it with paths, as the answer asks (one more call each).`,
      );
    if (unparsed.length)
      notes.push(
        `A Loupe search ranked some files by text alone (beyond the files it parses) on ${unparsed.map((t) => t.id).join(', ')}.`,
      );

    const stuck = [...results.entries()].filter(([, os]) => os[0]!.stuck || os[0]!.errors);
    if (repomixCheaper.length)
      notes.push(`Repomix returned fewer tokens on: ${repomixCheaper.map((t) => t.id).join(', ')}.`);
    for (const [k, os] of stuck)
      notes.push(
        `${k}: ${os[0]!.errors} call(s) answered with an error, ${os[0]!.stuck} step(s) the agent could not take.`,
      );
    const repos = [...new Set(tasks.map((t) => t.repo))];
    notes.push(
      `Repositories (commit): ${repos.map((r) => `${r} ${commitOf(byName.get(r)!)}`).join('; ')}.`,
      `Servers: Loupe's built CLI \`node apps/cli/bin/loupe.js mcp --root DIR\` (empty LOUPE_STATE_DIR and LOUPE_CACHE_DIR per bench run) and Repomix ${version} \`node node_modules/repomix/bin/repomix.cjs --mcp --sandbox DIR\`, both over stdio with the MCP SDK Client, one server process per task and server. ${passes} pass(es); the table is the first${passes > 1 ? ', and every pass gave the same numbers unless a note above says otherwise' : ''}.`,
      "Tokens: o200k_base (js-tiktoken) of the content text of every result, with each random 16-hex id (Loupe's data-block nonces, Repomix's output ids) replaced by one fixed id. A fact counts when one answer shows its exact text (and its file path, for a location).",
      `Server stderr: ${SERVERS.map((s) => `${s}: ${env.stderr.get(s) ?? 'nothing'}`).join('; ')}. Transcripts of every call: apps/bench/.work/agent/transcripts/.`,
    );
    for (const t of tasks) notes.push(`${t.id} (${t.kind}): ${t.question}`);
    return {
      title: `Agent tasks: Loupe and Repomix ${version} over MCP, side by side (${tasks.length} tasks, ${repos.length} repositories)`,
      rows,
      checks,
      notes,
    };
  },
};
