import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { listReceipts, receiptsDir } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import { closeProject, type Fixture, makeProject, memoryClient, openProject } from './testing/fixture';

// Secrets are assembled at run time: this file's own source must hold none (the masking tests
// scan the repository's sources).
const SECRETS = [
  // Not an AWS key by the rules' pattern (9 is outside base32): it passes masking, as unknown secrets do.
  'AKIAQ7XJ2MZK4PLW9R3T',
  ['ghp', 'Zq8vN3kLm5Rt7Yw2Xc4Bv6Nm8Lk0Jh1Gf3Ds'].join('_'),
  ['sk', 'live', '51HqLyjWDarjtT1zdp7dcXKsrj0aAbCdEfGh'].join('_'),
  'hunter2-correct-horse-battery',
];
const NEEDLE = 'zebra-quokka-7731-distinctive';

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

let fx: Fixture;
let project: McpProject;

beforeAll(async () => {
  fx = makeProject({
    'config/settings.env': `AWS_ACCESS_KEY_ID=${SECRETS[0]}\nGITHUB_TOKEN=${SECRETS[1]}\n`,
    'src/pay.ts': `export const stripe = '${SECRETS[2]}';\nexport const marker = '${NEEDLE}';\n`,
    'src/db.ts': `const password = '${SECRETS[3]}'; // ${NEEDLE}\n`,
    'README.md': '# demo\n',
  });
  project = await openProject(fx);
});

afterAll(async () => {
  await closeProject(project, fx);
});

describe('receipts', () => {
  it('record sessions and calls, but never contents, search text or secret values', async () => {
    const a = await memoryClient(project, 'receipt-agent');
    const seen: string[] = [];
    seen.push(await a.call('get_file', { path: 'config/settings.env' }));
    seen.push(await a.call('get_file', { requests: ['src/pay.ts', 'src/db.ts'] }));
    seen.push(await a.call('search', { query: NEEDLE }));
    seen.push(await a.call('search', { query: SECRETS[3]!, paths: ['src'] }));
    seen.push(await a.call('get_file', { path: `src/${NEEDLE}.ts` }));
    seen.push(await a.call('get_tree', { path: SECRETS[0]! }));
    await a.close();
    await project.sessions.flush();

    // The results carried the needle and a key the rules do not know (so this test can fail), and
    // masked the rest; the agent also sent a secret as search text.
    const joined = seen.join('\n');
    expect(joined).toContain(NEEDLE);
    expect(joined).toContain(SECRETS[0]);
    for (const s of SECRETS.slice(1)) expect(joined).not.toContain(s);
    expect(joined).toMatch(/LOUPE_REDACTED\[github-pat#1\]/);

    const files = allFiles(fx.stateDir);
    const receiptFiles = files.filter((f) => f.startsWith(receiptsDir(fx.stateDir, fx.root)));
    expect(receiptFiles.length).toBe(1);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const s of [...SECRETS, NEEDLE]) expect(text, `${f} holds ${s}`).not.toContain(s);
      if (process.platform !== 'win32') expect(statSync(f).mode & 0o077).toBe(0);
    }

    const [session] = listReceipts(fx.stateDir, fx.root);
    expect(session).toMatchObject({
      transport: 'memory',
      project: fx.root,
      client: { name: 'receipt-agent', version: '1.0.0' },
    });
    expect(session!.end).toBeDefined();
    expect(session!.calls.map((c) => c.tool)).toEqual([
      'get_file',
      'get_file',
      'search',
      'search',
      'get_file',
      'get_tree',
    ]);
    const [first, second, search] = session!.calls;
    expect(first!.args).toEqual({ path: JSON.stringify('config/settings.env').length });
    expect(first!.delivered).toEqual([
      {
        path: 'config/settings.env',
        lines: [[1, 2]],
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        detail: 'full',
      },
    ]);
    expect(second!.delivered.map((d) => d.path)).toEqual(['src/pay.ts', 'src/db.ts']);
    expect(search!.args).toEqual({ query: NEEDLE.length + 2 });
    expect(search!.delivered.map((d) => [d.path, d.lines])).toEqual([
      ['src/db.ts', [[1, 1]]],
      ['src/pay.ts', [[1, 2]]], // the hit on line 2 and one line of context
    ]);
    for (const c of session!.calls) {
      expect(c.resultTokens).toBeGreaterThan(0);
      expect(c.ms).toBeGreaterThanOrEqual(0);
      expect(c.revision).toBe(0);
    }
    expect(session!.calls[4]!.error).toBe('not-found');
    expect(session!.calls[5]!.error).toBe('not-found');
  });
});
