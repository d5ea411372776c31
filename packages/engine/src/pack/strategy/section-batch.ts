// An executor of the content pipeline for a sectioned pack: a batch of files, each through
// processFile (read -> classify -> mask -> number) where the batch runs (a worker thread for a
// large pack, the calling thread for a smaller one), laid out as its full-detail section
// (file-block.ts) and counted there. The batch comes back as one buffer holding its sections'
// UTF-8 bytes and, per file, where its section lies and its count: the text never crosses threads
// as a string, and a file's own bytes go out as they were read whenever the section shows them
// unchanged. Files where values were found come back cut around them (the mask stage's pending
// result): placeholders are numbered by the caller, in pack order, so the same inputs give the
// same placeholders.

import { type Masker, noMasking } from '../../content/mask-stage';
import { maskPrepared } from '../../content/maskers';
import { processFile } from '../../content/process';
import { type FileInput, readBytesSync } from '../../content/read';
import type { PreparedMask } from '../../mask/mask';
import { loadMaskRules } from '../../mask/rules';
import type { MaskLimits } from '../../mask/scan';
import type { KnownValues } from '../../mask/session';
import type { Encoding } from '../../types';
import { fullSection, sectionTokens } from '../file-block';
import { LAYOUTS } from '../formats';
import type { PackFormat } from '../types';

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

/** A file of the batch: its project path, the absolute path to read, and its flag. */
export type SectionItem = FileInput;

export type SectionResult =
  /** The section is `bytes[start, end)` of the batch; `tokens` unless counting was left to the caller. */
  | { kind: 'section'; start: number; end: number; tokens?: number; hash: string; lines: number }
  | { kind: 'withheld'; reason: string; hash?: string }
  /** Values were found: the caller numbers them (maskedFrom) and lays the file out itself. */
  | { kind: 'masked'; prepared: PreparedMask; hash: string };

export interface SectionBatch {
  bytes: Uint8Array;
  results: SectionResult[];
  /**
   * How many of the session's known values the batch looked for (a prefix of `session.known()`,
   * with the values it found in its own files after them): the caller looks in its laid-out files
   * for the values the session learned since.
   */
  knownChecked: number;
}

const NL = Buffer.from('\n');

/** Where this batch's mask stage runs: here, values left for the caller to number. */
function maskerOf(settings: SectionSettings, known: KnownValues | undefined): Masker {
  if (!settings.masking) return noMasking;
  const key = Buffer.from(settings.key.buffer, settings.key.byteOffset, settings.key.byteLength);
  return maskPrepared(key, () => loadMaskRules(settings.rulesPath), {
    ...(settings.limits ? { limits: settings.limits } : {}),
    ...(known ? { known } : {}),
  });
}

/**
 * Reads, masks, lays out and counts `items` in order (see the note at the top). `known`: the
 * session's known values when the batch was started, masked wherever they occur.
 */
export async function sectionBatch(
  items: readonly SectionItem[],
  settings: SectionSettings,
  known?: KnownValues,
): Promise<SectionBatch> {
  // Loaded (and compiled) first, also for an empty batch: a worker's first task warms it up with one
  // while the calling thread ranks the files. A failure is the masker's to report, per file.
  if (settings.masking) await loadMaskRules(settings.rulesPath).catch(() => undefined);
  const layout = LAYOUTS[settings.format];
  const deps = { read: readBytesSync, masker: maskerOf(settings, known), encoding: settings.encoding };
  const request = { lineNumbers: settings.lineNumbers, count: false, bytes: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  const push = (b: Uint8Array) => {
    parts.push(b);
    size += b.byteLength;
  };
  const results: SectionResult[] = [];
  for (const item of items) {
    const r = await processFile(item, request, deps);
    if (r.kind === 'withheld') {
      results.push({ kind: 'withheld', reason: r.reason, ...(r.hash ? { hash: r.hash } : {}) });
      continue;
    }
    if (r.kind === 'pending') {
      results.push({ kind: 'masked', prepared: r.prepared, hash: r.hash });
      continue;
    }
    if (r.kind !== 'content') throw new Error('a whole-file read found no content'); // no symbol asked
    const { head, body, tail } = fullSection(layout, r);
    const start = size;
    // The file's own bytes when the section shows its text unchanged.
    if (r.bytes && (body === r.text || body === `${r.text}\n`)) {
      push(Buffer.from(head));
      push(r.bytes);
      if (body !== r.text) push(NL);
      push(Buffer.from(tail));
    } else push(Buffer.from(head + body + tail));
    results.push({
      kind: 'section',
      start,
      end: size,
      ...(settings.count === false ? {} : { tokens: sectionTokens(head, body, tail, settings.encoding) }),
      hash: r.hash,
      lines: r.range.total,
    });
  }
  // One buffer of its own (never a slice of Node's shared pool), so it can be moved between threads.
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, results, knownChecked: known?.values.length ?? 0 };
}
