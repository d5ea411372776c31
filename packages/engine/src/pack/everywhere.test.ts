// A value masked once is masked in every later file of the pack, whichever executor made the
// document: the budget walk, the streamed pack, and the sectioned pack on this thread, with the
// counting thread beside it, or on worker threads with batches in flight while the value is first
// found (their files laid out before the session knew it). The value sits in `.env` (masked by its
// format) and again, in prose no rule reads, in files ranked after it: in the same batch and in
// later ones. A value the session masked before the pack (an agent's earlier get_file) is masked
// in the pack too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { type PackDeps, packFocus } from './pack';
import type { PackOptions } from './types';

// Assembled at run time: this source holds no secret-shaped literal.
const VALUE = ['Zq8xW4rT2y', 'U6iO0pA3sD'].join('');
const work = mkdtempSync(path.join(tmpdir(), 'loupe-everywhere-'));
let tokens: TokenService;
let ws: Workspace;

beforeAll(async () => {
  const files: Record<string, string> = {
    '.env': `DEPLOY_API_TOKEN=${VALUE}\nPORT=8080\n`,
    'README.md': '# Shop\n\nSee docs/.\n',
  };
  // Many small files after it: several batches, so several are on worker threads at once.
  for (let i = 0; i < 400; i++)
    files[`docs/archive/n${String(i).padStart(3, '0')}.txt`] =
      i % 50 === 7 ? `Copy ${VALUE} into the console when asked.\n` : `Note ${i}: nothing to see.\n`;
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
    writeFileSync(path.join(work, rel), text);
  }
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  ws = await Workspace.open(work, { stateDir: null, tokens });
  await ws.tokensReady;
}, 60_000);

afterAll(async () => {
  await ws?.close();
  await tokens?.close();
  rmSync(work, { recursive: true, force: true });
});

const CASES: Array<[string, PackOptions, PackDeps]> = [
  ['sectioned, this thread', { budget: null }, { countThreads: 0 }],
  ['sectioned, counting beside', { budget: null }, { besideBytes: 0 }],
  ['sectioned, worker threads', { budget: null }, { largeBytes: 0 }],
  [
    'sectioned, worker threads, line numbers',
    { budget: null, lineNumbers: true },
    { largeBytes: 0, countThreads: 2 },
  ],
  ['streamed (a detail level)', { budget: null, detail: 'compact' }, {}],
  ['streamed, worker threads', { budget: null, detail: 'compact' }, { largeBytes: 0 }],
  ['budgeted', { budget: 200_000 }, {}],
];

describe('a value masked once is masked in every later file of a pack', () => {
  it.each(CASES)(
    '%s',
    async (_, options, deps) => {
      const r = await packFocus(ws, { ...options, session: new MaskSession() }, deps);
      expect(r.tokens).toBe(countTokens(r.text));
      expect(r.text.indexOf('DEPLOY_API_TOKEN=')).toBeLessThan(r.text.indexOf('docs/archive/n007.txt'));
      expect(r.text).not.toContain(VALUE);
      const placeholder = /DEPLOY_API_TOKEN=(LOUPE_REDACTED\[[^\]]+\])/.exec(r.text)![1]!;
      // Every copy, in every later file, under the one placeholder.
      expect(r.text.split(`Copy ${placeholder} into`).length - 1).toBe(8);
      expect(r.coverage.masked.total).toBe(9);
    },
    60_000,
  );

  it.each(CASES)(
    '%s: a value the session masked in an earlier read is masked in a later pack of other files',
    async (_, options, deps) => {
      const session = new MaskSession();
      const env = await ws.content.read(ws.index.get('.env')!, {}, session);
      expect(env.kind).toBe('content');
      const placeholder = /DEPLOY_API_TOKEN=(LOUPE_REDACTED\[[^\]]+\])/.exec(
        env.kind === 'content' ? env.text : '',
      )![1]!;
      // The pack holds only the prose files: no rule reads them, only the session's known value.
      const r = await packFocus(ws, { ...options, paths: ['docs'], session }, deps);
      expect(r.text).not.toContain('DEPLOY_API_TOKEN');
      expect(r.text).not.toContain(VALUE);
      expect(r.text.split(`Copy ${placeholder} into`).length - 1).toBe(8);
      expect(r.coverage.masked.total).toBe(8);
    },
    60_000,
  );

  it('gives the same document on every executor', async () => {
    const docs = new Set<string>();
    for (const deps of [
      { countThreads: 0 },
      { besideBytes: 0 },
      { largeBytes: 0 },
      { largeBytes: 0, countThreads: 2 },
    ])
      docs.add((await packFocus(ws, { budget: null, session: new MaskSession() }, deps)).text);
    expect(docs.size).toBe(1);
  }, 60_000);
});
