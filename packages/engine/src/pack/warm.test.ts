// A warm workspace packs from what its earlier packs kept (warm.ts): the answer must be the one a
// fresh workspace gives over the same files, before and after files change, including an edit the
// watcher has not reported yet (the index still has the old facts; only the disk tells).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { writeCorpus } from './testing/corpus';
import type { PackOptions } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-warm-'));
const dir = path.join(work, 'corpus');
let tokens: TokenService;
let ws: Workspace;

const CASES: PackOptions[] = [
  { budget: 1_500 },
  { budget: 6_000, format: 'xml' },
  { budget: 20_000, detail: 'signatures', lineNumbers: true },
  { budget: 4_000, format: 'plain', masking: false },
];

/** The pack a fresh workspace (nothing kept from earlier packs) makes of the tree as it is now. */
async function cold(options: PackOptions) {
  const fresh = await Workspace.open(dir, { stateDir: null, tokens, watch: false });
  try {
    await fresh.tokensReady;
    return await packFocus(fresh, options);
  } finally {
    await fresh.close();
  }
}

async function expectSame(options: PackOptions) {
  const warm = await packFocus(ws, options);
  const fresh = await cold(options);
  expect(warm.text).toBe(fresh.text);
  expect(warm.coverage).toEqual(fresh.coverage);
  return warm;
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeCorpus(dir, 18, { rounds: 2 });
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  // The watcher waits a minute for quiet: only catchUp() brings an edit into the index.
  ws = await Workspace.open(dir, { stateDir: null, tokens, watch: { quietMs: 60_000, maxWaitMs: 120_000 } });
  await ws.tokensReady;
  await ws.watcher!.idle();
}, 120_000);

afterAll(async () => {
  await ws.close();
  await tokens.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a warm workspace packs what a fresh one packs', () => {
  it('gives the same bytes and coverage on its first, second and third pack', async () => {
    for (const options of CASES) {
      const first = await expectSame(options);
      const again = await packFocus(ws, options);
      expect(again.text).toBe(first.text);
      expect((await packFocus(ws, options)).coverage).toEqual(first.coverage);
    }
  }, 300_000);

  it('packs an edited file anew though the watcher has not reported the edit yet', async () => {
    const before = await packFocus(ws, CASES[0]!);
    const included = before.coverage.outcomes.find(
      (o) =>
        o.kind === 'included' &&
        o.level === 'full' &&
        /[a-y]/.test(readFileSync(path.join(dir, o.path), 'utf8')),
    )!;
    expect(included).toBeDefined();
    // The same size, one letter changed: the index's size and token count still fit.
    const abs = path.join(dir, included.path);
    const text = readFileSync(abs, 'utf8');
    const at = text.search(/[a-y]/);
    writeFileSync(abs, text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) + 1) + text.slice(at + 1));
    const after = await expectSame(CASES[0]!);
    expect(after.text).not.toBe(before.text);
  }, 120_000);

  it('packs what the index says once edits, a new file and a deletion are caught up', async () => {
    const firstOmitted = (await packFocus(ws, CASES[1]!)).coverage.outcomes.find((o) => o.kind === 'omitted');
    const included = (await packFocus(ws, CASES[1]!)).coverage.outcomes.find((o) => o.kind === 'included')!;
    writeFileSync(
      path.join(dir, included.path),
      `${readFileSync(path.join(dir, included.path), 'utf8')}\n// more\n`,
    );
    writeFileSync(path.join(dir, 'src/added.ts'), 'export const added = "new file";\n');
    if (firstOmitted) unlinkSync(path.join(dir, firstOmitted.path));
    // catchUp applies what the OS has reported: wait until it has reported all three.
    const gone = firstOmitted?.path;
    while (!ws.index.get('src/added.ts') || (gone && ws.index.get(gone))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ws.watcher!.catchUp();
    }
    for (const options of CASES) await expectSame(options);
  }, 300_000);
});
