// The coverage footer: trusted text outside any data block, written from the pack's own record.
// It states the tokens used of the budget (counted on the whole document), files in full,
// compressed by level, referenced and omitted (each omission with its reason and token cost),
// masked values per rule and what the ignore rules hide. Long lists are cut at a token cap and
// the rest is summed per reason, so the footer never crowds out the files it describes.

import { groupDigits, plural } from '@loupe/common';
import { maskingNotice } from '../mask/report';
import { unmatchedScopeLine } from '../search/scope';
import { quote } from '../tree/text';
import type { FooterLine } from './formats';
import type { Included, OmitKind, Omitted, PackCoverage, Referenced } from './types';

const n = groupDigits;
/**
 * Paths in the footer are values, always JSON strings: a name cannot pass for a sentence, and its
 * invisible and bidi characters are escaped too (as in the tree), so it cannot reorder the line.
 */
export const quotePath = (p: string) => quote(p);

export const OMIT_LABELS: Record<OmitKind, string> = {
  'over-cap': 'over the per-file cap',
  'not-tried': 'not tried (far over the per-file cap, or after a long run of files that did not fit)',
  budget: 'the budget ran out',
  'not-read': 'not read (binary, too large, unreadable or withheld by masking)',
};

export function tokensLine(c: Pick<PackCoverage, 'tokens' | 'budget' | 'encoding' | 'tree'>): string {
  const used =
    c.budget === null
      ? `Tokens: ${n(c.tokens)} (${c.encoding}, counted on this whole document; no budget)`
      : `Tokens: ${n(c.tokens)} of ${n(c.budget)} used (${c.encoding}, counted on this whole document)`;
  const tree =
    c.tree.cap === undefined ? `tree ${n(c.tree.tokens)}` : `tree ${n(c.tree.tokens)} (cap ${n(c.tree.cap)})`;
  return `${used}; ${tree}.`;
}

function levelCounts(compressed: PackCoverage['counts']['compressed']): string {
  return Object.entries(compressed)
    .map(([level, k]) => `${n(k!)} ${level}`)
    .join(', ');
}

export function filesLine(c: PackCoverage): string {
  const k = c.counts;
  const compressedTotal = Object.values(k.compressed).reduce((a, b) => a + (b ?? 0), 0);
  const parts = [
    `${n(k.full)} full`,
    compressedTotal ? `${n(compressedTotal)} compressed (${levelCounts(k.compressed)})` : '0 compressed',
  ];
  if (k.referenced) parts.push(`${n(k.referenced)} referenced`);
  parts.push(`${n(k.omitted)} omitted`);
  return `Files: ${plural(k.scope, 'file')} in scope: ${parts.join(', ')}.`;
}

export function compressedItem(f: Included): string {
  const why = f.levelReason ? ` (${f.levelReason})` : '';
  return `${quotePath(f.path)}: ${f.level}, ${n(f.tokens)} tokens${why}`;
}

export function referencedItem(f: Referenced): string {
  return `${quotePath(f.path)}: received in call ${f.call} (revision ${f.revision}), ${n(f.saved)} tokens not repeated`;
}

export function omittedItem(f: Omitted): string {
  const cost = f.tokens === undefined ? 'tokens not counted' : `${n(f.tokens)} tokens`;
  return `${quotePath(f.path)}: ${cost}; ${f.why}`;
}

function sum(files: readonly Omitted[]): { known: number; unknown: number } {
  let known = 0;
  let unknown = 0;
  for (const f of files) {
    if (f.tokens === undefined) unknown++;
    else known += f.tokens;
  }
  return { known, unknown };
}

