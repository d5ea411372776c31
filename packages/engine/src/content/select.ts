// The select stage: the lines a read asks for, or one declaration by name (symbols.ts), as a range
// of the file's own lines; masking keeps line numbers, so the range addresses the masked text too.
import type { Declaration } from '../declarations/declarations';
import { findSymbol, type SymbolMatch } from './symbols';

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

/** Lines start..end (1-based, inclusive) of `text`, with their own line endings. */
export function sliceLines(text: string, start: number, end: number): string {
  let from = 0;
  for (let line = 1; line < start && from >= 0; line++) {
    const nl = text.indexOf('\n', from);
    from = nl < 0 ? -1 : nl + 1;
  }
  if (from < 0) return '';
  let to = from;
  for (let line = start; line <= end; line++) {
    const nl = text.indexOf('\n', to);
    if (nl < 0) return text.slice(from);
    to = nl + 1;
  }
  return text.slice(from, to);
}

export type Selection =
  /** The whole file. */
  | { kind: 'whole' }
  | { kind: 'range'; range: LineRange; symbol?: Declaration }
  | { kind: 'miss'; match: Exclude<SymbolMatch, { kind: 'found' }> };

/** What of a file of `total` lines a read covers. `parse` gives the file's declarations. */
export async function selectStage(
  request: { lines?: LineRange; symbol?: string },
  total: number,
  parse: () => Promise<Declaration[]>,
): Promise<Selection> {
  if (request.symbol !== undefined) {
    const match = findSymbol(await parse(), request.symbol);
    if (match.kind !== 'found') return { kind: 'miss', match };
    const symbol = match.declaration;
    return {
      kind: 'range',
      range: { start: symbol.docLine ?? symbol.startLine, end: symbol.endLine },
      symbol,
    };
  }
  if (request.lines)
    return {
      kind: 'range',
      range: { start: Math.max(1, request.lines.start), end: Math.min(total, request.lines.end) },
    };
  return { kind: 'whole' };
}
