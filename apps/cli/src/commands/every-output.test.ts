// Every way file text leaves Loupe goes through the one content pipeline, masking included: each
// CLI command and each MCP tool is run on a project with planted GitHub and Stripe tokens (in a
// top-level constant, an object field, a function body, a doc comment, a Python docstring and an
// .env file), at every level and format it offers, and none of its output may hold a value. The
// tables must name every command of the registry and every tool the server lists, so a new way out
// cannot skip this test.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportOptions } from '@loupe/common';
import { LoupeHost } from '@loupe/host';
import { writeProject } from '@loupe/host/testing/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceAgent } from '../testing/agent';
import { cli } from '../testing/run';
import { commands } from './index';

// Assembled at run time: this source holds no secret-shaped literal.
const GITHUB = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
const STRIPE = ['sk', '_live_', '4eC39HqLyjWDarjtT1zdp7dc9Xq2'].join('');
const VALUES = [GITHUB, STRIPE];

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-every-output-')));
const proj = path.join(work, 'proj');
const stateDir = path.join(work, 'state');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'src/config.ts': [
    '// Service settings.',
    `export const GITHUB_TOKEN = "${GITHUB}";`,
    `export const stripe = { key: "${STRIPE}" };`,
    '',
    'export function client(): string {',
    `  const auth = "${GITHUB}";`,
    '  return auth;',
    '}',
    '',
    'export class Billing {',
    `  /** The key: ${STRIPE} */`,
    '  charge(): string {',
    `    return "${STRIPE}";`,
    '  }',
    '}',
    '',
  ].join('\n'),
  'app.py': `SECRET = "${GITHUB}"\n\n\ndef pay():\n    """Pays with ${STRIPE} by default."""\n    return "${STRIPE}"\n`,
  'deploy/.env': `GITHUB_TOKEN=${GITHUB}\nSTRIPE_KEY=${STRIPE}\n`,
  'README.md': '# Shop\n\nCall `client()` and `Billing.charge()`.\n',
};

beforeAll(() => writeProject(proj, FILES));

/** The output holds no planted value (nor its distinctive middle, should a value be cut). */
function expectNoValue(where: string, text: string): void {
  for (const v of VALUES) {
    expect(text.includes(v), `${where} printed a value`).toBe(false);
    expect(text.includes(v.slice(8, 24)), `${where} printed part of a value`).toBe(false);
  }
}

const file = (rel: string) => path.join(proj, rel);
const LEVELS = ['compact', 'signatures', 'outline'];
const sourceFiles = [file('src/config.ts'), file('app.py'), file('deploy/.env')];

/** Every command: the runs that show its output, or why it is walked elsewhere. */
const CLI: Record<string, string[][] | string> = {
  ls: [
    ['ls', proj],
    ['ls', proj, '--json'],
  ],
  tree: ['markdown', 'ascii', 'json', 'xml'].map((f) => ['tree', proj, '--format', f, '--tokens']),
  tokens: [
    ['tokens', ...sourceFiles],
    ['tokens', '--json', ...sourceFiles],
  ],
  mask: [
    ['mask', ...sourceFiles],
    ['mask', '--json', ...sourceFiles],
  ],
  compress: LEVELS.flatMap((level) => [
    ['compress', ...sourceFiles, '--level', level],
    ['compress', ...sourceFiles, '--level', level, '--json'],
    ['compress', ...sourceFiles, '--level', level, '--strip-comments'],
    ['compress', proj, '--level', level],
  ]),
  pack: [
    ...['markdown', 'xml', 'plain'].flatMap((format) =>
      ['none', '2000', '32000'].map((budget) => ['pack', proj, '--format', format, '--budget', budget]),
    ),
    ...['full', ...LEVELS].map((detail) => ['pack', proj, '--budget', 'none', '--detail', detail]),
    ['pack', proj, '--budget', 'none', '--line-numbers'],
    ['pack', proj, '--focus', 'src/config.ts', '--json'],
  ],
  search: [
    ['search', proj, 'GITHUB_TOKEN'],
    ['search', proj, 'ghp_'],
    ['search', proj, 'sk_live'],
    ['search', proj, 'charge', '--context', '2'],
    ['search', proj, 'ghp_[A-Za-z0-9]+', '--regex', '--json'],
  ],
  symbols: [
    ['symbols', file('src/config.ts')],
    ['symbols', file('src/config.ts'), '--find', 'client'],
    ['symbols', file('src/config.ts'), '--find', 'Billing.charge'],
    ['symbols', file('app.py'), '--find', 'pay', '--json'],
  ],
  related: [['related', proj, 'src/config.ts', '--json']],
  receipts: [
    ['receipts', proj],
    ['receipts', proj, '--json'],
  ],
  focus: [
    ['focus', proj],
    ['focus', proj, '--add', 'src'],
  ],
  completion: [
    ['completion', 'bash'],
    ['completion', 'zsh'],
    ['completion', 'fish'],
  ],
  help: [['help'], ['help', 'pack'], ['help', 'compress']],
  mcp: 'serves the MCP tools, each walked below over stdio',
  bridge: 'serves the same MCP tools (headless when no app listens), walked below over stdio',
  serve: "serves the window, whose only file text is the export: walked below through the host's API",
};

