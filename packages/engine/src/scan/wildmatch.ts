// git's glob matcher (wildmatch), reimplemented from its documented and observed behaviour.
// Inputs are byte strings (one char per UTF-8 byte, see bytes.ts): git matches bytes, so `?`
// matches one byte of a multi-byte character, exactly as git does. The quirks are deliberate:
// the differential test compares every decision with git itself.

export const WM_MATCH = 0;
export const WM_NOMATCH = 1;
const WM_ABORT_ALL = -1;
const WM_ABORT_TO_STARSTAR = -2;

/** `*`, `?` and `[` do not cross `/`; `**` is special only between slashes. */
export const WM_PATHNAME = 1;
/** ASCII case folding (core.ignoreCase). */
export const WM_CASEFOLD = 2;

const SLASH = 0x2f;
const STAR = 0x2a;
const QUESTION = 0x3f;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const BACKSLASH = 0x5c;
const BANG = 0x21;
const CARET = 0x5e;
const DASH = 0x2d;
const COLON = 0x3a;

const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number) => isUpper(c) || isLower(c);
const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const isPrint = (c: number) => c >= 0x20 && c <= 0x7e;
const isPunct = (c: number) => isPrint(c) && !isAlpha(c) && !isDigit(c) && c !== 0x20;
const toLower = (c: number) => (isUpper(c) ? c + 32 : c);

export const isGlobSpecial = (c: number) => c === STAR || c === QUESTION || c === OPEN || c === BACKSLASH;

function inClass(name: string, t: number, fold: boolean): boolean | undefined {
  switch (name) {
    case 'alnum':
      return isAlpha(t) || isDigit(t);
    case 'alpha':
      return isAlpha(t);
    case 'blank':
      return t === 0x20 || t === 0x09;
    case 'cntrl':
      return t < 0x20 || t === 0x7f;
    case 'digit':
      return isDigit(t);
    case 'graph':
      return isPrint(t) && t !== 0x20;
    case 'lower':
      return isLower(t);
    case 'print':
      return isPrint(t);
    case 'punct':
      return isPunct(t);
    case 'space':
      return isSpace(t);
    case 'upper':
      return isUpper(t) || (fold && isLower(t));
    case 'xdigit':
      return isDigit(t) || (t >= 0x41 && t <= 0x46) || (t >= 0x61 && t <= 0x66);
    default:
      return undefined; // malformed class name
  }
}

