// RE2 regular expressions over the UTF-8 copy of each text (linear time; a byte limit across
// files), with a prefilter by the literal every match must contain.
import RE2 from 're2';
import { LoupeError } from '../errors';
import type { ContentEntry } from './entry';
import { type FileMatches, type Matcher, none, overlapsPrivate, reset } from './found';
import { mayContain, needleGrams } from './grams';
import { LiteralSearch } from './literal';
import { fold, regexIsCaseSensitive } from './text';
import { encoded } from './utf8';

/** Byte offset -> UTF-16 offset, for texts that are not plain ASCII. */
function charOffset(buf: Buffer, bytes: number): number {
  return buf.toString('utf8', 0, bytes).length;
}

/**
 * The longest run of characters every match must contain, read conservatively from the pattern's
 * top level (no alternation; groups, classes and optional characters end a run): files without
 * it are skipped before RE2 runs. Undefined when no run of 3 or more is certain.
 */
export function requiredLiteral(pattern: string): string | undefined {
  let best = '';
  let run = '';
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '|') return undefined;
    if (c === '(' || c === '[') {
      end();
      // Skip to the matching close (nested groups, escapes, classes inside groups).
      let depth = 0;
      for (; i < pattern.length; i++) {
        const d = pattern[i]!;
        if (d === '\\') i++;
        else if (d === '[' && c === '(') {
          for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
        } else if (d === c) depth++;
        else if (d === (c === '(' ? ')' : ']') && --depth === 0) break;
      }
      // A quantifier after a group or class: nothing to keep either way.
      continue;
    }
    if (c === '*' || c === '?' || c === '{') {
      run = run.slice(0, -1); // the character before is optional (or repeated a counted number of times)
      end();
      if (c === '{') while (i < pattern.length && pattern[i] !== '}') i++;
      continue;
    }
    if (c === '+' || c === '.' || c === '^' || c === '$') {
      end();
      continue;
    }
    if (c === '\\') {
      const n = pattern[i + 1];
      i++;
      if (n === 'Q') return undefined; // quoted text: not worth reading here
      if (n === undefined || /[A-Za-z0-9]/.test(n)) {
        end();
        // Skip the escape's payload: \x41, \x{263a}, \p{Greek}, \pL, digits of an octal escape.
        if (pattern[i + 1] === '{' && /[xpP]/.test(n ?? ''))
          while (i < pattern.length && pattern[i] !== '}') i++;
        else if (n === 'x') i += 2;
        else if (n === 'p' || n === 'P') i += 1;
        else if (n && /[0-9]/.test(n)) while (/[0-7]/.test(pattern[i + 1] ?? '')) i++;
      } else run += n;
      continue;
    }
    run += c;
  }
  end();
  return best.length >= 3 ? best : undefined;
}

/** RE2 matching, smart case, with the literal prefilter (see the Matcher interface). */
class RegexMatcher implements Matcher {
  readonly caseSensitive: boolean;
  readonly regex = true;
  readonly qualified = undefined;
  private readonly re: RE2;
  private readonly grams: Uint32Array;
  private readonly literal: LiteralSearch | undefined;

  constructor(pattern: string) {
    this.caseSensitive = regexIsCaseSensitive(pattern);
    try {
      this.re = new RE2(pattern, this.caseSensitive ? 'gm' : 'gim');
    } catch (error) {
      throw new LoupeError(
        'invalid-argument',
        `The regular expression is not valid RE2 syntax (${(error as Error).message}); fix it, or search without regex for a literal.`,
      );
    }
    const literal = requiredLiteral(pattern);
    this.grams = needleGrams(literal ? fold(literal) : '');
    this.literal = literal ? new LiteralSearch(this.caseSensitive ? literal : fold(literal)) : undefined;
  }

  mayMatch(entry: ContentEntry): boolean {
    if (this.grams.length && !mayContain(entry.grams, this.grams)) return false;
    return !this.literal || this.literal.next(this.caseSensitive ? entry.text : entry.folded, 0) >= 0;
  }

  find(
    entry: ContentEntry,
    keep: number,
    countCap: number,
    out?: FileMatches,
    unfiltered?: boolean,
  ): FileMatches {
    if (!unfiltered && !this.mayMatch(entry)) return none(out);
    const { buf, ascii } = encoded(entry);
    const result = reset(out);
    const spans = result.spans;
    const priv = entry.privateSpans;
    const re = this.re;
    let count = 0;
    re.lastIndex = 0;
    // Offsets stay in bytes until a match is kept; byte -> char conversion runs from the last one.
    let lastByte = 0;
    let lastChar = 0;
    for (let m = re.exec(buf); m; m = re.exec(buf)) {
      const len = (m[0] as Buffer).length;
      if (len === 0) {
        re.lastIndex = m.index + 1;
        if (re.lastIndex > buf.length) break;
        continue; // an empty match locates nothing worth showing
      }
      let start = m.index;
      let end = m.index + len;
      if (!ascii) {
        lastChar += charOffset(buf.subarray(lastByte), start - lastByte);
        lastByte = start;
        start = lastChar;
        end = start + buf.toString('utf8', m.index, m.index + len).length;
      }
      if (priv.length && overlapsPrivate(priv, start, end)) continue;
      if (count < keep) spans.push(start, end);
      if (++count >= countCap) {
        result.count = count;
        result.capped = true;
        return result;
      }
    }
    result.count = count;
    return result;
  }
}

export function regexMatcher(pattern: string): Matcher {
  return new RegexMatcher(pattern);
}
