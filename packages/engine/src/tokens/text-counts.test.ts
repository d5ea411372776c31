// Counts of texts in the count cache (text-counts.ts): a count one process stored, the next finds;
// a text's key is the key the token service gives a file holding exactly its bytes (both directions,
// through a real token service and its workers); texts UTF-8 cannot give back are never stored.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countTokens } from './count';
import { countCacheFile } from './count-cache';
import { createTokenService } from './service';
import { MIN_STORED_CHARS, TextCounts } from './text-counts';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-text-counts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TEXT = `${'export const value = compute("ünïcode", 42) + 1;\n'.repeat(12)}// end\n`;
const never = () => {
  throw new Error('counted again');
};

describe('TextCounts', () => {
  it('finds in a later process what an earlier one stored', async () => {
    const file = countCacheFile(mkdtempSync(path.join(work, 'c-')), 'o200k_base');
    const first = new TextCounts(file);
    const tokens = first.count(TEXT, (t) => countTokens(t));
    expect(tokens).toBe(countTokens(TEXT));
    await first.save();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new TextCounts(file).count(TEXT, never)).toBe(tokens);
    // Another text, or no cache file: counted.
    expect(new TextCounts(file).count(`${TEXT} `, (t) => countTokens(t))).toBe(countTokens(`${TEXT} `));
    expect(new TextCounts(undefined).count(TEXT, () => 7)).toBe(7);
  });

  it('shares its keys with the token service: a file of those bytes and the text are one record', async () => {
    const cacheDir = mkdtempSync(path.join(work, 'c-'));
    const file = countCacheFile(cacheDir, 'o200k_base');
    // The service counts a file; the text of its bytes is then found, not counted.
    const abs = path.join(work, 'a.ts');
    writeFileSync(abs, TEXT);
    const service = createTokenService({ cacheDir, threads: 1 });
    try {
      const st = statSync(abs);
      const got = await service.countFiles([{ path: 'a.ts', abs, size: st.size, mtimeMs: st.mtimeMs }]);
      expect(got.get('a.ts')?.tokens).toBe(countTokens(TEXT));
    } finally {
      await service.close();
    }
    expect(new TextCounts(file).count(TEXT, never)).toBe(countTokens(TEXT));
    // And a text stored here answers the service for a file of its bytes (its workers find it).
    const other = `${TEXT}// and one more line\n`;
    const counts = new TextCounts(file);
    counts.count(other, () => 123_456); // a count no counting gives: it must come from the record
    await counts.save();
    const abs2 = path.join(work, 'b.ts');
    writeFileSync(abs2, other);
    const again = createTokenService({ cacheDir, threads: 1 });
    try {
      const st = statSync(abs2);
      const got = await again.countFiles([{ path: 'b.ts', abs: abs2, size: st.size, mtimeMs: st.mtimeMs }]);
      expect(got.get('b.ts')?.tokens).toBe(123_456);
    } finally {
      await again.close();
    }
  });

  it('never stores a text UTF-8 cannot give back, nor a short one', async () => {
    const file = countCacheFile(mkdtempSync(path.join(work, 'c-')), 'o200k_base');
    const lone = `${TEXT}\uD800 and on`;
    const short = 'x'.repeat(MIN_STORED_CHARS - 1);
    const counts = new TextCounts(file);
    counts.count(lone, () => 1);
    counts.count(short, () => 2);
    await counts.save();
    let calls = 0;
    const later = new TextCounts(file);
    expect(later.count(lone, () => ++calls)).toBe(1);
    expect(later.count(short, () => ++calls + 10)).toBe(12);
    expect(calls).toBe(2);
  });
});
