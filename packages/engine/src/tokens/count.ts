// Exact token counts, several times faster than js-tiktoken per core.
//
// js-tiktoken's `encode` splits text with the encoding's pattern, UTF-8 encodes each piece, joins
// its bytes into a comma string to look it up, and byte-pair merges pieces that are not whole
// tokens. We run the same pattern with the same regex engine (so the pieces are identical), count
// instead of collecting token ids, and memoize the count per piece: source code repeats its
// pieces (` const`, `(`, ` return`) so almost every piece is a single Map hit.
//
// Special tokens: js-tiktoken's `encode(text)` throws when the text contains one (e.g.
// `<|endoftext|>`), since all are disallowed by default. A file is text, not a prompt, so we count
// such text as ordinary text: the result equals `encode(text, [], []).length`, which is
// `encode(text).length` whenever that does not throw.
import type { Encoding } from '../types';
import { bpeCount } from './bpe';
import { PieceMemo, pieceHash } from './memo';
import { O200K_PATTERN, o200kPiece } from './pretokenize';
import { encodingData } from './ranks';

export interface TokenCounter {
  readonly encoding: Encoding;
  /** Number of tokens js-tiktoken's encoder produces for `text` (see the note on special tokens). */
  count(text: string): number;
}

export interface CounterOptions {
  /** Pieces kept per memo generation; two generations are alive, so at most twice this many. */
  memoEntries?: number;
  /** Longer pieces are not memoized (they rarely repeat and would pin memory). */
  memoMaxLength?: number;
}

const encoder = new TextEncoder();

/** A piece's UTF-8 bytes, one char per byte; TextEncoder turns lone surrogates into U+FFFD. */
export function byteString(piece: string): string {
  for (let i = 0; i < piece.length; i++) {
    if (piece.charCodeAt(i) > 0x7f) {
      const bytes = encoder.encode(piece);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    }
  }
  return piece;
}

/** File bytes as the text we count: UTF-8, invalid bytes become U+FFFD, a BOM is kept. */
export function decodeText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * The pattern with its capturing groups made non-capturing: the same pieces (we use only the whole
 * match), found without recording groups. Escapes and character classes are left as they are.
 */
export function withoutCaptures(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && pattern[i + 1] !== '?') {
      out += '(?:';
      continue;
    }
    out += c;
  }
  return out;
}

export function createCounter(encoding: Encoding, options: CounterOptions = {}): TokenCounter {
  const { pattern, ranks } = encodingData(encoding);
  const limit = options.memoEntries ?? 50_000;
  const maxLength = options.memoMaxLength ?? 64;
  // Pieces follow each other (the patterns match every character): a sticky test at the end of
  // the last piece finds the next without building a match array; where it fails (a gap), a
  // global search finds the next piece exactly as js-tiktoken's matchAll does. For o200k, pieces
  // of ASCII text are found by hand (pretokenize.ts), and the pattern decides the rest.
  const source = withoutCaptures(pattern);
  const sticky = new RegExp(source, 'yu');
  const search = new RegExp(source, 'gu');
  const byHand = pattern === O200K_PATTERN ? o200kPiece : undefined;
  const memo = new PieceMemo(limit, maxLength);

  const pieceCount = (piece: string): number => {
    const bytes = byteString(piece);
    return ranks.rank(bytes, 0, bytes.length) >= 0 ? 1 : bpeCount(bytes, ranks);
  };

  return {
    encoding,
    count(text: string): number {
      let total = 0;
      let pos = 0;
      while (pos < text.length) {
        let start = pos;
        let end = byHand ? byHand(text, pos) : -1;
        if (end < 0) {
          sticky.lastIndex = pos;
          if (sticky.test(text)) end = sticky.lastIndex;
          else {
            search.lastIndex = pos;
            const m = search.exec(text);
            if (m === null) break;
            start = m.index;
            end = start + m[0].length;
          }
          if (end === start) {
            // The patterns never match empty; if one did, js-tiktoken would add no token for it.
            pos = end + ((text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1);
            continue;
          }
        }
        pos = end;
        // One ASCII character is one byte, and every byte is a token.
        if (end - start === 1 && text.charCodeAt(start) < 0x80) {
          total += 1;
          continue;
        }
        if (end - start > maxLength) {
          // Long pieces rarely repeat: counted, not remembered.
          total += pieceCount(text.slice(start, end));
          continue;
        }
        const h = pieceHash(text, start, end);
        let n = memo.get(text, start, end, h);
        if (n < 0) {
          n = pieceCount(text.slice(start, end));
          memo.set(text, start, end, h, n);
        }
        total += n;
      }
      return total;
    },
  };
}

const shared = new Map<Encoding, TokenCounter>();

/** Exact token count of `text`; one shared counter (and memo) per encoding and thread. */
export function countTokens(text: string, encoding: Encoding = 'o200k_base'): number {
  let counter = shared.get(encoding);
  if (!counter) {
    counter = createCounter(encoding);
    shared.set(encoding, counter);
  }
  return counter.count(text);
}
