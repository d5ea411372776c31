// A file as a pack shows it: the pipeline's result for the file at a level (content/process.ts)
// laid out as a section, with the one trusted line about it. Pure functions shared by every pack
// strategy and the full-pack workers, so every path writes the same section for the same file.
import { groupDigits } from '@loupe/common';
import type { Level } from '../compress/types';
import type { FileContent } from '../content/process';
import { languageOf } from '../lang/languages';
import { countTokens } from '../tokens/count';
import type { Encoding, RelPath } from '../types';
import { splitsCleanly } from './counter';
import type { FileBlock, Layout } from './formats';
import type { Step } from './types';

const n = groupDigits;

/** What of the pipeline's result a section shows and states. */
export type Shown = Pick<FileContent, 'level' | 'text' | 'levelReason' | 'maskedByRule' | 'unnumbered'>;

export function metaOf(
  v: Shown,
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
    parts.push(`Detail: ${v.level} (${requested} requested${v.levelReason ? `: ${v.levelReason}` : ''})`);
  } else if (v.level !== 'full') {
    parts.push(`Detail: ${v.level}`);
  }
  const masked = Object.values(v.maskedByRule).reduce((a, b) => a + b, 0);
  if (masked) parts.push(`${masked} ${masked === 1 ? 'value' : 'values'} masked`);
  if (v.unnumbered) parts.push(v.unnumbered);
  return parts.length ? parts.join(' · ') : undefined;
}

/** The file's block; a link is labelled with its own path and its target's language. */
export function blockOf(
  file: { path: RelPath; target?: RelPath },
  v: Shown,
  meta: string | undefined,
): FileBlock {
  const language = languageOf(file.target ?? file.path);
  return { path: file.path, text: v.text, ...(language ? { language } : {}), ...(meta ? { meta } : {}) };
}

/** A file's section at full detail, split where the layout puts its text. */
export interface FullSection {
  head: string;
  body: string;
  /** The closing delimiter and the blank line that joins the section to the next. */
  tail: string;
}

export function fullSection(layout: Layout, c: FileContent): FullSection {
  const [head, body, close] = layout.fileParts(blockOf(c, c, metaOf(c, 'full', [], undefined)));
  return { head, body, tail: `${close}\n\n` };
}

/**
 * Tokens of `head + body + tail`: the sum of the parts' counts where they split cleanly (most
 * files: the text begins with a non-space character), so the text is not copied into one string
 * and a count of the text alone (a memo's) serves it too; otherwise the count of the joined text.
 */
export function partsTokens(
  head: string,
  body: string,
  tail: string,
  count: (text: string) => number,
): number {
  if (body !== '' && splitsCleanly(head, body) && splitsCleanly(body, tail))
    return count(head) + count(body) + count(tail);
  return count(head + body + tail);
}

/** `partsTokens` in `encoding`. */
export function sectionTokens(head: string, body: string, tail: string, encoding: Encoding): number {
  return partsTokens(head, body, tail, (text) => countTokens(text, encoding));
}