/** `… 150 more omitted (180,400 tokens): 140 the budget ran out; 10 over the per-file cap`. */
export function omittedTail(rest: readonly Omitted[]): string {
  const groups = new Map<OmitKind, Omitted[]>();
  for (const f of rest) {
    const group = groups.get(f.reason);
    if (group) group.push(f);
    else groups.set(f.reason, [f]);
  }
  const total = sum(rest);
  const cost = `${n(total.known)} tokens${total.unknown ? `, ${n(total.unknown)} not counted` : ''}`;
  const by = [...groups].map(([kind, fs]) => {
    const s = sum(fs);
    const cost =
      s.unknown === fs.length
        ? 'tokens not counted'
        : `${n(s.known)} tokens${s.unknown ? `, ${n(s.unknown)} not counted` : ''}`;
    return `${n(fs.length)} ${OMIT_LABELS[kind]} (${cost})`;
  });
  return `… ${n(rest.length)} more omitted (${cost}): ${by.join('; ')}`;
}

export interface FooterInput {
  coverage: PackCoverage;
  /** Tokens the listed items may take in all (Infinity: list everything). */
  listCap: number;
  count(text: string): number;
}

/**
 * The items, written as they are taken, while their tokens fit what is left of the cap: a pack of
 * a large project omits tens of thousands of files, and only the first few are ever listed.
 */
function take<T>(
  from: readonly T[],
  item: (x: T) => string,
  left: { tokens: number },
  count: (t: string) => number,
): string[] {
  const out: string[] = [];
  for (const x of from) {
    const text = item(x);
    if (left.tokens !== Number.POSITIVE_INFINITY) {
      const cost = count(text) + 3;
      if (cost > left.tokens) break;
      left.tokens -= cost;
    }
    out.push(text);
  }
  return out;
}

export function footerLines({ coverage: c, listCap, count }: FooterInput): FooterLine[] {
  const included = c.outcomes.filter((o): o is Included => o.kind === 'included');
  const compressed = included.filter((o) => o.level !== 'full');
  const referenced = c.outcomes.filter((o): o is Referenced => o.kind === 'referenced');
  const omitted = c.outcomes.filter((o): o is Omitted => o.kind === 'omitted');
  const left = { tokens: listCap };
  const lines: FooterLine[] = [{ text: tokensLine(c) }, { text: filesLine(c) }];

  // Compressed files first (they are in the document; few), with at most half of the cap.
  if (compressed.length) {
    const half = { tokens: left.tokens / 2 };
    const shown = take(compressed, compressedItem, half, count);
    left.tokens -= left.tokens / 2 - half.tokens;
    const k = shown.length;
    if (k < compressed.length) shown.push(`… ${n(compressed.length - k)} more compressed`);
    lines.push({ text: `Compressed (${levelCounts(c.counts.compressed)}):`, items: shown });
  }
  if (omitted.length) {
    const shown = take(omitted, omittedItem, left, count);
    const k = shown.length;
    if (k < omitted.length) shown.push(omittedTail(omitted.slice(k)));
    lines.push({ text: 'Omitted (tokens at full detail; why):', items: shown });
  }
  if (referenced.length) {
    const saved = referenced.reduce((a, r) => a + r.saved, 0);
    const shown = take(referenced, referencedItem, left, count);
    const k = shown.length;
    if (k < referenced.length) shown.push(`… ${n(referenced.length - k)} more referenced`);
    lines.push({
      text: `Referenced, not repeated (this session received them unchanged; ${n(saved)} tokens went to other files):`,
      items: shown,
    });
  }
  if (c.masking) {
    const rules = Object.entries(c.masked.byRule)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([rule, k]) => `${rule} ${n(k)}`);
    lines.push({
      text: `Masking: ${maskingNotice(c.masked.total)}${rules.length ? ` (${rules.join(', ')})` : ''}.`,
    });
  } else {
    lines.push({ text: 'Masking: off; secret values in this text are not masked.' });
  }
  lines.push({
    text: `Hidden by ignore rules (never in scope): ${c.hidden.entries ? c.hidden.summary : 'nothing'}.`,
  });
  if (c.scope.outside) {
    const what = c.scope.kind === 'paths' ? 'the given paths' : 'the focus';
    lines.push({ text: `Outside ${what} (not in scope): ${plural(c.scope.outside, 'visible file')}.` });
  }
  if (c.scope.unmatched?.length) lines.push({ text: unmatchedScopeLine(c.scope.unmatched) });
  return lines;
}
