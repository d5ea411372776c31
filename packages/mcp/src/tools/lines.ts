// Line ranges as agents write them: "88-140", "88–140", "88:140", "88..140", "88" (one line),
// "88-" (to the end), "-40" (the first 40), [88, 140]; plus the offset/limit and start_line/
// end_line habits of other read tools.
import { type LineSpan, LoupeError } from '@loupe/engine';

const END = Number.MAX_SAFE_INTEGER;

export function parseLines(raw: unknown): LineSpan | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (Array.isArray(raw) && raw.length >= 1 && raw.length <= 2)
    return check(Number(raw[0]), Number(raw[1] ?? raw[0]), raw);
  if (typeof raw === 'number') return check(raw, raw, raw);
  if (typeof raw !== 'string') throw bad(raw);
  const t = raw.trim().replace(/^L/i, '');
  let m = /^(\d+)$/.exec(t);
  if (m) return check(Number(m[1]), Number(m[1]), raw);
  m = /^(\d*)\s*(?:-|–|—|:|\.\.|,|to)\s*L?(\d*)$/i.exec(t);
  if (m && (m[1] || m[2])) return check(m[1] ? Number(m[1]) : 1, m[2] ? Number(m[2]) : END, raw);
  throw bad(raw);
}

function check(from: number, to: number, raw: unknown): LineSpan {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) throw bad(raw);
  return [from, to];
}

function bad(raw: unknown): LoupeError {
  return new LoupeError(
    'invalid-argument',
    `lines ${JSON.stringify(raw)} is not a line range; write "88-140" (or "88" for one line, "88-" to the end).`,
  );
}

/** The range named by offset/limit (0- or 1-based offset, as other read tools use) or start/end. */
export function linesFromAliases(args: Record<string, unknown>): LineSpan | undefined {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  const start = num(args.start_line);
  const end = num(args.end_line);
  if (start !== undefined || end !== undefined)
    return check(start ?? 1, end ?? END, [args.start_line, args.end_line]);
  const offset = num(args.offset);
  const limit = num(args.limit);
  if (offset === undefined && limit === undefined) return undefined;
  const from = Math.max(1, offset ?? 1);
  return check(from, limit === undefined ? END : from + limit - 1, [args.offset, args.limit]);
}

export const OPEN_END = END;
