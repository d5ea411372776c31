// Small text helpers shared by the tools: paths quoted so that a file name can never break out of
// the line it sits in, ready tool calls, line spans. (Counts and plurals are @loupe/common's: the
// window writes the same numbers the same way.)
import { safeJson } from '@loupe/common';

/** A path as a JSON string: quotes, backslashes, control and bidi characters escaped. */
export function quoted(path: string): string {
  return safeJson(path);
}

/** A ready tool call, e.g. `get_file {"path":"src/a.ts","lines":"1-80"}`. */
export function call(tool: string, args: Record<string, unknown>): string {
  return `${tool} ${safeJson(args)}`;
}

/** `1–40` */
export function span(from: number, to: number): string {
  return from === to ? `${from}` : `${from}–${to}`;
}
