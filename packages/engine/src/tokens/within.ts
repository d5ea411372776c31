// Counting a long text only as far as a limit. Tokens never cross the pre-tokenizer's pieces, and
// a piece cannot span a cut just after a line break when the next line begins, after any spaces of
// indentation, with a character that is not white space: the line-break piece (`\s*[\r\n]+`) ends
// at the last break of its run, the spaces and that character begin pieces of their own, and a
// punctuation piece runs on only into breaks (and, in o200k, a `/` right after them). So the
// counts of parts cut there add up to the count of the whole (within.test.ts compares them), and
// a text found over the limit part-way is not counted to its end.

/** Characters per part, at least: a part is cut at the first clean line start after this many. */
const PART = 8192;
const SPACE = /\s/u;
const PUNCT = /[^\s\p{L}\p{N}]/u;

/** Whether a cut just before `text[at]` leaves every piece whole: `count` of the two sides adds up. */
export function cutsCleanly(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length || text[at - 1] !== '\n') return false;
  let i = at;
  while (text[i] === ' ') i++;
  const c = text[i];
  if (c === undefined || SPACE.test(c)) return false;
  if (i === at && c === '/') {
    // o200k's punctuation piece takes a `/` after its line breaks.
    let j = at - 1;
    while (j >= 0 && (text[j] === '\n' || text[j] === '\r')) j--;
    if (j >= 0 && PUNCT.test(text[j]!)) return false;
  }
  return true;
}

/**
 * Tokens of `text`, exact when they are at most `limit`; otherwise some number over `limit` (the
 * exact count of a prefix cut cleanly), found without counting the rest.
 */
export function countWithin(text: string, limit: number, count: (text: string) => number): number {
  if (text.length <= 2 * PART) return count(text);
  let total = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.length;
    for (let nl = text.indexOf('\n', start + PART); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
      if (cutsCleanly(text, nl + 1)) {
        end = nl + 1;
        break;
      }
    }
    total += count(text.slice(start, end));
    if (total > limit) return total;
    start = end;
  }
  return total;
}
