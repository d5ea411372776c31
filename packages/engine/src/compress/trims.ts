// Removals that keep the code as it is: comments, docstrings, blank lines. Each removal takes
// the whole line when nothing else is on it, the spaces before it when it trails code, and
// leaves one separator when it sat between two tokens (a newline if it spanned lines, as Go and
// Python care).
import type { Edit, LineIndex } from './text';

export interface Span {
  start: number;
  end: number;
}

const SEPARATES = /[()[\]{},;<>"'`]/;

const isBlank = (s: string) => /^[ \t\r\f\v]*$/.test(s);

/** Groups spans that follow each other on a line with only spaces between them. */
function runs(text: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start >= last.end && /^[ \t]*$/.test(text.slice(last.end, s.start)))
      last.end = Math.max(last.end, s.end);
    else if (!last || s.start >= last.end) out.push({ ...s });
  }
  return out;
}

/** Removal edits for spans of text (comments, docstring statements). */
export function removalTrims(text: string, lines: LineIndex, spans: Span[]): Edit[] {
  const edits: Edit[] = [];
  for (const run of runs(text, spans)) {
    const lineStart = lines.lineStart(run.start);
    const lineEnd = lines.lineEnd(run.end);
    const before = text.slice(lineStart, run.start);
    const after = text.slice(run.end, lineEnd);
    if (isBlank(before) && isBlank(after)) {
      edits.push({ start: lineStart, end: Math.min(lineEnd + 1, text.length), text: '' });
    } else if (isBlank(after)) {
      const trimmed = before.replace(/[ \t]+$/, '');
      edits.push({ start: lineStart + trimmed.length, end: run.end, text: '' });
    } else if (isBlank(before)) {
      const spaces = /^[ \t]*/.exec(after)![0].length;
      edits.push({ start: run.start, end: run.end + spaces, text: '' });
    } else if (/[ \t]/.test(text[run.start - 1]!) || /[ \t]/.test(text[run.end]!)) {
      // Between tokens with a space beside it: the comment and the spaces after it go.
      const spaces = /^[ \t]*/.exec(after)![0].length;
      const keepOne = /[ \t]/.test(text[run.start - 1]!) ? spaces : 0;
      const spanned = text.slice(run.start, run.end).includes('\n');
      edits.push({ start: run.start, end: run.end + keepOne, text: spanned ? '\n' : '' });
    } else {
      // Glued on both sides: keep the tokens apart unless a bracket or quote already does.
      const spanned = text.slice(run.start, run.end).includes('\n');
      const apart = SEPARATES.test(text[run.start - 1]!) || SEPARATES.test(text[run.end]!);
      edits.push({ start: run.start, end: run.end, text: spanned ? '\n' : apart ? '' : ' ' });
    }
  }
  return edits;
}

/** Removes whitespace-only lines, except those inside a protected node (strings and the like). */
export function blankLineTrims(text: string, isProtected: (offset: number) => boolean): Edit[] {
  const edits: Edit[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (isBlank(text.slice(start, end)) && nl >= 0 && !isProtected(start)) {
      const last = edits[edits.length - 1];
      if (last && last.end === start) last.end = nl + 1;
      else edits.push({ start, end: nl + 1, text: '' });
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return edits;
}
