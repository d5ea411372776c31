// The mask stage: secret values replaced by placeholders, or the file withheld, never passed on
// unmasked. Where the masking runs is the Masker's business (this thread; a worker that finds the
// values and leaves their numbering to the calling thread; the worker pool); what it decides is
// the same everywhere: these are the only ways text gets through this stage.
// The maskers themselves live in maskers.ts (they load the rules and RE2): a thread that never
// masks (the counting thread) imports this file without them.
import type { MaskFinding, PreparedMask } from '../mask/mask';
import type { RelPath } from '../types';
import { contentPath } from './open';
import type { FileInput, ReadText } from './read';
import { type Withheld, withheldByMasking } from './withheld';

export type MaskOutcome =
  /** The text with its values replaced (masking off: the text as it is, nothing found). */
  | { text: string; findings: MaskFinding[] }
  /** A phrase: why the file is withheld. */
  | { withheld: string }
  /** Values were found and cut out; the caller numbers them in its session (worker executors). */
  | { prepared: PreparedMask };

export interface Masker {
  /** False only when masking is off by an explicit setting. */
  readonly on: boolean;
  /** A file of more bytes than this is withheld for `why`, unread (its size known beforehand). */
  readonly limit?: { bytes: number; why: string };
  /** `utf8`: the text's UTF-8 bytes when at hand. */
  mask(text: string, path: RelPath, utf8?: Buffer): MaskOutcome | Promise<MaskOutcome>;
}

/** A file after the read and mask stages. */
export interface MaskedText {
  kind: 'masked';
  path: RelPath;
  /** A link's target: the name compression, declarations and the language follow. */
  target?: RelPath;
  /** The masked text; line numbers are the file's own. */
  text: string;
  /** SHA-256 of the file's bytes. */
  hash: string;
  findings: MaskFinding[];
  /** False only when masking is off by an explicit setting. */
  masked: boolean;
  /** The file's text before masking, when still at hand (a symbol is looked up in it). */
  raw?: string;
  /** The file's bytes, when still at hand and `text` is exactly their UTF-8 (nothing masked). */
  bytes?: Buffer;
}

/** Values found by a worker, waiting to be numbered by the calling thread (`maskedFrom`). */
export interface PendingMask {
  kind: 'pending';
  path: RelPath;
  target?: RelPath;
  hash: string;
  prepared: PreparedMask;
}

/** Masking switched off (an explicit setting): the text goes on as it is. */
export const noMasking: Masker = { on: false, mask: (text) => ({ text, findings: [] }) };

/** The mask stage of one file read as text. */
export async function maskStage(
  input: Pick<FileInput, 'path' | 'target'>,
  read: ReadText,
  masker: Masker,
): Promise<MaskedText | PendingMask | Withheld> {
  const { path } = input;
  const named = input.target ? { target: input.target } : {};
  let r: MaskOutcome;
  try {
    // Format detection and path rules follow the name of the bytes: a link's target.
    r = await masker.mask(read.raw, contentPath(input), read.exact ? read.bytes : undefined);
  } catch (error) {
    // Error messages never carry file content here; the name is enough to report.
    const name = error instanceof Error ? error.name : 'unknown error';
    return withheldByMasking(path, `masking failed (${name}); the file was withheld`, read.hash);
  }
  if ('withheld' in r) return withheldByMasking(path, r.withheld, read.hash);
  if ('prepared' in r) return { kind: 'pending', path, ...named, hash: read.hash, prepared: r.prepared };
  const same = r.findings.length === 0 && r.text === read.raw;
  return {
    kind: 'masked',
    path,
    ...named,
    text: r.text,
    hash: read.hash,
    findings: r.findings,
    masked: masker.on,
    raw: read.raw,
    ...(same && read.exact ? { bytes: read.bytes } : {}),
  };
}
