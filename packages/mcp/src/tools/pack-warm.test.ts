// A warm server packs from what its earlier packs kept (the engine's pack memo, the part plans):
// after files change, a new session's `pack` must be exactly what a freshly opened project gives
// for the edited tree. Real files, a real socket, the real SDK client; only the random nonces of
// the data blocks differ between any two answers, and they are compared as one placeholder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countTokens, Workspace } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpProject } from '../project';
import { type Fixture, makeProject } from '../testing/fixture';
import { socketClient } from '../testing/socket-client';
import { AgentSocket } from '../transports/agent-socket';
import { dataBlockWith, parseBlocks } from '../untrusted';

/** A project of code that steps down to signatures, prose and one secret-shaped value. */
function files(): Record<string, string> {
  const out: Record<string, string> = {
    'README.md': `# Demo\n\n${'The pack keeps what fits the budget. '.repeat(40)}\n`,
    'package.json': '{ "name": "demo", "version": "1.0.0" }\n',
    // Built at run time so this file holds no secret-shaped literal.
    'config/settings.py': `API_TOKEN = "ghp_${'aB3dE5fG7hJ9kLmN2pQr4sTu6vWx8yZ1cD0e'}"\n`,
  };
  for (let i = 0; i < 40; i++) {
    const fns = Array.from(
      { length: 3 + (i % 9) },
      (_, k) =>
        `export function step${i}_${k}(input: string, limit = ${k + 1}): string[] {\n  const out: string[] = [];\n  for (let j = 0; j < limit; j++) out.push(\`\${input}-\${j}-${i}\`);\n  return out;\n}\n`,
    );
    out[`src/mod${String(i).padStart(2, '0')}.ts`] = `// Module ${i}.\n${fns.join('\n')}`;
  }
  return out;
}

let fx: Fixture;
const opened: Array<{ close(): Promise<void> }> = [];

/** A project served over a real socket, and a way to start a new agent session on it. */
async function serve(watch: boolean) {
  const ws = await Workspace.open(fx.root, {
    stateDir: null,
    cacheDir: null,
    tokenThreads: 1,
    ...(watch ? { watch: { quietMs: 60_000, maxWaitMs: 120_000 } } : {}),
  });
  await ws.tokensReady;
  const project = new McpProject(ws, { stateDir: null });
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-pack-warm-'));
  const agentSocket = new AgentSocket({ socketPath: path.join(dir, 'agents.sock') });
  agentSocket.register(project);
  await agentSocket.listen();
  const clients: Array<{ close(): Promise<void> }> = [];
  const served = {
    ws,
    /** One `pack` call in a new session, its text with every nonce as one placeholder. */
    async packOnce(args: Record<string, unknown>, session?: Awaited<ReturnType<typeof socketClient>>) {
      const c = session ?? (await socketClient(agentSocket.socketPath, fx.root, 'pack-warm'));
      if (!session) clients.push(c);
      const r = await c.client.callTool({ name: 'pack', arguments: args });
      const text = (r.content as Array<{ text: string }>).map((p) => p.text).join('\n');
      let out = text;
      const nonces = parseBlocks(text).blocks.map((b) => b.nonce);
      for (const nonce of nonces) out = out.split(nonce).join('NONCE');
      // What the pack's data block takes depends on its random nonce (a few tokens either way).
      const wrap = nonces.map((nonce) => countTokens(dataBlockWith(nonce, '', ''))).join(',');
      return { text: out, wrap };
    },
    /** Packs in `tries` new sessions, by what their data blocks' nonces take. */
    async packsByWrap(args: Record<string, unknown>, tries: number) {
      const by = new Map<string, string[]>();
      for (let i = 0; i < tries; i++) {
        const { text, wrap } = await served.packOnce(args);
        by.set(wrap, [...(by.get(wrap) ?? []), text]);
      }
      return by;
    },
    session: () => socketClient(agentSocket.socketPath, fx.root, 'pack-warm'),
    async close() {
      for (const c of clients) await c.close();
      await agentSocket.close();
      await project.close();
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  opened.push(served);
  return served;
}

beforeAll(() => {
  fx = makeProject(files(), 'demo');
});

afterAll(async () => {
  for (const s of opened) await s.close();
  fx.cleanup();
});

describe('pack on a warm server', () => {
  it('answers a new session after files change exactly as a fresh server answers the edited tree', async () => {
    const warm = await serve(true);
    const budgets = [{ budget: 3_000 }, { budget: 8_000, format: 'xml' }, { budget: 40_000 }];
    // Warm: each pack twice in one session, and once more in another.
    const agent = await warm.session();
    for (const args of budgets) {
      await warm.packOnce(args, agent);
      await warm.packOnce(args, agent);
      await warm.packOnce(args);
    }
    await agent.close();
    const first = (await warm.packOnce(budgets[0]!)).text;
    expect(first).toContain('src/mod00.ts');

    // An included file grows a function, another changes a letter at the same size, one is new.
    const grown = path.join(fx.root, 'src/mod00.ts');
    writeFileSync(grown, `${readFileSync(grown, 'utf8')}\nexport const grown = "after the edit";\n`);
    const same = path.join(fx.root, 'README.md');
    writeFileSync(same, readFileSync(same, 'utf8').replace('Demo', 'Dema'));
    writeFileSync(path.join(fx.root, 'src/added.ts'), 'export const added = "a new file";\n');
    // The next call applies what the OS has reported: wait until it has reported the new file.
    while (!warm.ws.index.get('src/added.ts')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await warm.ws.watcher!.catchUp();
    }

    const fresh = await serve(false);
    for (const args of budgets) {
      const warmBy = await warm.packsByWrap(args, 6);
      const freshBy = await fresh.packsByWrap(args, 6);
      let compared = 0;
      for (const [wrap, texts] of warmBy) {
        expect(new Set(texts).size).toBe(1);
        expect(texts[0]).toContain('after the edit');
        expect(texts[0]).not.toBe(first);
        const same = freshBy.get(wrap);
        if (!same) continue;
        expect(texts[0]).toBe(same[0]);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    }
  }, 300_000);
});
