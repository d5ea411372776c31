// A budget over the whole project's total is answered from the full-pack trial's sections as they
// came back (whole-budget.ts, document.ts `measuredParts`): written part by part, never joined into
// one text, and byte for byte the walk's document, again when the memo answers (warm.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { type PackDeps, packFocus, packFocusTo } from './pack';
import { PACK_FORMATS } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-whole-parts-'));
let tokens: TokenService;
beforeAll(() => {
  tokens = createTokenService({ cacheDir: null, threads: 1 });
  const put = (rel: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
    writeFileSync(path.join(work, rel), content);
  };
  put('README.md', '# Parts\n\nA small project.\n');
  for (let i = 0; i < 30; i++)
    put(`src/m${i}.ts`, `export const v${i} = ${i};\n${'// line\n'.repeat(i * 7)}`);
  put('data/blob.txt', Buffer.concat([Buffer.from('head\n'), Buffer.alloc(32)])); // not read: binary
});
afterAll(async () => {
  await tokens.close();
  rmSync(work, { recursive: true, force: true });
});

async function parts(ws: Workspace, budget: number, format: (typeof PACK_FORMATS)[number], deps: PackDeps) {
  const chunks: Array<string | Uint8Array> = [];
  let answered: boolean | undefined;
  const report = await packFocusTo(ws, { budget, format }, (c) => void chunks.push(c), {
    ...deps,
    onWhole: (a) => (answered = a),
  });
  const text = chunks.map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString('utf8'))).join('');
  return { chunks, text, report, answered };
}

describe('a budget over the total, answered from the trial', () => {
  it.each(PACK_FORMATS)('is written in parts with the walk alone’s bytes (%s)', async (format) => {
    const open = () => Workspace.open(work, { stateDir: null, tokens, countTokens: false });
    const alone = await open();
    const expected = await packFocus(alone, { budget: 1e9, format }, { wholeFirst: false });
    await alone.close();
    for (const deps of [{ largeBytes: 0 }, {}] as PackDeps[]) {
      const ws = await open();
      try {
        const got = await parts(ws, 1e9, format, deps);
        expect(got.answered).toBe(true);
        expect(got.text).toBe(expected.text);
        expect(got.report.tokens).toBe(expected.tokens);
        expect(JSON.stringify(got.report.coverage)).toBe(JSON.stringify(expected.coverage));
        // Header, tree, the sections (runs of them as bytes on worker threads), footer.
        expect(got.chunks.length).toBeGreaterThan(3);
        if (deps.largeBytes === 0) expect(got.chunks.some((c) => typeof c !== 'string')).toBe(true);
        // The memo's answer (the same workspace again) writes the same parts.
        const again = await parts(ws, 1e9, format, deps);
        expect(again.answered).toBeUndefined();
        expect(again.text).toBe(expected.text);
      } finally {
        await ws.close();
      }
    }
  });
});
