// o200k's pre-tokenizer, by hand, for ASCII text: the end of the piece that the encoding's
// pattern (js-tiktoken's `pat_str`, matched with the `u` flag, JavaScript semantics) matches at a
// position, or -1 wherever a character at or after that position might not be ASCII and so could
// be a letter, digit, mark or space of another script: there the caller asks the pattern itself.
// It spares the regex engine's call and its match on the pieces of plain ASCII code and prose,
// the bulk of what a pack counts. The differential tests compare it with the pattern piece by
// piece on random and real text.
//
// The pattern's alternatives, tried in order at a position (the first that matches wins):
//   1. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(contraction)?
//   2. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(contraction)?
//   3. \p{N}{1,3}
//   4.  ?[^\s\p{L}\p{N}]+[\r\n/]*
//   5. \s*[\r\n]+
//   6. \s+(?!\S)
//   7. \s+
// where a contraction is one of 's 't 're 've 'm 'll 'd in any letter case.

/** The pattern this pre-tokenizer reproduces (o200k_base, js-tiktoken 1.0). */
export const O200K_PATTERN =
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
/** JavaScript's \s among ASCII: tab, LF, VT, FF, CR, space. */
const SPACE = 8;
const BREAK = 16;
/** Neither letter, digit nor space: punctuation and control characters. */
const PUNCT = 32;
const LETTER = UPPER | LOWER;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  CLASS[c] =
    c >= 65 && c <= 90
      ? UPPER
      : c >= 97 && c <= 122
        ? LOWER
        : c >= 48 && c <= 57
          ? DIGIT
          : c === 10 || c === 13
            ? SPACE | BREAK
            : c === 9 || c === 11 || c === 12 || c === 32
              ? SPACE
              : PUNCT;
}

/** End of the o200k piece at `pos` (< t.length), or -1 when the pattern must decide. */
export function o200kPiece(t: string, pos: number): number {
  const len = t.length;
  const c0 = t.charCodeAt(pos);
  if (c0 >= 128) return -1;
  const k0 = CLASS[c0]!;
  let c = 0;
  // Alternatives 1 and 2: letters, after at most one character that is none of letter, digit, CR, LF.
  let q = -1;
  if (k0 & LETTER) q = pos;
  else if ((k0 & (DIGIT | BREAK)) === 0 && pos + 1 < len) {
    c = t.charCodeAt(pos + 1);
    if (c >= 128) return -1;
    if (CLASS[c]! & LETTER) q = pos + 1;
  }
  if (q >= 0) {
    // Capitals, then small letters: with small letters after the capitals it is alternative 1,
    // without, alternative 2; both end where the small letters do.
    let end = runEnd(t, q, len, UPPER);
    if (end >= 0) end = runEnd(t, end, len, LOWER);
    if (end < 0) return -1;
    if (end < len && t.charCodeAt(end) === 39) {
      const a = end + 1 < len ? t.charCodeAt(end + 1) | 32 : 0;
      if (a === 115 || a === 116 || a === 109 || a === 100) return end + 2; // 's 't 'm 'd
      const b = end + 2 < len ? t.charCodeAt(end + 2) | 32 : 0;
      if ((a === 114 || a === 118) && b === 101) return end + 3; // 're 've
      if (a === 108 && b === 108) return end + 3; // 'll
    }
    return end;
  }
  // Alternative 3: one to three digits.
  if (k0 & DIGIT) {
    let end = pos + 1;
    for (; end < len && end < pos + 3; end++) {
      c = t.charCodeAt(end);
      if (c >= 128) return -1;
      if (CLASS[c] !== DIGIT) break;
    }
    return end;
  }
  // Alternative 4: an optional space, punctuation, then any CR, LF and slashes.
  let from = pos;
  if (c0 === 32 && pos + 1 < len) {
    c = t.charCodeAt(pos + 1);
    if (c >= 128) return -1;
    if (CLASS[c] === PUNCT) from = pos + 1;
  }
  if (CLASS[t.charCodeAt(from)] === PUNCT) {
    let end = runEnd(t, from + 1, len, PUNCT);
    if (end < 0) return -1;
    for (; end < len; end++) {
      c = t.charCodeAt(end);
      if (c !== 10 && c !== 13 && c !== 47) break;
    }
    return end;
  }
  // Alternatives 5 to 7, on the run of white space here: up to its last line break (5); else all
  // of it before a non-space but the last space (6), which joins the next piece; else all (7).
  let end = pos;
  let lastBreak = -1;
  for (; end < len; end++) {
    c = t.charCodeAt(end);
    if (c >= 128) return -1;
    const k = CLASS[c]!;
    if ((k & SPACE) === 0) break;
    if (k & BREAK) lastBreak = end;
  }
  if (lastBreak >= 0) return lastBreak + 1;
  if (end === len || end - pos === 1) return end;
  return end - 1;
}

/** The end of the run of ASCII characters of class `cls` from `from`, or -1 if it stops at a non-ASCII one. */
function runEnd(t: string, from: number, len: number, cls: number): number {
  let end = from;
  for (; end < len; end++) {
    const c = t.charCodeAt(end);
    if (c >= 128) return -1;
    if (CLASS[c] !== cls) break;
  }
  return end;
}
