// Small text helpers shared by the tools: counts a person reads at a glance, plurals, and paths
// quoted so that a file name can never break out of the line it sits in.
import { groupDigits } from '@loupe/engine';

/** 950, 34.1k, 1.2M */
export function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 999_950) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** 1,234 (the engine's groupDigits: the same text without Intl's first-call cost) */
export const grouped = groupDigits;

/** `1 file`, `2 files`, `1 match`, `3 matches` */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/** A path as a JSON string: quotes, backslashes and control characters escaped. */
export function quoted(path: string): string {
  return JSON.stringify(path);
}

/** A ready tool call, e.g. `get_file {"path":"src/a.ts","lines":"1-80"}`. */
export function call(tool: string, args: Record<string, unknown>): string {
  return `${tool} ${JSON.stringify(args)}`;
}

/** `1–40` */
export function span(from: number, to: number): string {
  return from === to ? `${from}` : `${from}–${to}`;
}
