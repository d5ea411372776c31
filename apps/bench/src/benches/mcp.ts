// `npm run bench -- mcp`: warm tool latency on the synthetic repository through the real SDK
// client over the app's local socket (AgentSocket -> one agent session), receipts on.
// Targets (issue 6): get_tree, get_file, focus_status p95 <= 50 ms; (issue 18) pack { budget: 32000 }
// p95 <= 300 ms.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countTokens, Workspace } from '@loupe/engine';
import { AgentSocket, McpProject } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Bench, type Check, check, stats } from '../harness';

const RUNS = 100;
const WARMUP = 5;
/** Pack calls per focus (each is far heavier than a read). */
const PACK_RUNS = 20;

interface Timed {
  ms: number[];
  tokens: number[];
  errors: number;
}

async function timeCalls(
  client: Client,
  name: string,
  argsAt: (i: number) => Record<string, unknown>,
  runs = RUNS,
): Promise<Timed> {
  const out: Timed = { ms: [], tokens: [], errors: 0 };
  for (let i = 0; i < WARMUP + runs; i++) {
    const t = performance.now();
    const r = await client.callTool({ name, arguments: argsAt(i) });
    const ms = performance.now() - t;
    if (i < WARMUP) continue;
    out.ms.push(ms);
    const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    out.tokens.push(countTokens(text));
    if (r.isError) out.errors++;
  }
  return out;
}

export const mcpBench: Bench = {
  name: 'mcp',
  async run(ctx) {
    const root = await ctx.synthetic();
    const stateDir = path.join(ctx.workDir, 'mcp-state');
    rmSync(stateDir, { recursive: true, force: true });
    mkdirSync(stateDir, { recursive: true });
    const opened = performance.now();
    const ws = await Workspace.open(root, {
      stateDir: null,
      cacheDir: path.join(ctx.workDir, 'mcp-token-cache'),
    });
    await ws.tokensReady;
    ctx.log(`mcp: workspace open with token counts in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
    const project = new McpProject(ws, { stateDir });
    // The socket's folder must be private (0700): mkdtemp makes it so; the bench's work folder is not.
    const socketDir = mkdtempSync(path.join(tmpdir(), 'loupe-mcp-bench-'));
    const agentSocket = new AgentSocket({ socketPath: path.join(socketDir, 'mcp-bench.sock') });
    agentSocket.register(project);
    await agentSocket.listen();

    const rows: Array<Record<string, string | number>> = [];
    const checks: Check[] = [];
    const focuses: Array<{ label: string; include: string[] }> = [
      { label: 'whole project (nothing ticked)', include: [] },
      { label: '3 folders ticked', include: ['packages/pkg-00', 'packages/pkg-07/src', 'services/svc-1'] },
    ];
    try {
      for (const focus of focuses) {
        ws.setFocus({ include: focus.include, exclude: [] });
        const files = project.focused().filter((f) => !f.flag && f.size > 200);
        const client = (await socketClient(agentSocket.socketPath, root, 'loupe-bench')).client;
        const results: Array<[string, string, Timed]> = [
          ['get_tree', '{}', await timeCalls(client, 'get_tree', () => ({}))],
          [
            'get_file',
            'a different whole file each call (fresh)',
            await timeCalls(client, 'get_file', (i) => ({
              path: files[(i * 7919) % files.length]!.path,
              fresh: true,
            })),
          ],
          [
            'get_file',
            'lines 1-60 of a different file each call',
            await timeCalls(client, 'get_file', (i) => ({
              path: files[(i * 104_729) % files.length]!.path,
              lines: '1-60',
            })),
          ],
          [
            'focus_status',
            `{} (session holds ${(WARMUP + RUNS) * 2} reads)`,
            await timeCalls(client, 'focus_status', () => ({})),
          ],
          // Issue 18: a budgeted pack reads only what its walk tries (p95 <= 300 ms on 30k files).
          [
            'pack',
            '{ budget: 32000 } (the session holds the reads above)',
            await timeCalls(client, 'pack', () => ({ budget: 32_000 }), PACK_RUNS),
          ],
        ];
        await client.close();
        for (const [tool, args, t] of results) {
          const s = stats(t.ms);
          rows.push({
            focus: `${focus.label}: ${project.summary().files} files`,
            tool,
            arguments: args,
            'median ms': s.median.toFixed(2),
            'p95 ms': s.p95.toFixed(2),
            'result tokens (median)': stats(t.tokens).median,
            errors: t.errors,
          });
          checks.push(
            check(
              `${tool} p95, ${focus.label}${tool === 'get_file' ? `, ${args}` : ''}`,
              s.p95,
              '<=',
              tool === 'pack' ? 300 : 50,
              ' ms',
            ),
          );
        }
      }
    } finally {
      await agentSocket.close();
      await project.close();
      await ws.close();
      rmSync(socketDir, { recursive: true, force: true });
    }
    const receipts = project.sessions.receiptErrors;
    return {
      title: 'MCP: warm tool latency over the local socket (synthetic repository)',
      rows,
      checks,
      notes: [
        `Each row: ${RUNS} calls after ${WARMUP} warm-up calls, one agent session, the SDK Client over the app's Unix socket (newline-delimited JSON-RPC), receipts written (${receipts.length ? receipts.join('; ') : 'no write errors'}).`,
        'Timed from callTool to its result on the client: JSON-RPC framing, live-context line, jail, content pipeline (masking on), ledger, token count of the result and the receipt are inside.',
        'get_tree answers the default 5,000-token cap on the whole project; renderings are cached per focus revision and index version (warm).',
      ],
    };
  },
};
