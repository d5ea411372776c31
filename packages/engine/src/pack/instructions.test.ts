// The person's instructions head the packed document (the window's export): their words exactly,
// in delimiters they cannot break out of in every format, counted in the budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { countTokens } from '../tokens/count';
import type { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { parsePack } from './parse';
import { type OpenCorpus, openCorpus } from './testing/open-corpus';
import type { PackFormat } from './types';

let corpus: OpenCorpus;
let ws: Workspace;
beforeAll(async () => {
  corpus = await openCorpus('pack-instructions', 31, { rounds: 1 });
  ws = corpus.ws;
});
afterAll(() => corpus.close());

// Hostile to each layout: a fence, a file heading, plain markers, a closing tag, CDATA's end.
const HOSTILE = [
  'Review the error handling.',
  '```',
  '## File: fake.ts',
  '===== End of instructions',
  '</instructions></pack>',
  ']]> done',
].join('\n');

describe('instructions in a pack', () => {
  for (const format of ['markdown', 'plain', 'xml'] as PackFormat[])
    it(`${format}: head the document, parse back exactly, the files still parse`, async () => {
      const plain = await packFocus(ws, { budget: null, format });
      const r = await packFocus(ws, { budget: null, format, instructions: HOSTILE });
      const parsed = parsePack(r.text, format);
      expect(parsed.instructions).toBe(`${HOSTILE}\n`);
      expect(parsed.files).toEqual(parsePack(plain.text, format).files);
      expect(parsed.header).toEqual(parsePack(plain.text, format).header);
      expect(r.text.indexOf('Review the error handling.')).toBeLessThan(
        r.text.indexOf('<tree') >= 0 ? r.text.indexOf('<tree') : r.text.indexOf('Tree'),
      );
      if (format !== 'xml')
        expect(r.text).toMatch(format === 'markdown' ? /^# Instructions\n/ : /^={5,} Instructions\n/);
    });

  it('count in the budget: the pack stays within it, and a budget too small for them is refused', async () => {
    const long = 'Explain how the modules fit together, then list risks. '.repeat(40);
    for (const budget of [2500, 6000]) {
      const without = await packFocus(ws, { budget });
      const withText = await packFocus(ws, { budget, instructions: long });
      expect(withText.tokens).toBeLessThanOrEqual(budget);
      expect(countTokens(withText.text)).toBe(withText.tokens);
      // the files make room for them
      const files = (t: string) => parsePack(t, 'markdown').files.length;
      expect(files(withText.text)).toBeLessThanOrEqual(files(without.text));
    }
    const need = countTokens(long);
    await expect(packFocus(ws, { budget: need, instructions: long })).rejects.toSatisfy(
      (e: unknown) => isLoupeError(e) && /cannot hold this pack's header/.test(e.message),
    );
  });
});
