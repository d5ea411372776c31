// A full pack's files, each read, masked, laid out and counted in one pass where it is read (on a
// worker thread for large packs, on the calling thread for small ones), through the same stages as
// the content pipeline: read (content/read.ts) -> mask (prepareMask) -> full-detail section
// (variant.ts, formats.ts) -> exact count. A batch comes back as one buffer holding its sections'
// UTF-8 bytes and, per file, where its section lies and its count: the text never crosses threads
// as a string, and a file's own bytes go out as they were read whenever the section shows them
// unchanged. Files where values were found come back cut around them (PreparedMask): placeholders
// are numbered by the caller, in pack order, so the same inputs give the same placeholders.
import { isUtf8 } from 'node:buffer';
import { readProjectFileSync } from '../content/open';
import { readOutcome } from '../content/read';
import { isLoupeError } from '../errors';
import { type PreparedMask, prepareMask } from '../mask/mask';
import { loadMaskRules, type MaskRules } from '../mask/rules';
import { DEFAULT_LIMITS, type MaskLimits } from '../mask/scan';
import { countTokens } from '../tokens/count';
import type { Encoding, FileFlag, HiddenReason, RelPath } from '../types';
import { splitsCleanly } from './counter';
import { LAYOUTS, type Layout } from './formats';
import type { PackFormat } from './types';
import { blockOf, fullVariant, lineCount, type MaskedParts, metaOf, type Variant } from './variant';

export interface SectionSettings {
  format: PackFormat;
  encoding: Encoding;
  lineNumbers: boolean;
  /** False only when masking is off by an explicit setting. */
  masking: boolean;
  /** Gitleaks rule file (default: the pinned copy). */
  rulesPath?: string;
  /** The mask session's HMAC key: values are known by keyed hash only. */
  key: Uint8Array;
  limits?: MaskLimits;
  /** False: sections come back uncounted, for the caller to count elsewhere (a counting thread). */
  count?: boolean;
}

export interface SectionItem {
  path: RelPath;
  /** Absolute path to read (content/open.ts projectFile: a link's target). */
  file: string;
  /** A link's target: the name masking and the layout's language follow. */
  target?: RelPath;
  flag?: FileFlag;
  targetHidden?: HiddenReason;
}

export type SectionResult =
  /** The section is `bytes[start, end)` of the batch; `tokens` unless counting was left to the caller. */
  | { kind: 'section'; start: number; end: number; tokens?: number; hash: string; lines: number }
  | { kind: 'withheld'; reason: string; hash?: string }
  /** Values were found: the caller numbers them (assembleMask) and lays the file out itself. */
  | { kind: 'masked'; prepared: PreparedMask; hash: string };

export interface SectionBatch {
  bytes: Uint8Array;
  results: SectionResult[];
}

/** A file's section at full detail, split where the layout puts its text. */
export interface FullSection {
  head: string;
  body: string;
  /** The closing delimiter and the blank line that joins the section to the next. */
  tail: string;
  variant: Variant;
}

export function fullSection(
  layout: Layout,
  d: MaskedParts & { path: RelPath; target?: RelPath },
  lineNumbers: boolean,
): FullSection {
  const variant = fullVariant(d, lineNumbers);
  const meta = metaOf(variant, 'full', [], undefined);
  const [head, body, close] = layout.fileParts(blockOf(d, variant, meta));
  return { head, body, tail: `${close}\n\n`, variant };
}

const NL = Buffer.from('\n');

/**
 * Tokens of `head + body + tail`: the sum of the parts' counts where they split cleanly (most
 * files: the text begins with a non-space character), so the text is not copied into one string;
 * otherwise the count of the joined text.
 */
export function sectionTokens(head: string, body: string, tail: string, encoding: Encoding): number {
  if (body !== '' && splitsCleanly(head, body) && splitsCleanly(body, tail))
    return countTokens(head, encoding) + countTokens(body, encoding) + countTokens(tail, encoding);
  return countTokens(head + body + tail, encoding);
}

/** Reads, masks, lays out and counts `items` in order (see the note at the top). */
export async function sectionBatch(
  items: readonly SectionItem[],
  settings: SectionSettings,
): Promise<SectionBatch> {
  let rules: MaskRules | undefined;
  let unavailable: string | undefined;
  if (settings.masking) {
    try {
      rules = await loadMaskRules(settings.rulesPath);
    } catch (error) {
      unavailable = isLoupeError(error) ? error.message : 'the masking rules could not be loaded';
    }
  }
  const layout = LAYOUTS[settings.format];
  const key = Buffer.from(settings.key.buffer, settings.key.byteOffset, settings.key.byteLength);
  const limits = settings.limits ?? DEFAULT_LIMITS;
  const parts: Uint8Array[] = [];
  let size = 0;
  const push = (b: Uint8Array) => {
    parts.push(b);
    size += b.byteLength;
  };
  const results: SectionResult[] = [];
  for (const item of items) {
    let read: Buffer | NodeJS.ErrnoException | undefined;
    if (!item.flag) {
      try {
        read = readProjectFileSync(item.file);
      } catch (error) {
        read = error as NodeJS.ErrnoException;
      }
    }
    const loaded = readOutcome(item, read);
    if ('kind' in loaded) {
      results.push({
        kind: 'withheld',
        reason: loaded.reason,
        ...(loaded.hash ? { hash: loaded.hash } : {}),
      });
      continue;
    }
    const { raw, hash } = loaded;
    // Valid UTF-8 decodes without change: the bytes as read are the text's bytes.
    const exact = isUtf8(read as Buffer);
    if (settings.masking) {
      if (!rules) {
        results.push({
          kind: 'withheld',
          reason: `Withheld: masking is unavailable (${unavailable}).`,
          hash,
        });
        continue;
      }
      const prepared = prepareMask(
        raw,
        item.target ?? item.path,
        rules,
        key,
        limits,
        exact ? (read as Buffer) : undefined,
      );
      if (prepared.withheld !== undefined) {
        results.push({ kind: 'withheld', reason: `Withheld: ${prepared.withheld}.`, hash });
        continue;
      }
      if (prepared.marks.length > 0) {
        results.push({ kind: 'masked', prepared, hash });
        continue;
      }
    }
    const { head, body, tail } = fullSection(
      layout,
      { path: item.path, ...(item.target ? { target: item.target } : {}), text: raw, findings: [] },
      settings.lineNumbers,
    );
    const start = size;
    // The file's own bytes when the section shows its text unchanged (decoding changed nothing).
    const own = exact && (body === raw || body === `${raw}\n`);
    if (own) {
      push(Buffer.from(head));
      push(read as Buffer);
      if (body !== raw) push(NL);
      push(Buffer.from(tail));
    } else push(Buffer.from(head + body + tail));
    results.push({
      kind: 'section',
      start,
      end: size,
      ...(settings.count === false ? {} : { tokens: sectionTokens(head, body, tail, settings.encoding) }),
      hash,
      lines: lineCount(raw),
    });
  }
  // One buffer of its own (never a slice of Node's shared pool), so it can be moved between threads.
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, results };
}
