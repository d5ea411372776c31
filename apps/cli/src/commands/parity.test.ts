// The same question gets the same bytes, whichever way it leaves Loupe: for each file and each
// detail level, the window's preview, the clipboard export, `loupe pack`, the MCP `pack` and
// `get_file` tools, and `loupe compress` (or `loupe mask` at full detail) give the same file text,
// masked the same way. Each way numbers placeholders in a session of its own; every file holds the
// same two values, so the numbers agree even where a session runs across files (an agent's, one
// per level: a file it received in full would come back from its `pack` as a reference).
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportOptions } from '@loupe/common';
import { type Level, parsePack } from '@loupe/engine';
import { LoupeHost } from '@loupe/host';
import { writeProject } from '@loupe/host/testing/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceAgent } from '../testing/agent';
import { cli } from '../testing/run';

// Assembled at run time: this source holds no secret-shaped literal.
const GITHUB = ['ghp', '_', 'Rt5KmW2vLp9QsX4nBc8YdE1fHj6GaZ3uNo7y'].join('');
const STRIPE = ['sk', '_live_', '9fD21HqLyjWDarjtT1zdp7dcWq4x'].join('');

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-parity-')));
const proj = path.join(work, 'proj');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'src/billing.ts': [
    '/** Billing settings. */',
    `export const STRIPE_KEY = "${STRIPE}";`,
    '',
    'export class Billing {',
    '  /** Charges a card. */',
    '  charge(cents: number): string {',
    `    const token = "${GITHUB}";`,
    '    return token + String(cents);',
    '  }',
    '',
    '  refund(): void {',
    '    // nothing yet',
    '  }',
    '}',
    '',
  ].join('\n'),
  'app.py': `TOKEN = "${GITHUB}"\n\n\ndef pay(cents):\n    """Pays with the key."""\n    key = "${STRIPE}"\n    return key, cents\n`,
  'deploy/.env': `GITHUB_TOKEN=${GITHUB}\nSTRIPE_KEY=${STRIPE}\nPORT=8080\n`,
  'README.md': '# Shop\n\nCall `Billing.charge`.\n',
};
const LEVELS: Level[] = ['full', 'compact', 'signatures', 'outline'];

beforeAll(() => writeProject(proj, FILES));

/** The text of the one file in a pack document. */
function packedText(doc: string, file: string): string {
  const files = parsePack(doc, 'markdown').files;
  const f = files.find((x) => x.path === file);
  if (!f?.text) throw new Error(`${file} is not in the pack:\n${doc}`);
  return f.text;
}

const withEol = (t: string) => (t === '' || t.endsWith('\n') ? t : `${t}\n`);
const dataBody = (result: string) =>
  /\n<untrusted-data-([0-9a-f]+)>\n([\s\S]*?)\n<\/untrusted-data-\1>/.exec(result)?.[2];

/** An agent's session over stdio (`loupe mcp`), as a client we did not write sees it. */
function agent() {
  return sourceAgent(['mcp', '--root', proj], {
    cwd: work,
    env: {
      LOUPE_STATE_DIR: path.join(work, 'mcp-state'),
      LOUPE_CACHE_DIR: path.join(work, 'cache'),
      LOUPE_SOCKET: path.join(work, 'no-app', 'loupe.sock'),
    },
    client: { name: 'parity', version: '1.0.0' },
  });
}

describe('preview = export = loupe pack = MCP = loupe compress / loupe mask', () => {
  const agents = new Map<Level, Awaited<ReturnType<typeof agent>>>();
  beforeAll(async () => {
    for (const detail of LEVELS) agents.set(detail, await agent());
  }, 60_000);
  afterAll(async () => {
    for (const a of agents.values()) await a.close();
  });

  it.each(Object.keys(FILES))(
    '%s, at every detail level',
    async (file) => {
      const host = new LoupeHost({
        stateDir: path.join(work, `host-${file.replace(/\W/g, '_')}`),
        cacheDir: null,
        tokenThreads: 1,
      });
      try {
        await host.openProject({ path: proj });
        await host.setFocus({ include: [file], exclude: [] });
        for (const detail of LEVELS) {
          const mcp = agents.get(detail)!;
          const options: ExportOptions = {
            format: 'markdown',
            detail,
            budget: null,
            masking: true,
            lineNumbers: false,
          };
          const preview = await host.exportPreview(options);
          const exported = await host.exportPack(options);
          expect(exported.text, 'the clipboard gets the preview').toBe(preview.text);
          const text = packedText(preview.text, file);
          expect(text).not.toContain(GITHUB);
          expect(text).not.toContain(STRIPE);

          const packed = await cli(
            ['pack', proj, '--focus', file, '--detail', detail, '--budget', 'none'],
            work,
          );
          expect(packed.code).toBe(0);
          expect(packedText(packed.stdout, file), `loupe pack --detail ${detail}`).toBe(text);

          const body = dataBody(await mcp.call('pack', { paths: [file], detail, budget: 400_000 }));
          expect(body, 'the MCP pack holds its files in a data block').toBeDefined();
          expect(packedText(body!, file), `MCP pack at ${detail}`).toBe(text);

          const read = dataBody(await mcp.call('get_file', { path: file, detail, fresh: true }));
          expect(withEol(read ?? ''), `get_file at ${detail}`).toBe(text);

          const alone = await cli(
            detail === 'full' ? ['mask', file] : ['compress', file, '--level', detail],
            proj,
          );
          expect(alone.code).toBe(0);
          const printed =
            detail === 'full' ? alone.stdout : alone.stdout.slice(alone.stdout.indexOf('\n') + 1);
          expect(printed, detail === 'full' ? 'loupe mask' : `loupe compress --level ${detail}`).toBe(text);
        }
      } finally {
        await host.close();
      }
    },
    120_000,
  );
});
