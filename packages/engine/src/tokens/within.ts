// Counting a long text only as far as a limit. Tokens never cross the pre-tokenizer's pieces, and
// a piece cannot span a cut just after a line break when the next line begins, after any spaces of
// indentation, with a character that is neither white space nor `/`: the line-break piece
// (`\s*[\r\n]+`) ends at the last break of its run, the spaces and that character begin pieces of
// their own, and a punctuation piece runs on only into breaks (and, in o200k, a `/` right after
// them). So the counts of parts cut there add up to the count of the whole (within.test.ts
// compares them), and a text found over the limit part-way is not counted (or made) to its end.

/** Characters per part, at least: a part is cut at the first clean line start after this many. */
const PART = 8192;
const SPACE = /\s/u;

/** Whether a line that begins at `text[at]` may begin a part: spaces, then neither white space nor `/`. */
function cleanStart(text: string, at: number): boolean {
  let i = at;
  while (text[i] === ' ') i++;
  const c = text[i];
  return c !== undefined && c !== '/' && !SPACE.test(c);
}

/** Whether a cut just before `text[at]` leaves every piece whole: `count` of the two sides adds up. */
export function cutsCleanly(text: string, at: number): boolean {
  return at > 0 && at < text.length && text[at - 1] === '\n' && cleanStart(text, at);
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

/**
 * Lines of a text (joined by '\n') as they are made, counted in parts cut cleanly: `full` once
 * their tokens are over `limit`, so the maker can stop. `result()` is the text with its exact
 * count, or undefined for the text when it went over.
 */
export class LinesWithin {
  private readonly lines: string[] = [];
  /** The first line not counted yet, and the characters from it on. */
  private from = 0;
  private chars = 0;
  private tokens = 0;
  full = false;

  constructor(
    private readonly limit: number,
    private readonly count: (text: string) => number,
  ) {}

  push(line: string): void {
    if (this.full) return;
    if (this.chars >= PART && cleanStart(line, 0)) {
      // The part ends with the line break that joins it to this line.
      this.tokens += this.count(`${this.lines.slice(this.from).join('\n')}\n`);
      this.from = this.lines.length;
      this.chars = 0;
      if (this.tokens > this.limit) {
        this.full = true;
        return;
      }
    }
    this.lines.push(line);
    this.chars += line.length + 1;
  }

  result(): { text: string | undefined; tokens: number } {
    if (this.full) return { text: undefined, tokens: this.tokens };
    const tokens = this.tokens + this.count(this.lines.slice(this.from).join('\n'));
    return { text: this.lines.join('\n'), tokens };
  }
}
