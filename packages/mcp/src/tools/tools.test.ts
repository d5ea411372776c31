import { countTokens } from '@loupe/engine';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import {
  closeProject,
  type Fixture,
  makeProject,
  memoryClient,
  openProject,
  type TestClient,
} from '../testing/fixture';

const numbered = (n: number, prefix = 'line') =>
  `${Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}: const value${i} = ${i};`).join('\n')}\n`;

const SHAPES = `export class Square {
  area(side: number): number {
    return side * side;
  }
}

export class Circle {
  area(r: number): number {
    return Math.PI * r * r;
  }
}

export function helper(x: number): number {
  const doubled = x * 2;
  return doubled + 1;
}
`;
// Assembled at run time: the repository's sources must hold no secret-looking text.
const GH_TOKEN = ['ghp', 'Zq8vN3kLm5Rt7Yw2Xc4Bv6Nm8Lk0Jh1Gf3Ds'].join('_');

let fx: Fixture;
let project: McpProject;
let c: TestClient;

beforeAll(async () => {
  fx = makeProject({
    'src/app.ts': numbered(300),
    'src/util.ts': 'export const util = 2;\n',
    'src/deep/nested/x.ts': 'export const x = 1;\n',
    'src/big.ts': numbered(6000, 'a somewhat longer line of code so the file is large'),
    'docs/guide.md': '# Guide\n',
    'README.md': '# Project\n',
    '.gitignore': 'dist/\n.env\n',
    'dist/out.js': 'built\n',
    '.env': 'SECRET=1\n',
    'config/keys.env': `GITHUB_TOKEN=${GH_TOKEN}\n`,
    'src/shapes.ts': SHAPES,
    'src/growing.ts': 'small\n',
  });
  project = await openProject(fx, { maxResultTokens: 8000 });
  c = await memoryClient(project);
});

afterAll(async () => {
  await c.close();
  await closeProject(project, fx);
});

const FORBIDDEN = [
  'not',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$ref',
  'const',
  '$defs',
  'definitions',
];

function keysDeep(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      // property names are data, not keywords
      if (k === 'properties') for (const p of Object.values(v as object)) keysDeep(p, out);
      else keysDeep(v, out);
    }
  return out;
}

describe('tools/list', () => {
  it('lists at most 7 read-only tools with plain schemas, costing at most 2,500 o200k tokens', async () => {
    const list = await c.client.listTools();
    const names = list.tools.map((t) => t.name);
    expect(names).toEqual(['get_tree', 'get_file', 'search', 'pack', 'related_files', 'focus_status']);
    expect(names.length).toBeLessThanOrEqual(7);
    for (const t of list.tools) {
      expect(t.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });
      expect(t.inputSchema.type).toBe('object');
      expect(keysDeep(t.inputSchema).filter((k) => FORBIDDEN.includes(k))).toEqual([]);
      expect(JSON.stringify(t.inputSchema)).not.toContain('$schema');
    }
    const tokens = countTokens(JSON.stringify(list));
    console.log(`tools/list: ${tokens} o200k tokens`);
    expect(tokens).toBeLessThanOrEqual(2500);
  });
});

describe('get_tree', () => {
  it('answers the cheap markdown tree of the focus inside a data block', async () => {
    const text = await c.call('get_tree');
    expect(text.split('\n')[0]).toMatch(
      /^\[Live context\] revision \d+ · focus: nothing ticked, so the whole project: 10 files/,
    );
    expect(text).toMatch(/<untrusted-data-[0-9a-f]{16}>\nconfig\/ keys\.env\ndocs\/ guide\.md\nsrc\/\n/);
    expect(text).toContain('Nothing left out.');
    expect(text).not.toContain('dist');
  });

  it('sends only the fields asked for', async () => {
    expect(await c.call('get_tree', { path: 'src/deep' })).not.toMatch(/tok\)/);
    expect(await c.call('get_tree', { path: 'src/deep', fields: ['tokens'] })).toMatch(/x\.ts \(\d+ tok\)/);
    expect(await c.call('get_tree', { path: 'src/deep', fields: 'size' })).toMatch(/x\.ts \(\d+ B\)/);
  });

  it('states what a cap left out and how to see it', async () => {
    const text = await c.call('get_tree', { depth: '1' });
    expect(text).toMatch(/Left out: 2 folders and 8 files \(depth 1\)/);
    expect(text).toContain('get_tree {"path":"FOLDER"}');
  });

  it('points from a file to get_file and refuses hidden folders', async () => {
    expect(await c.call('get_tree', { path: 'src/app.ts' })).toContain(
      'read it with get_file {"path":"src/app.ts"}',
    );
    const hidden = await c.result('get_tree', { path: 'dist' });
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toContain('hidden by the project');
  });
});

describe('get_file', () => {
  it('reads a file with its line numbers stated', async () => {
    const text = await c.call('get_file', { path: 'src/util.ts' });
    expect(text).toContain('"src/util.ts" · line 1 of 1');
    expect(text).toContain('export const util = 2;');
    expect(text).not.toContain('Masked');
    expect(text).not.toMatch(/\bsafe\b/i);
  });

  it('masks secret values through the content pipeline and says so', async () => {
    const text = await c.call('get_file', { path: 'config/keys.env' });
    expect(text).not.toContain(GH_TOKEN);
    expect(text).toContain('GITHUB_TOKEN=LOUPE_REDACTED[github-pat#1]');
    expect(text).toMatch(
      /Masked: 1 value by rules \(github-pat ×1\); rules can miss secrets\. Values written as LOUPE_REDACTED/,
    );
    expect(text).not.toMatch(/\bsafe\b/i);
    // The same value keeps its placeholder in this session.
    const again = await c.call('get_file', { path: 'config/keys.env', fresh: true });
    expect(again).toContain('LOUPE_REDACTED[github-pat#1]');
  });

  it('does not read a file that grew past the text limit since the scan', async () => {
    fx.write('src/growing.ts', 'x'.repeat(2.2 * 1024 * 1024));
    const r = await c.result('get_file', { path: 'src/growing.ts' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/"src\/growing\.ts" is 2,253 KiB now, larger than the 2,048 KiB limit/);
  });

  it('answers a folder with the exact get_tree call', async () => {
    const r = await c.result('get_file', { path: 'src/deep/' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('list it with get_tree {"path":"src/deep"}');
  });

  it('answers an unknown path with the nearest existing ones', async () => {
    const r = await c.result('get_file', { path: 'src/utils.ts' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Nearest existing files[^\n]*\n<untrusted-data-[0-9a-f]+>\nsrc\/util\.ts/);
  });

  it('sends an oversized read in parts: what fits, then the call for the rest, every line once', async () => {
    const seen: number[] = [];
    let args: Record<string, unknown> | undefined = { path: 'src/big.ts' };
    for (let round = 0; args && round < 20; round++) {
      const r = await c.result('get_file', args);
      expect(r.isError).toBe(false);
      expect(countTokens(r.text)).toBeLessThanOrEqual(8000 + 400);
      for (const m of r.text.matchAll(/^a somewhat longer line of code so the file is large (\d+):/gm))
        seen.push(Number(m[1]));
      const next = /Not shown: lines (\d+)–6000; the next part: get_file (\{[^}]+\})/.exec(r.text);
      args = next ? JSON.parse(next[2]!) : undefined;
      if (next) expect(Number(next[1])).toBe(seen[seen.length - 1]! + 1);
    }
    expect(seen).toEqual(Array.from({ length: 6000 }, (_, i) => i + 1));
  });

  it('notes a file outside the focus and reads it anyway', async () => {
    project.ws.setFocus({ include: ['src'], exclude: [] });
    try {
      const text = await c.call('get_file', { path: 'docs/guide.md' });
      expect(text).toContain('outside the focus (read by name)');
      expect(text).toContain('# Guide');
    } finally {
      project.ws.setFocus({ include: [], exclude: [] });
    }
  });

  it('batches up to 8 requests and refuses more', async () => {
    const text = await c.call('get_file', {
      requests: [{ path: 'README.md' }, { path: 'docs/guide.md', fresh: 'yes' }, { path: 'nope.md' }],
    });
    expect(text).toContain('# Project');
    expect(text).toContain('# Guide');
    expect(text).toContain('No visible file or folder "nope.md"');
    const many = await c.result('get_file', { requests: Array.from({ length: 9 }, () => 'README.md') });
    expect(many.isError).toBe(true);
    expect(many.text).toContain('at most 8');
  });

  it('accepts lenient arguments: numbers and booleans as strings, pairs, aliases, a JSON string', async () => {
    expect(await c.call('get_file', { path: 'src/app.ts', lines: [10, 12], fresh: 'true' })).toContain(
      'lines 10–12 of 300',
    );
    expect(await c.call('get_file', { path: 'src/app.ts', offset: 20, limit: '3', fresh: 1 })).toContain(
      'lines 20–22 of 300',
    );
    expect(await c.call('get_file', { path: 'src/app.ts', lines: 40, fresh: true })).toContain(
      'line 40 of 300',
    );
    const raw = await c.client.request(
      {
        method: 'tools/call',
        params: { name: 'get_file', arguments: '{"path": "src/app.ts", "lines": "50-51"}' as never },
      },
      CallToolResultSchema,
    );
    expect((raw.content[0] as { text: string }).text).toContain('lines 50–51 of 300');
    const bad = await c.client.request(
      { method: 'tools/call', params: { name: 'get_tree', arguments: '{not json' as never } },
      CallToolResultSchema,
    );
    expect(bad.isError).toBe(true);
    expect((bad.content[0] as { text: string }).text).toContain('not valid JSON');
  });

  it('explains invalid arguments with an example and names ignored ones', async () => {
    const r = await c.result('get_tree', { depth: 'deep' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Invalid arguments for get_tree: depth: .*For example: get_tree/);
    expect(await c.call('get_tree', { path: 'src/deep', colour: 'red' })).toContain(
      'Ignored unknown argument "colour"',
    );
    const l = await c.result('get_file', { path: 'src/app.ts', lines: 'ten to twenty' });
    expect(l.text).toContain('is not a line range');
  });
});

describe('get_file by symbol and detail', () => {
  it('reads one declaration, and a repeat costs a line', async () => {
    const text = await c.call('get_file', { path: 'src/shapes.ts', symbol: 'Circle.area' });
    expect(text).toContain('"src/shapes.ts" · lines 8–10 of 16');
    expect(text).toContain('return Math.PI * r * r;');
    expect(text).not.toContain('side * side');
    expect(await c.call('get_file', { path: 'src/shapes.ts', symbol: 'Circle.area' })).toMatch(
      /\[Already received\] "src\/shapes\.ts" lines 8–10 unchanged since call #\d+/,
    );
  });

  it('lists the candidates of an ambiguous name and the nearest of an unknown one', async () => {
    const amb = await c.result('get_file', { path: 'src/shapes.ts', symbol: 'area' });
    expect(amb.isError).toBe(true);
    expect(amb.text).toContain('"area" names 2 declarations in "src/shapes.ts"');
    expect(amb.text).toMatch(
      /Candidates[^\n]*\n<untrusted-data-[0-9a-f]+>\nSquare\.area \(method, lines 2–4\)\nCircle\.area \(method, lines 8–10\)/,
    );
    const unk = await c.result('get_file', { path: 'src/shapes.ts', symbol: 'helpr' });
    expect(unk.text).toContain('No declaration "helpr"');
    expect(unk.text).toMatch(/helper \(function, lines 13–16\)/);
  });

  it('compresses to signatures on request', async () => {
    const text = await c.call('get_file', { path: 'src/shapes.ts', detail: 'signatures' });
    expect(text).toContain('· detail signatures');
    expect(text).toContain('area(r: number): number');
    expect(text).not.toContain('doubled + 1');
  });
});

describe('the other tools', () => {
  it('search states what it searched and what it is', async () => {
    project.ws.setFocus({ include: ['src/util.ts'], exclude: [] });
    try {
      const text = await c.call('search', { query: 'UTIL' });
      expect(text.split('\n')[0]).toMatch(
        /9 files outside the focus were not searched; read any of them by name with get_file$/,
      );
      expect(text).toContain('Searched 1 of 1 file in the focus.');
      // Said once, in the live-context line, not again in the result.
      expect(text.split('outside the focus').length - 1).toBe(1);
    } finally {
      project.ws.setFocus({ include: [], exclude: [] });
    }
  });

  it('pack fits the budget, states what it left out, and sends files already received as one line', async () => {
    const a = await memoryClient(project, 'pack-agent'); // a fresh session: it has received nothing
    const first = await a.result('pack', { budget: '8000', paths: ['src/util.ts', 'src/app.ts'] });
    expect(first.isError).toBeFalsy();
    const body = first.text.split('\n').slice(1).join('\n'); // after the live-context line
    expect(countTokens(body)).toBeLessThanOrEqual(8000);
    expect(body).toContain('export const util = 2;');
    expect(body).toMatch(/untrusted-data-/);
    expect(body).toMatch(/of 8,000|of 8000/);
    // Unchanged files this session already has become references; a get_file of one is one line too.
    const second = await a.result('pack', { budget: '8000', paths: ['src/util.ts', 'src/app.ts'] });
    expect(second.text).not.toContain('export const util = 2;');
    expect(second.text).toMatch(/Received unchanged in call 1/);
    expect(await a.call('get_file', { path: 'src/util.ts' })).toContain('[Already received]');
    await a.close();
    const r = await c.result('related_files', { path: 'src/app.ts' });
    expect(r.isError).toBeFalsy();
    expect(r.text).toContain('src/app.ts imports');
    expect(r.text).toContain('Edges inside the focus only');
  });

  it('an unknown tool names the real ones', async () => {
    const r = await c.result('read_file', { path: 'x' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("Loupe's tools are get_tree, get_file");
  });
});
