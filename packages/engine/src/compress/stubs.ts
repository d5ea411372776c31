// Emptied bodies. Each stub stays valid syntax in its language and names the lines it replaced,
// so an agent can read exactly those next.
import type { StubStyle } from '../syntax/spec';
import { type Edit, type LineIndex, linesLabel } from './text';

export interface StubContext {
  text: string;
  lines: LineIndex;
  eol: string;
}

const isBlank = (s: string) => /^[ \t]*$/.test(s);

function indentOf(ctx: StubContext, offset: number): string {
  const start = ctx.lines.lineStart(offset);
  return /^[ \t]*/.exec(ctx.text.slice(start, offset))![0];
}

/**
 * `{ /* … lines 40–63 *\/ }` in place of a braced body (or of an expression body). `from`, when
 * given, is where the previous token ends: a body on its own line (Allman style) is pulled up.
 */
export function braceStub(ctx: StubContext, start: number, end: number, from?: number): Edit {
  const label = linesLabel(ctx.lines.row(start), ctx.lines.row(Math.max(start, end - 1)));
  const stub = `{ /* … ${label} */ }`;
  if (from !== undefined && from < start && /^\s*\n\s*$/.test(ctx.text.slice(from, start)))
    return { start: from, end, text: ` ${stub}` };
  return { start, end, text: stub };
}

/** A folded run of statements inside a kept block: a comment alone. */
export function foldStub(style: StubStyle, ctx: StubContext, start: number, end: number): Edit {
  const label = linesLabel(ctx.lines.row(start), ctx.lines.row(Math.max(start, end - 1)));
  if (style !== 'ruby' && style !== 'python' && style !== 'bash')
    return { start, end, text: `/* … ${label} */` };
  return lineCommentStub(ctx, start, end, `# ${label}`);
}

/**
 * A line comment in place of [start, end): on its own line, with a line break added before or
 * after when code shares the line (so the comment cannot swallow an `end` or a `}`).
 */
function lineCommentStub(ctx: StubContext, start: number, end: number, comment: string): Edit {
  const lineStart = ctx.lines.lineStart(start);
  const before = ctx.text.slice(lineStart, start);
  const after = ctx.text.slice(end, ctx.lines.lineEnd(end));
  const outer = indentOf(ctx, lineStart);
  const prefix = isBlank(before) ? '' : `${ctx.eol}${outer}  `;
  const suffix = isBlank(after) ? '' : `${ctx.eol}${outer}`;
  return { start, end, text: `${prefix}${comment}${suffix}` };
}

/** Ruby: the body becomes `# lines 40–63` right before `end` (or `}`). */
export function rubyStub(ctx: StubContext, start: number, end: number): Edit {
  const label = linesLabel(ctx.lines.row(start), ctx.lines.row(Math.max(start, end - 1)));
  return lineCommentStub(ctx, start, end, `# ${label}`);
}

/** Shell: `{ :; }  # lines 40–63` when the body ends its line, else the label as a no-op argument. */
export function bashStub(ctx: StubContext, start: number, end: number): Edit {
  const label = linesLabel(ctx.lines.row(start), ctx.lines.row(Math.max(start, end - 1)));
  const after = ctx.text.slice(end, ctx.lines.lineEnd(end));
  return { start, end, text: isBlank(after) ? `{ :; }  # ${label}` : `{ : '… ${label}'; }` };
}

/**
 * Python: the block becomes `...  # lines 40–63`, after the docstring when one is kept.
 * `start` is where the body begins (a comment above the first statement belongs to it).
 */
export function pythonStub(
  ctx: StubContext,
  start: number,
  end: number,
  docstring: { start: number; end: number } | undefined,
): Edit | undefined {
  const lineStart = ctx.lines.lineStart(start);
  const ownLine = isBlank(ctx.text.slice(lineStart, start));
  if (docstring && ownLine) {
    // The docstring stays; what follows it is replaced, at the same indentation.
    const rest = firstNonSpace(ctx.text, docstring.end, end);
    if (rest >= end) return undefined;
    const label = linesLabel(ctx.lines.row(rest), ctx.lines.row(Math.max(rest, end - 1)));
    const indent = indentOf(ctx, start);
    return { start: docstring.end, end, text: `${ctx.eol}${indent}...  # ${label}` };
  }
  const label = linesLabel(ctx.lines.row(start), ctx.lines.row(Math.max(start, end - 1)));
  return { start, end, text: `...  # ${label}` };
}

function firstNonSpace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && /\s/.test(text[i]!)) i++;
  return i;
}