function dowild(p: string, pStart: number, t: string, tStart: number, flags: number): number {
  const pathname = (flags & WM_PATHNAME) !== 0;
  const fold = (flags & WM_CASEFOLD) !== 0;
  const plen = p.length;
  const tlen = t.length;
  const pc = (i: number) => (i < plen ? p.charCodeAt(i) : 0);
  const tc = (i: number) => (i < tlen ? t.charCodeAt(i) : 0);
  let pi = pStart;
  let ti = tStart;

  for (; pi < plen; pi++, ti++) {
    let pch = pc(pi);
    let tch = tc(ti);
    if (tch === 0 && pch !== STAR) return WM_ABORT_ALL;
    if (fold) {
      tch = toLower(tch);
      pch = toLower(pch);
    }
    switch (pch) {
      case BACKSLASH:
        // The escaped character is compared as written (not folded), like git.
        pi++;
        if (tch !== pc(pi)) return WM_NOMATCH;
        continue;
      case QUESTION:
        if (pathname && tch === SLASH) return WM_NOMATCH;
        continue;
      case STAR: {
        let matchSlash: boolean;
        pi++;
        if (pc(pi) === STAR) {
          const before = pi - 2;
          while (pc(++pi) === STAR) {}
          if (!pathname) matchSlash = true;
          else if (
            (before < pStart || pc(before) === SLASH) &&
            (pi >= plen || pc(pi) === SLASH || (pc(pi) === BACKSLASH && pc(pi + 1) === SLASH))
          ) {
            // `**/` may match no directory at all.
            if (pc(pi) === SLASH && dowild(p, pi + 1, t, ti, flags) === WM_MATCH) return WM_MATCH;
            matchSlash = true;
          } else matchSlash = false;
        } else matchSlash = !pathname;

        if (pi >= plen) {
          // Trailing `**` matches everything; a trailing `*` only up to the next slash.
          if (!matchSlash && t.indexOf('/', ti) !== -1) return WM_NOMATCH;
          return WM_MATCH;
        }
        if (!matchSlash && pc(pi) === SLASH) {
          // One `*` followed by `/` consumes the rest of this path component.
          const slash = t.indexOf('/', ti);
          if (slash < 0) return WM_NOMATCH;
          ti = slash; // the for-loop steps over the slash in both strings
          continue;
        }
        for (;;) {
          if (tch === 0) break;
          const next = pc(pi);
          if (!isGlobSpecial(next)) {
            // Skip ahead to the next occurrence of the literal that follows the star.
            const lit = fold ? toLower(next) : next;
            for (;;) {
              tch = tc(ti);
              if (tch === 0 || (!matchSlash && tch === SLASH)) break;
              if (fold) tch = toLower(tch);
              if (tch === lit) break;
              ti++;
            }
            if (tch !== lit) return WM_NOMATCH;
          }
          const matched = dowild(p, pi, t, ti, flags);
          if (matched !== WM_NOMATCH) {
            if (!matchSlash || matched !== WM_ABORT_TO_STARSTAR) return matched;
          } else if (!matchSlash && tch === SLASH) return WM_ABORT_TO_STARSTAR;
          tch = tc(++ti);
        }
        return WM_ABORT_ALL;
      }
      case OPEN: {
        pch = pc(++pi);
        if (pch === CARET) pch = BANG;
        const negated = pch === BANG;
        if (negated) pch = pc(++pi);
        let prev = 0;
        let matched = false;
        for (;;) {
          if (!pch) return WM_ABORT_ALL;
          if (pch === BACKSLASH) {
            pch = pc(++pi);
            if (!pch) return WM_ABORT_ALL;
            if (tch === pch) matched = true;
          } else if (pch === DASH && prev && pc(pi + 1) && pc(pi + 1) !== CLOSE) {
            pch = pc(++pi);
            if (pch === BACKSLASH) {
              pch = pc(++pi);
              if (!pch) return WM_ABORT_ALL;
            }
            if (tch <= pch && tch >= prev) matched = true;
            else if (fold && isLower(tch)) {
              const upper = tch - 32;
              if (upper <= pch && upper >= prev) matched = true;
            }
            pch = 0; // a range cannot start another range
          } else if (pch === OPEN && pc(pi + 1) === COLON) {
            const start = pi + 2;
            pi = start;
            pch = pc(pi);
            while (pch && pch !== CLOSE) pch = pc(++pi);
            if (!pch) return WM_ABORT_ALL;
            const len = pi - start - 1;
            if (len < 0 || pc(pi - 1) !== COLON) {
              // Not "[:name:]": the "[" is an ordinary member.
              pi = start - 2;
              pch = OPEN;
              if (tch === pch) matched = true;
            } else {
              const member = inClass(p.slice(start, start + len), tch, fold);
              if (member === undefined) return WM_ABORT_ALL;
              if (member) matched = true;
              pch = 0;
            }
          } else if (tch === pch) matched = true;
          prev = pch;
          pch = pc(++pi);
          if (pch === CLOSE) break;
        }
        if (matched === negated || (pathname && tch === SLASH)) return WM_NOMATCH;
        continue;
      }
      default:
        if (tch !== pch) return WM_NOMATCH;
        continue;
    }
  }
  return ti < tlen ? WM_NOMATCH : WM_MATCH;
}

/** True when `text` matches `pattern` (both byte strings) under git's rules. */
export function wildmatch(pattern: string, text: string, flags = 0): boolean {
  return dowild(pattern, 0, text, 0, flags) === WM_MATCH;
}
