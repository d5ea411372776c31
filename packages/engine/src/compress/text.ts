// Text edits in UTF-16 offsets (the units web-tree-sitter reports), and line lookups.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Point {
  row: number;
  column: number;
}

/** Line starts of a text, for offset -> (row, column) in O(log lines). */
export class LineIndex {
  readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 0-based row of an offset. */
  row(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  point(offset: number): Point {
    const row = this.row(offset);
    return { row, column: offset - this.starts[row]! };
  }

  lineStart(offset: number): number {
    return this.starts[this.row(offset)]!;
  }

  /** Offset of the newline ending the line of `offset`, or the text length. */
  lineEnd(offset: number): number {
    const next = this.text.indexOf('\n', offset);
    return next < 0 ? this.text.length : next;
  }
}

/** The point reached after writing `inserted` at `start`. */
export function pointAfter(start: Point, inserted: string): Point {
  const last = inserted.lastIndexOf('\n');
  if (last < 0) return { row: start.row, column: start.column + inserted.length };
  let rows = 0;
  for (let i = inserted.indexOf('\n'); i >= 0; i = inserted.indexOf('\n', i + 1)) rows++;
  return { row: start.row + rows, column: inserted.length - last - 1 };
}

/** `lines 40–63`, or `line 40` for one line (1-based rows). */
export function linesLabel(firstRow: number, lastRow: number): string {
  return firstRow === lastRow ? `line ${firstRow + 1}` : `lines ${firstRow + 1}–${lastRow + 1}`;
}

/**
 * Merges structural edits (stubs: disjoint, or nested in which case the outer wins) with trims
 * (comment and blank-line removals). A trim that touches a stub is dropped: the stub already
 * replaces that text, and clipping a trim could shift a stub's indentation.
 */
export function mergeEdits(structural: Edit[], trims: Edit[]): Edit[] {
  const stubs: Edit[] = [];
  for (const e of [...structural].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = stubs[stubs.length - 1];
    if (last && e.start < last.end) continue;
    stubs.push(e);
  }
  const out: Edit[] = [];
  let s = 0;
  let lastEnd = -1;
  for (const t of [...trims].sort((a, b) => a.start - b.start || b.end - a.end)) {
    while (s < stubs.length && stubs[s]!.end <= t.start) {
      const stub = stubs[s++]!;
      if (stub.start >= lastEnd) {
        out.push(stub);
        lastEnd = stub.end;
      }
    }
    const next = stubs[s];
    if (next && t.end > next.start && t.start < next.end) continue;
    if (t.start < lastEnd) continue;
    out.push(t);
    lastEnd = t.end;
  }
  for (; s < stubs.length; s++) if (stubs[s]!.start >= lastEnd) out.push(stubs[s]!);
  return out;
}

/** Applies sorted, disjoint edits. */
export function applyEdits(text: string, edits: Edit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
