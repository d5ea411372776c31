// The first result of a fresh session states the project's full token count: a small project is
// counted before the first answer (a bound by file count, not by time); while counting is not done,
// the live line says how far it got and claims no total.
import { compactCount } from '@loupe/common';
import { Workspace } from '@loupe/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { McpProject } from './project';
import { type Fixture, makeProject, memoryClient } from './testing/fixture';

const files: Record<string, string> = {};
for (let i = 0; i < 300; i++)
  files[`src/m${i}.ts`] = `export function f${i}(x: number): number {\n  return x * ${i} + ${i % 7};\n}\n`;

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());

async function fresh(options: { countTokens?: boolean; waitForCountsUpTo?: number } = {}) {
  fx = makeProject(files);
  // Not awaiting tokensReady: the session starts the way `loupe mcp` starts one.
  const ws = await Workspace.open(fx.root, {
    stateDir: fx.stateDir,
    cacheDir: null,
    ...(options.countTokens === false ? { countTokens: false } : {}),
  });
  const project = new McpProject(ws, {
    stateDir: null,
    ...(options.waitForCountsUpTo !== undefined ? { waitForCountsUpTo: options.waitForCountsUpTo } : {}),
  });
  const c = await memoryClient(project);
  return {
    c,
    ws,
    close: async () => {
      await c.close();
      await project.close();
      await ws.close();
    },
  };
}

describe('the first call of a fresh session', () => {
  it('states the full count of a small project', async () => {
    const s = await fresh();
    try {
      const first = (await s.c.call('focus_status')).split('\n')[0]!;
      const total = s.ws.index.all().reduce((a, e) => a + (e.tokens ?? 0), 0);
      expect(s.ws.index.all().every((e) => e.tokens !== undefined)).toBe(true);
      expect(first).toContain('whole project: 300 files (');
      expect(first).not.toContain('counted so far');
      expect(first).toContain(`(${compactCount(total)} tokens)`);
    } finally {
      await s.close();
    }
  }, 120_000);

  it('claims no total while counting is not done', async () => {
    const s = await fresh({ countTokens: false });
    try {
      const first = (await s.c.call('get_tree', { depth: 1 })).split('\n')[0]!;
      expect(first).toContain('whole project: 300 files (counting tokens: 0 of 300 files counted so far)');
      expect(first).not.toMatch(/\d tokens\)/);
    } finally {
      await s.close();
    }
  }, 120_000);
});
