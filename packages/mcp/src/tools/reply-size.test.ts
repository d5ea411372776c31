// Every result fits the client that asked: a real repository (hono, copied), the real SDK client
// named as Claude Code and Codex name themselves, every tool's default call (and some large asks)
// measured in o200k and in cl100k, and in characters.
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countTokens, Workspace } from '@loupe/engine';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpProject } from '../project';
import { connectSession } from '../server';
import { git, type TestClient, wrapClient } from '../testing/fixture';

const HONO = '/work/scratch/hono';
// The sizes are measured on hono's own files (the calls name them); without a checkout the suite
// says it skipped rather than measure a project the limits were not set on.
const HAVE_HONO = existsSync(path.join(HONO, 'src', 'hono-base.ts'));
if (!HAVE_HONO) console.log(`reply-size.test.ts: skipped, no hono checkout at ${HONO}`);

let base: string;
let project: McpProject;

async function client(name: string, maxOutputTokens?: number, on = project): Promise<TestClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await connectSession(on, serverSide, {
    transport: 'memory',
    ...(maxOutputTokens ? { maxOutputTokens } : {}),
  });
  const c = new Client({ name, version: '2.0.0' });
  await c.connect(clientSide);
  return wrapClient(
    c,
    async () => {
      await c.close();
      await connection.closed;
    },
    connection,
  );
}

/** The result's size as both tokenizers and a character count see it. */
function size(text: string) {
  return { o200k: countTokens(text), cl100k: countTokens(text, 'cl100k_base'), chars: text.length };
}

function expectWithin(text: string, tokens: number, chars: number, what: string) {
  const s = size(text);
  expect(s.o200k, `${what}: ${JSON.stringify(s)}`).toBeLessThan(tokens);
  expect(s.cl100k, `${what}: ${JSON.stringify(s)}`).toBeLessThan(tokens);
  expect(s.chars, `${what}: ${JSON.stringify(s)}`).toBeLessThan(chars);
}

describe.skipIf(!HAVE_HONO)('results sized for Claude Code on a large repository', () => {
  beforeAll(async () => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'loupe-reply-')));
    const root = path.join(base, 'hono');
    mkdirSync(root);
    cpSync(HONO, root, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'copy');
    const ws = await Workspace.open(root, { stateDir: path.join(base, 'state'), cacheDir: null });
    await ws.tokensReady;
    project = new McpProject(ws, { stateDir: null });
  }, 300_000);

  afterAll(async () => {
    await project.close();
    await project.ws.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('keeps every default call under 25,000 tokens and 100,000 characters', async () => {
    const c = await client('claude-code');
    try {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['get_tree', {}],
        ['get_file', { path: 'src/types.test.ts' }],
        [
          'get_file',
          {
            requests: [
              'src/types.test.ts',
              'src/hono.test.ts',
              'src/types.ts',
              'src/context.test.ts',
              'src/hono-base.ts',
              'src/context.ts',
              'src/request.ts',
              'src/compose.ts',
            ],
          },
        ],
        ['search', { query: 'app' }],
        ['search', { query: 'c', max_results: 500 }],
        ['pack', {}],
        ['pack', { part: 2 }],
        ['pack', { budget: 400_000 }],
        ['related_files', { path: 'src/hono-base.ts', depth: 2 }],
        ['focus_status', {}],
        ['get_tree', { max_tokens: 100_000, fields: ['tokens', 'size'] }],
      ];
      for (const [tool, args] of calls) {
        const r = await c.result(tool, args);
        expect(r.isError, `${tool} ${JSON.stringify(args)}: ${r.text.slice(0, 400)}`).toBe(false);
        expectWithin(r.text, 25_000, 100_000, `${tool} ${JSON.stringify(args)}`);
      }
    } finally {
      await c.close();
    }
  }, 600_000);

  it('names what an oversized get_file left out and the call for the rest', async () => {
    const c = await client('claude-code');
    try {
      const text = await c.call('get_file', { path: 'src/types.test.ts' });
      const total = Number(/ of ([\d,]+)/.exec(text)![1]!.replace(/,/g, ''));
      const m = /Not shown: lines (\d+)–(\d+); the next part: (get_file \{[^}]+\})/.exec(text);
      expect(m, text.slice(-600)).not.toBeNull();
      expect(Number(m![2])).toBe(total);
      const rest = await c.call('get_file', JSON.parse(m![3]!.slice('get_file '.length)));
      expect(rest).toContain(`lines ${m![1]}–`);
      expectWithin(rest, 25_000, 100_000, 'the next part');
    } finally {
      await c.close();
    }
  }, 300_000);

  it('cuts the default pack into parts that are the same for every session and share no file', async () => {
    const a = await client('claude-code');
    const b = await client('claude-code');
    try {
      const one = await a.call('pack', {});
      expect(one).toMatch(/Part 1 of (at least )?\d+ of this 32,000-token pack/);
      expect(one).toContain('pack {"part":2}');
      const twoA = await a.call('pack', { part: 2 });
      // b asks for part 2 without part 1: the same part.
      const twoB = await b.call('pack', { part: 2 });
      const files = (text: string) => new Set([...text.matchAll(/^## File: (.+)$/gm)].map((x) => x[1]!));
      // The same files (placeholder numbers and references are the session's own).
      expect([...files(twoB)].sort()).toEqual([...files(twoA)].sort());
      const inOne = files(one);
      const inTwo = files(twoA);
      expect(inOne.size).toBeGreaterThan(0);
      expect(inTwo.size).toBeGreaterThan(0);
      for (const f of inTwo) expect(inOne.has(f), f).toBe(false);
      // A second server over the same files plans again, with its own nonces: the same parts.
      const other = new McpProject(project.ws, { stateDir: null });
      const d = await client('claude-code', undefined, other);
      try {
        expect([...files(await d.call('pack', { part: 2 }))].sort()).toEqual([...inTwo].sort());
        expect([...files(await d.call('pack', {}))].sort()).toEqual([...inOne].sort());
      } finally {
        await d.close();
        await other.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  }, 600_000);

  it('sends a pack whole to Claude Code when MAX_MCP_OUTPUT_TOKENS leaves room for it', async () => {
    const low = await client('claude-code');
    const high = await client('claude-code', 60_000);
    try {
      expect(await low.call('pack', { budget: 18_000 })).toContain('Part 1 of');
      const text = await high.call('pack', { budget: 18_000 });
      expect(text).not.toContain('Part 1 of');
      expect(countTokens(text)).toBeGreaterThan(17_500);
      expect(countTokens(text)).toBeLessThanOrEqual(18_000 + 2_000);
    } finally {
      await low.close();
      await high.close();
    }
  }, 300_000);

  it("honors a lower MAX_MCP_OUTPUT_TOKENS, and Codex's smaller default", async () => {
    for (const [name, max, limit] of [
      ['claude-code', 8_000, 8_000],
      ['codex-mcp-client', undefined, 10_000],
    ] as const) {
      const c = await client(name, max);
      try {
        for (const [tool, args] of [
          ['pack', {}],
          ['get_file', { path: 'src/types.test.ts' }],
          ['get_tree', { max_tokens: 100_000 }],
        ] as const) {
          const r = await c.result(tool, args);
          expect(r.isError, r.text.slice(0, 300)).toBe(false);
          expectWithin(r.text, limit, 100_000, `${name} ${tool}`);
        }
      } finally {
        await c.close();
      }
    }
  }, 600_000);
});
