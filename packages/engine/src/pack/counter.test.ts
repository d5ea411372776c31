import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinedPicks } from '../compress/testing/rand';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import { localCounter, splitsCleanly, threadCounter } from './counter';
import { rng } from './testing/corpus';

// Pieces that sit on the tokenizer's edges: line breaks, runs of spaces, slashes after
// punctuation, contractions, digits, marks, non-Latin letters, fences.
const ATOMS = [
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  '   ',
  '\t',
  '/',
  '//',
  '/*',
  '```',
  '}',
  ')',
  '#',
  '=',
  '<',
  "'s",
  'a',
  'Ab',
  'word',
  '123',
  '4567',
  'é',
  '\u0301',
  '日本',
  '😀',
  '.',
  ',',
  '-',
  '"',
  '\u00a0',
  '\u2028',
];

const randomText = (r: () => number, length: number) => joinedPicks(r, ATOMS, length);

describe('parts that split cleanly count apart exactly', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as Encoding[]) {
    it(`holds for random joins (${encoding})`, () => {
      const r = rng(encoding === 'o200k_base' ? 5 : 6);
      let clean = 0;
      for (let k = 0; k < 4000; k++) {
        const a = randomText(r, 1 + Math.floor(r() * 12));
        const b = randomText(r, 1 + Math.floor(r() * 12));
        if (!splitsCleanly(a, b)) continue;
        clean++;
        expect(countTokens(a + b, encoding), JSON.stringify([a, b])).toBe(
          countTokens(a, encoding) + countTokens(b, encoding),
        );
      }
      expect(clean).toBeGreaterThan(200);
    });
  }

  it('refuses the joins where pieces can run across', () => {
    expect(splitsCleanly('a\n', '\nb')).toBe(false);
    expect(splitsCleanly('a\n', ' b')).toBe(false);
    expect(splitsCleanly('```\n', '/x')).toBe(false); // o200k: punctuation runs on into line breaks and a slash
    expect(splitsCleanly('ts\n', '/x')).toBe(true);
    expect(splitsCleanly('ab', 'c')).toBe(false);
    expect(splitsCleanly('ab\n\n', '## File')).toBe(true);
    // The refused ones really do differ somewhere: the rule is not vacuous.
    expect(countTokens('```\n/x')).not.toBe(countTokens('```\n') + countTokens('/x'));
    expect(countTokens('a\n\nb')).not.toBe(countTokens('a\n') + countTokens('\nb'));
  });
});

describe('counters', () => {
  it('count on a worker thread exactly as on this one', async () => {
    const r = rng(9);
    const texts = Array.from({ length: 300 }, () => randomText(r, Math.floor(r() * 400)));
    texts.push('x'.repeat(600_000)); // more than one message's worth
    const pool = threadCounter('o200k_base');
    const local = localCounter('o200k_base');
    const fromPool = texts.map((t) => pool.count(t));
    await pool.below(1);
    expect(pool.pending).toBe(0);
    expect(await Promise.all(fromPool)).toEqual(await Promise.all(texts.map((t) => local.count(t))));
    await pool.close();
  });
});

describe('texts given as bytes', () => {
  it('count on the thread as here, in one buffer that moves, leaving the caller its bytes', async () => {
    const r = rng(11);
    const texts = Array.from({ length: 200 }, () => randomText(r, Math.floor(r() * 300)));
    const all = Buffer.from(texts.join(''));
    const views: Buffer[] = [];
    let at = 0;
    for (const t of texts) {
      views.push(all.subarray(at, at + Buffer.byteLength(t)));
      at += Buffer.byteLength(t);
    }
    const thread = threadCounter('o200k_base');
    const counts = views.map((v) => thread.countBytes(v));
    await thread.below(1);
    expect(await Promise.all(counts)).toEqual(texts.map((t) => countTokens(t)));
    expect(all.byteLength).toBe(Buffer.byteLength(texts.join(''))); // not detached
    expect(all.toString()).toBe(texts.join(''));
    await thread.close();
  });
});

describe('a section counted from its file', () => {
  it('is the count of label + text + delimiter, and refuses a file that changed since it was packed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-count-'));
    try {
      const file = path.join(dir, 'a.ts');
      const text = 'export const a = 1;\nconst b = "é 😀";';
      writeFileSync(file, text);
      const hash = createHash('sha256').update(text).digest('hex');
      const item = {
        head: '## File: a.ts\n```ts\n',
        tail: '```\n\n',
        file,
        hash,
        eol: true,
        size: text.length,
      };
      const want = countTokens(`${item.head}${text}\n${item.tail}`);
      const pool = threadCounter('o200k_base');
      const fromPool = pool.countFile(item);
      await pool.below(1);
      expect(await fromPool).toBe(want);
      expect(await localCounter('o200k_base').countFile(item)).toBe(want);
      writeFileSync(file, `${text} // edited`);
      const stale = pool.countFile(item);
      await pool.below(1);
      await expect(stale).rejects.toThrow(/changed while it was being packed; pack again/);
      await expect(localCounter('o200k_base').countFile(item)).rejects.toThrow(
        /changed while it was being packed/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
