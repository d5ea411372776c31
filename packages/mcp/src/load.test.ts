// Load: 20 concurrent sessions × 100 calls over the real socket while the focus keeps changing
// through the Workspace API. Zero errors; in every session the revisions never go back, and each
// "changed since revision N" names exactly the revision that session saw last.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import { closeProject, type Fixture, makeProject, openProject, revisionOf } from './testing/fixture';
import { socketClient } from './testing/socket-client';
import { AgentSocket } from './transports/agent-socket';

const SESSIONS = 20;
const CALLS = 100;
const CHANGE_EVERY = 10;

let fx: Fixture;
let project: McpProject;
let agentSocket: AgentSocket;

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let d = 0; d < 8; d++)
    for (let f = 0; f < 12; f++)
      files[`pkg${d}/src/file${f}.ts`] = `export const v${d}_${f} = ${f};\n`.repeat(20);
  fx = makeProject(files);
  project = await openProject(fx, { stateDir: null });
  agentSocket = new AgentSocket({ socketPath: path.join(fx.base, 'load.sock') });
  agentSocket.register(project);
  await agentSocket.listen();
});

afterAll(async () => {
  await agentSocket.close();
  await closeProject(project, fx);
});

describe('load', () => {
  it(`${SESSIONS} sessions × ${CALLS} calls while the focus changes: no errors, revisions monotonic`, async () => {
    const clients = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) => socketClient(agentSocket.socketPath, fx.root, `agent-${i}`)),
    );
    // The focus changes after every CHANGE_EVERY-th answered call, whichever session got it, while
    // the other sessions' calls are in flight: a count, so a fast machine changes it as often as
    // a slow one (a timer-driven changer made fewer changes the faster the calls ran).
    let answered = 0;
    let changes = 0;
    const change = () => {
      if (++answered % CHANGE_EVERY !== 0) return;
      const d = changes % 8;
      project.ws.toggleFocus(`pkg${d}`, changes % 3 !== 0);
      changes++;
    };
    const started = performance.now();
    const failures: string[] = [];
    const perSession = await Promise.all(
      clients.map(async (c, i) => {
        const revisions: number[] = [];
        for (let n = 0; n < CALLS; n++) {
          const tool = ['get_tree', 'get_file', 'focus_status', 'get_file'][n % 4]!;
          const args =
            tool === 'get_file'
              ? { path: `pkg${(i + n) % 8}/src/file${n % 12}.ts`, lines: `${1 + (n % 5)}-${6 + (n % 9)}` }
              : tool === 'get_tree'
                ? { depth: 2 }
                : {};
          const r = await c.result(tool, args);
          change();
          if (r.isError) failures.push(`${tool} ${JSON.stringify(args)}: ${r.text.slice(0, 300)}`);
          const rev = revisionOf(r.text);
          const since = /changed since revision (\d+)/.exec(r.text.split('\n')[0]!);
          if (since && Number(since[1]) !== revisions[revisions.length - 1])
            failures.push(
              `session ${i}: told "since ${since[1]}" after seeing ${revisions[revisions.length - 1]}`,
            );
          revisions.push(rev);
        }
        return revisions;
      }),
    );
    const ms = performance.now() - started;
    await Promise.all(clients.map((c) => c.close()));
    console.log(
      `load: ${SESSIONS * CALLS} calls in ${(ms / 1000).toFixed(2)} s over the socket, ${changes} focus changes meanwhile`,
    );
    expect(failures).toEqual([]);
    for (const revisions of perSession) {
      expect(revisions).toHaveLength(CALLS);
      for (let k = 1; k < revisions.length; k++)
        expect(revisions[k]!).toBeGreaterThanOrEqual(revisions[k - 1]!);
    }
    expect(changes).toBe((SESSIONS * CALLS) / CHANGE_EVERY);
    // The focus did move under the sessions.
    expect(new Set(perSession.flat()).size).toBeGreaterThan(5);
  });
});
