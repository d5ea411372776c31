// A file's text as a pack shows it (its variant at a level) and the trusted line about it: pure
// functions shared by the budget walk, the full pack and the full-pack workers, so every path
// writes the same section for the same file.

import { groupDigits } from '@loupe/common';
import type { Level } from '../compress/types';
import { languageOf } from '../lang/languages';
import { lineCount } from '../util/lines';
import type { FileBlock } from './formats';
import { numberLines, splitLines } from './lines';
import type { Step } from './types';

export { lineCount };

const n = groupDigits;

export interface Variant {
  level: Level;
  /** Text as emitted (numbered when line numbers are on and the lines could be traced). */
  text: string;
  /** Why compression gave back another level than the one asked for. */
  reason?: string;
  /** Placeholders present in the text, per rule. */
  masked: Record<string, number>;
  /** Set when line numbers were asked for and this text carries none. */
  unnumbered?: string;
}

/** A text and the values masked in it (a MaskedText, or a text a worker has not masked anything in). */
export interface MaskedParts {
  text: string;
  findings: ReadonlyArray<{ rule: string; placeholder: string }>;
}

const PLACEHOLDER = /LOUPE_REDACTED\[([^\]#\s]+)#\d+\]/g;

/** Masked values whose placeholders are in `text` (findings of compressed-away code do not count). */
export function maskedIn(d: MaskedParts, text: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (!d.findings.length) return out;
  if (text === d.text) {
    for (const f of d.findings) out[f.rule] = (out[f.rule] ?? 0) + 1;
    return out;
  }
  const expected = new Map<string, number>();
  for (const f of d.findings) expected.set(f.placeholder, (expected.get(f.placeholder) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER)) seen.set(m[0], (seen.get(m[0]) ?? 0) + 1);
  for (const f of d.findings) {
    const left = Math.min(seen.get(f.placeholder) ?? 0, expected.get(f.placeholder) ?? 0);
    if (left > 0) {
      out[f.rule] = (out[f.rule] ?? 0) + 1;
      seen.set(f.placeholder, left - 1);
    }
  }
  return out;
}

/** The file at full detail: its masked text, numbered with its own line numbers when asked. */
export function fullVariant(d: MaskedParts, lineNumbers: boolean): Variant {
  const out: Variant = { level: 'full', text: d.text, masked: maskedIn(d, d.text) };
  if (!lineNumbers) return out;
  const lines = splitLines(d.text);
  out.text = numberLines(
    lines,
    lines.map((_, k) => k + 1),
  );
  return out;
}

export function metaOf(
  v: Variant,
  requested: Level,
  steps: readonly Step[],
  cap: number | undefined,
): string | undefined {
  const parts: string[] = [];
  const tried = steps.filter((s) => !s.fits);
  if (tried.length && cap !== undefined) {
    const over = tried.map((s) => `${s.level} ${n(s.tokens)}`).join(', ');
    parts.push(`Detail: ${v.level} (stepped down: ${over} tokens, over the per-file cap of ${n(cap)})`);
  } else if (v.level !== requested) {
    parts.push(`Detail: ${v.level} (${requested} requested${v.reason ? `: ${v.reason}` : ''})`);
  } else if (v.level !== 'full') {
    parts.push(`Detail: ${v.level}`);
  }
  const masked = Object.values(v.masked).reduce((a, b) => a + b, 0);
  if (masked) parts.push(`${masked} ${masked === 1 ? 'value' : 'values'} masked`);
  if (v.unnumbered) parts.push(v.unnumbered);
  return parts.length ? parts.join(' · ') : undefined;
}

export function blockOf(
  d: { path: string; target?: string },
  v: Variant,
  meta: string | undefined,
): FileBlock {
  const language = languageOf(d.target ?? d.path); // a link is labelled by its target's language
  return { path: d.path, text: v.text, ...(language ? { language } : {}), ...(meta ? { meta } : {}) };
}

export function withheldWhy(reason: string): string {
  const why = reason.replace(/\.$/, '');
  return why[0]!.toLowerCase() + why.slice(1);
}
