// One task's script against one server: a fresh server process (a fresh agent session), the steps
// in order (a step whose condition does not hold is not taken; one that cannot read what it needs
// from earlier answers counts as stuck), then which facts the answers show.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { shows, type Task } from './agent-script';
import { type Answer, type ServerName, type Session, startLoupe, startRepomix } from './agent-servers';
import { loupeBin } from './pack';

export interface Outcome {
  calls: number;
  tokens: number;
  shown: boolean[];
  errors: number;
  /** Steps the agent could not take (an earlier answer lacked what the step reads). */
  stuck: number;
  answers: Answer[];
}

export interface AgentEnv {
  repomixBin: string;
  loupeState: string;
  loupeCache: string;
  repomixTmp: string;
  /** The first stderr line of each server, if it wrote any. */
  stderr: Map<ServerName, string>;
}

/** Empty state, cache and temp folders under `work` (shared by the run's tasks), and Repomix's bin. */
export function agentEnv(work: string): AgentEnv {
  const env: AgentEnv = {
    // Repomix exports only its main module (lib/index.js); its bin sits beside lib/.
    repomixBin: path.join(
      path.resolve(path.dirname(createRequire(import.meta.url).resolve('repomix')), '..'),
      'bin/repomix.cjs',
    ),
    loupeState: path.join(work, 'loupe-state'),
    loupeCache: path.join(work, 'loupe-cache'),
    repomixTmp: path.join(work, 'repomix-tmp'),
    stderr: new Map(),
  };
  for (const dir of [env.loupeState, env.loupeCache, env.repomixTmp]) mkdirSync(dir, { recursive: true });
  return env;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Loupe counts tokens in the background after opening, and its live-context line says how far it
 * got ("0 of 231 files counted so far"): wait until the count has settled so that line, and with it
 * every number here, is the same on every run. These status calls are not the agent's: not counted.
 */
async function settled(session: Session): Promise<boolean> {
  for (let i = 0; i < 300; i++) {
    const status = await session.call('focus_status', {});
    if (!status.text.includes('counted so far')) return true;
    await sleep(50);
  }
  return false;
}

export async function runScript(
  task: Task,
  server: ServerName,
  root: string,
  env: AgentEnv,
): Promise<Outcome> {
  const session =
    server === 'loupe'
      ? await startLoupe(loupeBin, root, env.loupeState, env.loupeCache)
      : await startRepomix(env.repomixBin, root, env.repomixTmp);
  const out: Outcome = { calls: 0, tokens: 0, shown: [], errors: 0, stuck: 0, answers: [] };
  try {
    if (server === 'loupe' && !(await settled(session))) out.stuck++;
    for (const step of task.scripts[server]) {
      if (step.when && !step.when(out.answers)) continue;
      const args = typeof step.args === 'function' ? step.args(out.answers) : step.args;
      if (!args) {
        out.stuck++;
        continue;
      }
      const answer = await session.call(step.tool, args);
      out.answers.push(answer);
      out.calls++;
      out.tokens += answer.tokens;
      if (answer.isError) out.errors++;
    }
  } finally {
    const stderr = (await session.close()).trim();
    if (stderr && !env.stderr.has(server)) env.stderr.set(server, stderr.split('\n')[0]!.slice(0, 200));
  }
  out.shown = task.facts.map((f) => shows(out.answers, f));
  return out;
}
