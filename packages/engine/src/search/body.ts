// The best match's enclosing declaration, capped: whole when it fits the character cap; otherwise
// its first lines and, when the match lies further down, a window around the match. Every range
// left out is reported so the result can carry the exact `get_file` call that reads it.
import type { LineRange } from '../content/select';

export interface BodyPart extends LineRange {
  text: string;
}

export interface CappedBody {
  parts: BodyPart[];
  /** Ranges of the declaration not shown (in order). */
  omitted: LineRange[];
  /** Characters shown (line breaks included). */
  chars: number;
}

/** Longest line shown whole; a longer one is cut (around the match on the match line). */
export const MAX_LINE_CHARS = 240;

/** `text` cut to `max` characters around `at` (a column), with `…` where it was cut. */
export function clip(text: string, max = MAX_LINE_CHARS, at = 0): string {
  if (text.length <= max) return text;
  const from = Math.max(0, Math.min(at - Math.floor(max / 3), text.length - max));
  return `${from > 0 ? '…' : ''}${text.slice(from, from + max)}${from + max < text.length ? '…' : ''}`;
}

function part(start: number, end: number, line: (n: number) => string): BodyPart {
  const lines: string[] = [];
  for (let n = start; n <= end; n++) lines.push(line(n));
  return { start, end, text: lines.join('\n') };
}

/**
 * Lines `range` of a file, at most `cap` characters, keeping `focus` (a line inside the range)
 * visible. `line(n)` gives line n as shown (placeholders rendered).
 */
export function capBody(
  range: LineRange,
  focus: number,
  cap: number,
  line: (n: number) => string,
): CappedBody {
  const { start, end } = range;
  const cost = (n: number) => line(n).length + 1;
  let total = 0;
  for (let n = start; n <= end && total <= cap; n++) total += cost(n);
  if (total <= cap) return { parts: [part(start, end, line)], omitted: [], chars: total };

  // The head: as many first lines as fit.
  let used = 0;
  let headEnd = start - 1;
  while (headEnd < end && used + cost(headEnd + 1) <= cap) used += cost(++headEnd);
  if (headEnd < start) {
    // A single line longer than the cap: show it cut.
    const first = clip(line(start), Math.max(40, cap - 2));
    return {
      parts: [{ start, end: start, text: first }],
      omitted: start < end ? [{ start: start + 1, end }] : [],
      chars: first.length + 1,
    };
  }
  if (focus <= headEnd)
    return { parts: [part(start, headEnd, line)], omitted: [{ start: headEnd + 1, end }], chars: used };

  // The match lies below the head: keep the signature (up to 3 lines, a quarter of the cap), then
  // a window around the match, widened line by line (below first) while it fits.
  used = 0;
  let sigEnd = start - 1;
  while (sigEnd < start + 2 && sigEnd < focus - 1 && used + cost(sigEnd + 1) <= cap / 4)
    used += cost(++sigEnd);
  let lo = focus;
  let hi = focus;
  used += cost(focus);
  for (let grew = true; grew; ) {
    grew = false;
    if (hi < end && used + cost(hi + 1) <= cap) {
      used += cost(++hi);
      grew = true;
    }
    if (lo - 1 > sigEnd && used + cost(lo - 1) <= cap) {
      used += cost(--lo);
      grew = true;
    }
  }
  const parts: BodyPart[] = [];
  const omitted: LineRange[] = [];
  if (sigEnd >= start) parts.push(part(start, sigEnd, line));
  if (lo > sigEnd + 1) omitted.push({ start: sigEnd + 1, end: lo - 1 });
  parts.push(part(lo, hi, line));
  if (hi < end) omitted.push({ start: hi + 1, end });
  return { parts, omitted, chars: used };
}
