import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinedPicks, rng } from '../compress/testing/rand';
import { markdownLines } from '../tree/markdown';
import { buildTree } from '../tree/model';
import { renderTree } from '../tree/render';
import { makeView } from '../tree/view';
import type { Encoding } from '../types';
import { countTokens } from './count';
import { countWithin, cutsCleanly, LinesWithin } from './within';

// Pieces that sit on the tokenizer's edges, indentation and blank lines with spaces among them.
const ATOMS = [
  '\n',
  '\r\n',
  '\n\n',
  '\n ',
  '\n  ',
  ' \n',
  ' ',
  '   ',
  '\t',
  '/',
  '//',
  '```',
  '}',
  '#',
  "'s",
  'a',
  'Ab',
  'word',
  '123',
  'é',
  '\u0301',
  '日本',
  '😀',
  '.',
  '"',
  '…',
  '\u00a0',
  '\u2028',
];

const randomText = (r: () => number, length: number) => joinedPicks(r, ATOMS, length);

const ENCODINGS: Encoding[] = ['o200k_base', 'cl100k_base'];

describe('a clean cut', () => {
  for (const encoding of ENCODINGS)
    it(`splits no piece: the two sides count the whole (${encoding}, random texts)`, () => {
      const r = rng(encoding === 'o200k_base' ? 21 : 22);
      let cuts = 0;
      for (let k = 0; k < 3000; k++) {
        const text = randomText(r, 2 + Math.floor(r() * 24));
        const whole = countTokens(text, encoding);
        for (let at = 1; at < text.length; at++) {
          if (!cutsCleanly(text, at)) continue;
          cuts++;
          const sides = countTokens(text.slice(0, at), encoding) + countTokens(text.slice(at), encoding);
          expect(sides, JSON.stringify([text.slice(0, at), text.slice(at)])).toBe(whole);
        }
      }
      expect(cuts).toBeGreaterThan(1000);
    });

  it('is refused where a piece runs across', () => {
    expect(cutsCleanly('a\n\nb', 2)).toBe(false); // the break run goes on
    expect(cutsCleanly('a\n \nb', 2)).toBe(false); // spaces, then a break: one piece
    expect(cutsCleanly('a\n\tb', 2)).toBe(false);
    expect(cutsCleanly('```\n/x', 4)).toBe(false); // o200k: punctuation runs on into a slash
    expect(cutsCleanly('ab', 1)).toBe(false);
    expect(cutsCleanly('a\n  b', 2)).toBe(true); // indentation begins pieces of its own
    expect(cutsCleanly('```\n x', 4)).toBe(true);
    // The refused ones really do differ: the rule is not vacuous.
    expect(countTokens('```\n/x')).not.toBe(countTokens('```\n') + countTokens('/x'));
    expect(countTokens('a\n \nb')).not.toBe(countTokens('a\n') + countTokens(' \nb'));
  });
});

/** A real project's paths (the repository's own sources when no scratch checkout is here). */
function projectPaths(): string[] {
  const root = ['/work/scratch/test262', '/work/scratch/hono'].find((d) => existsSync(d));
  const dir = root ?? path.resolve(__dirname, '../../../..');
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (e.name === '.git' || e.name === 'node_modules') continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else out.push(p);
      if (out.length >= 40_000) return;
    }
  };
  walk('');
  // A fresh clone alone renders a tree of ~20k characters: the same paths under more folders
  // make it long enough to be counted in several parts.
  if (root !== undefined) return out;
  const own = out.slice();
  for (let copy = 1; copy < 8; copy++) out.push(...own.map((p) => `copy-${copy}/${p}`));
  return out;
}

describe('countWithin', () => {
  const model = buildTree(projectPaths().map((p) => ({ path: p })));
  const tree = renderTree(model, { format: 'markdown' }).text;

  for (const encoding of ENCODINGS)
    it(`is the exact count of a long tree at or under the limit, and over it when over (${encoding})`, () => {
      const count = (t: string) => countTokens(t, encoding);
      const exact = count(tree);
      expect(tree.length).toBeGreaterThan(50_000); // several parts
      expect(countWithin(tree, exact, count)).toBe(exact);
      expect(countWithin(tree, Number.POSITIVE_INFINITY, count)).toBe(exact);
      const counted: number[] = [];
      const early = countWithin(tree, 2000, (t) => {
        counted.push(t.length);
        return count(t);
      });
      expect(early).toBeGreaterThan(2000);
      expect(early).toBeLessThanOrEqual(exact);
      expect(counted.reduce((a, b) => a + b, 0)).toBeLessThan(tree.length); // stopped part-way
    });

  it('counts a short text whole', () => {
    const seen: string[] = [];
    const count = (t: string) => {
      seen.push(t);
      return countTokens(t);
    };
    expect(countWithin('a\n b', 0, count)).toBe(countTokens('a\n b'));
    expect(seen).toEqual(['a\n b']);
  });

  for (const encoding of ENCODINGS)
    it(`taking lines, gives the text and its exact count, or stops once over (${encoding})`, () => {
      const count = (t: string) => countTokens(t, encoding);
      const entries = model.root.folderCount + model.root.fileCount;
      const view = makeView(model, model.root, [], {}, undefined, entries, []);
      const all = new LinesWithin(Number.POSITIVE_INFINITY, count);
      markdownLines(view, all);
      expect(all.result()).toEqual({ text: tree, tokens: count(tree) });
      let pushed = 0;
      const few = new LinesWithin(3000, count);
      markdownLines(view, {
        push: (line) => {
          pushed++;
          few.push(line);
        },
        get full() {
          return few.full;
        },
      });
      const r = few.result();
      expect(r.text).toBeUndefined();
      expect(r.tokens).toBeGreaterThan(3000);
      expect(r.tokens).toBeLessThanOrEqual(count(tree));
      expect(pushed).toBeLessThan(tree.split('\n').length); // the rendering stopped
    });
});
