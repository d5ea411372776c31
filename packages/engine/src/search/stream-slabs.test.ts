// A streamed search that finds many files cuts their entries' arrays from slabs, as a bulk index
// build does (slabs.ts). Each was its own small malloc: after a cold search of a common word on
// test262 (44k files found) and a switch to express, glibc's heap kept the holes and the host held
// 518 MiB against 387 MiB fresh (1.34x); with slabs 456 MiB (1.20x; docs/benchmarks.md, stop 28).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { Workspace } from '../workspace/workspace';
import { ANY_GRAMS, mayContain, needleGrams } from './grams';
import { IndexMaskSession } from './placeholders';
import { SLAB_FROM } from './search-index';
import { streamRecords } from './stream';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-stream-slabs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FOUND = SLAB_FROM + 200;
beforeAll(() => {
  for (let d = 0; d < 12; d++) {
    mkdirSync(path.join(work, `d${d}`));
    for (let i = 0; i < 100; i++) {
      const body = i % 2 === 0 ? `export const needle${i} = ${i};\n` : `export const other${i} = ${i};\n`;
      writeFileSync(path.join(work, `d${d}`, `f${i}.ts`), body.repeat(3));
    }
  }
  for (let i = 0; i < FOUND - 600; i++) writeFileSync(path.join(work, `n${i}.ts`), `const needle = ${i};\n`);
  git(work, ['init', '-q']);
});

it('cuts the arrays of many found files from a few shared buffers, and their text is each file’s', async () => {
  const ws = await Workspace.open(work, { stateDir: null, cacheDir: null, countTokens: false });
  try {
    const files = ws.index.all();
    const { records } = await streamRecords(
      ws.content,
      files,
      { literal: 'needle', caseSensitive: true },
      new IndexMaskSession(ws.maskKey),
    );
    const found = records.filter((r) => r?.entry);
    expect(found).toHaveLength(FOUND);
    const buffers = new Set(found.flatMap((r) => [r!.entry!.starts.buffer, r!.entry!.grams.bits.buffer]));
    expect(buffers.size).toBeLessThanOrEqual(4);
    for (const r of found.slice(0, 50)) expect(r!.entry!.text).toContain('needle');
    // No trigram filter of their own (the workers looked in these files; the entries serve this
    // search alone): the shared one lets every needle through to the text.
    expect(found.every((r) => r!.entry!.grams === ANY_GRAMS)).toBe(true);
    for (const q of ['needle', 'other', 'zzz_not_there', 'ünïcode'])
      expect(mayContain(ANY_GRAMS, needleGrams(q))).toBe(true);
  } finally {
    await ws.close();
  }
}, 120_000);
