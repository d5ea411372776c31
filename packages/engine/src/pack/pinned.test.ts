// The document is a function of its inputs: a fixed project packs to the same bytes on every run,
// whichever path made it (on this thread, or read, masked and counted on worker threads), and to
// exactly the bytes pinned below. A change of these hashes is a change of what Loupe delivers: make
// it on purpose, say why in the commit, and pin the new hashes.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { type PackDeps, packFocus } from './pack';
import { writeCorpus } from './testing/corpus';
import type { PackOptions } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-pinned-'));
const dir = path.join(work, 'pinned');
let tokens: TokenService;
let ws: Workspace;

// Built at run time so this file holds no secret-shaped literal.
const VALUE = ['aB3dE5fG7hJ9', 'kL2mN4pQ6rS8', 'tU0vW1xY3zA5'].join('');

/** Fixed text in the shapes a full pack treats apart: large, invalid UTF-8, BOM, a lock file, shared secrets. */
function extras(): Record<string, string | Buffer> {
  const key = `${'ghp_'}${VALUE}`;
  const lines: string[] = [];
  for (let i = 0; i < 9000; i++) lines.push(`export const value${i} = compute(${i}, "item-${i % 97}");`);
  return {
    'src/big.ts': `${lines.join('\n')}\n`,
    'src/bom.ts': '\uFEFFexport const bom = 1;\n',
    'src/latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe, 0x0a]),
    'src/unicode.md': '# Überblick\n\nMehr als 東京 und 😀 — `ß`.\n',
    'uv.lock': `${Array.from({ length: 400 }, (_, i) => `[[package]]\nname = "p${i}"\nhash = "sha256:${createHash('sha256').update(String(i)).digest('hex')}"\n`).join('\n')}`,
    'deploy/a.env': `GITHUB_TOKEN=${key}\nAPI_KEY="k3y-${'9'.repeat(24)}"\n`,
    'src/keys-a.ts': `export const token = '${key}';\n`,
    'src/keys-b.ts': `export const token = '${key}'; // the same value\n`,
  };
}

beforeAll(async () => {
  mkdirSync(dir);
  writeCorpus(dir, 4242, { rounds: 2 });
  for (const [rel, content] of Object.entries(extras())) {
    const abs = path.join(dir, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  ws = await Workspace.open(dir, { stateDir: null, tokens });
  await ws.tokensReady;
}, 60_000);

afterAll(async () => {
  await ws?.close();
  await tokens?.close();
  rmSync(work, { recursive: true, force: true });
});

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function pack(options: PackOptions, deps?: PackDeps): Promise<{ hash: string; tokens: number }> {
  const result = await packFocus(ws, { ...options, session: new MaskSession() }, deps);
  expect(result.tokens).toBe(countTokens(result.text));
  return { hash: sha(result.text), tokens: result.tokens };
}

/** Each case's document hash (first 16 hex digits of its SHA-256) and token count. */
const PINNED: Array<[string, PackOptions, { hash: string; tokens: number }]> = [
  ['markdown, full pack', { budget: null }, { hash: '27384f92da7f6b60', tokens: 180668 }],
  [
    'xml, full pack, line numbers',
    { budget: null, format: 'xml', lineNumbers: true },
    { hash: '9ffd64da6a7c6ff1', tokens: 220087 },
  ],
  ['plain, full pack', { budget: null, format: 'plain' }, { hash: '371a3dd0cce1b5ca', tokens: 180647 }],
  [
    'markdown, full pack, signatures',
    { budget: null, detail: 'signatures' },
    { hash: '5c40c043435b85d6', tokens: 172873 },
  ],
  ['markdown, 6,000 tokens', { budget: 6000 }, { hash: '77aa22c2b746833e', tokens: 5705 }],
  [
    'xml, 20,000 tokens, compact',
    { budget: 20_000, format: 'xml', detail: 'compact' },
    { hash: 'd121cccd6c3592ee', tokens: 17170 },
  ],
];

describe('the document for a fixed project', () => {
  it('holds what the cases are about: masked values (one number per value), a lock file, text that is not UTF-8', async () => {
    const result = await packFocus(ws, { budget: null, session: new MaskSession() });
    const seen = new Map<string, number>();
    for (const [m] of result.text.matchAll(/LOUPE_REDACTED\[github-pat#\d+\]/g))
      seen.set(m, (seen.get(m) ?? 0) + 1);
    expect(Math.max(...seen.values())).toBeGreaterThanOrEqual(2); // one value, one number, in two files
    expect(result.coverage.masked.total).toBeGreaterThanOrEqual(4);
    expect(result.text).toContain('uv.lock');
    expect(result.text).toContain('caf\uFFFD');
    expect(result.text).not.toContain(VALUE);
  });

  it.each(PINNED)(
    '%s: the pinned bytes, the same on this thread and on workers',
    async (_, options, pinned) => {
      const here = await pack(options, { countThreads: 0 });
      expect(await pack(options)).toEqual(here);
      if (options.budget === null) {
        // As a large project: read, masked and counted on worker threads.
        expect(await pack(options, { largeBytes: 0 })).toEqual(here);
        expect(await pack(options, { largeBytes: 0, countThreads: 2 })).toEqual(here);
        // Read and masked here, counted on the thread beside this one.
        expect(await pack(options, { besideBytes: 0 })).toEqual(here);
      }
      expect(here).toEqual(pinned);
    },
  );
});