describe('no planted value in any output', () => {
  it('the table names every command of the registry', () => {
    expect(Object.keys(CLI).sort()).toEqual(commands.map((c) => c.name).sort());
  });

  for (const [name, runs] of Object.entries(CLI)) {
    if (typeof runs === 'string') continue;
    it(`loupe ${name}`, async () => {
      for (const argv of runs) {
        const r = await cli(argv, work, {
          LOUPE_STATE_DIR: stateDir,
          LOUPE_CACHE_DIR: path.join(work, 'cache'),
        });
        const where = `loupe ${argv.join(' ')} (exit ${r.code})`;
        expect(r.code, `${where}: ${r.stderr}`).toBeLessThan(2);
        expectNoValue(where, r.stdout + r.stderr);
      }
    }, 120_000);
  }

  it("the window's export (what `loupe serve` shows and copies)", async () => {
    const host = new LoupeHost({ stateDir: path.join(work, 'host-state'), cacheDir: null, tokenThreads: 1 });
    try {
      await host.openProject({ path: proj });
      for (const format of ['markdown', 'xml', 'plain'] as const)
        for (const detail of ['full', 'compact', 'signatures', 'outline'] as const)
          for (const budget of [null, 3000]) {
            const options: ExportOptions = {
              format,
              detail,
              budget,
              masking: true,
              lineNumbers: budget === null,
            };
            const preview = await host.exportPreview(options);
            expectNoValue(`exportPreview ${JSON.stringify(options)}`, preview.text);
            expectNoValue(`exportPack ${JSON.stringify(options)}`, (await host.exportPack(options)).text);
          }
    } finally {
      await host.close();
    }
  }, 120_000);
});

/** Every tool: its calls (as agents make them). */
const TOOLS: Record<string, Array<Record<string, unknown>>> = {
  get_tree: [{}, { path: 'src', fields: ['tokens', 'size'] }],
  get_file: [
    ...['src/config.ts', 'app.py', 'deploy/.env'].flatMap((p) =>
      ['full', ...LEVELS].map((detail) => ({ path: p, detail, fresh: true })),
    ),
    { path: 'src/config.ts', lines: '1-6', fresh: true },
    { path: 'src/config.ts', symbol: 'client', fresh: true },
    { path: 'src/config.ts', symbol: 'Billing.charge', fresh: true },
    { path: 'app.py', symbol: 'pay', detail: 'signatures', fresh: true },
    { requests: [{ path: 'deploy/.env' }, { path: 'src/config.ts', lines: '10-15' }] },
  ],
  search: [
    { query: 'GITHUB_TOKEN' },
    { query: 'ghp_' },
    { query: 'sk_live' },
    { query: 'ghp_[A-Za-z0-9]+', regex: true },
    { query: 'charge', context: 2 },
  ],
  pack: [
    {},
    ...['markdown', 'xml', 'plain'].flatMap((format) =>
      ['full', ...LEVELS].map((detail) => ({ format, detail, budget: 400_000 })),
    ),
    { budget: 1000 },
    { paths: ['src'], budget: 8000 },
  ],
  related_files: [{ path: 'src/config.ts' }],
  focus_status: [{}],
};

describe.each([
  ['loupe mcp', ['mcp', '--root', proj]],
  ['loupe bridge (headless)', ['bridge', '--root', proj]],
])('no planted value in any MCP tool: %s', (_, args) => {
  it('walks every tool the server lists', async () => {
    const { client, close } = await sourceAgent(args, {
      cwd: work,
      env: {
        LOUPE_STATE_DIR: path.join(work, 'mcp-state'),
        LOUPE_CACHE_DIR: path.join(work, 'cache'),
        LOUPE_SOCKET: path.join(work, 'no-app', 'loupe.sock'),
      },
      client: { name: 'every-output', version: '1.0.0' },
    });
    try {
      const listed = (await client.listTools()).tools.map((t) => t.name);
      expect(Object.keys(TOOLS).sort()).toEqual([...listed].sort());
      for (const [name, calls] of Object.entries(TOOLS))
        for (const a of calls) {
          const r = await client.callTool({ name, arguments: a });
          const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
          expectNoValue(`${name} ${JSON.stringify(a)}`, text);
        }
    } finally {
      await close();
    }
  }, 120_000);
});
