// The one way a file is refused: a Withheld result with a sentence that says why. Every stage that
// refuses a file builds its sentence here, so the window, `loupe`, the agents and the pack footer
// say the same thing for the same file.
import { isLoupeError } from '../errors';
import { describeHidden } from '../scan/smart/summary';
import type { FileEntry, FileFlag, RelPath } from '../types';

/** What refused the file: the read stage (a flag, binary bytes, a failed read) or the mask stage. */
export type WithheldCause = 'flag' | 'binary' | 'unreadable' | 'masking';

export interface Withheld {
  kind: 'withheld';
  path: RelPath;
  /** A sentence: why nothing of the file is delivered. */
  reason: string;
  /** The same as a phrase, without the stage's prefix (for a sentence of the consumer's own). */
  why: string;
  cause: WithheldCause;
  /** SHA-256 (hex) of the file's bytes, when they were read. */
  hash?: string;
}

export const FLAG_REASONS: Record<FileFlag, string> = {
  binary: 'it is a binary file, never read as text',
  'too-large': 'it is larger than the size limit for reading files as text',
  unreadable: 'it could not be read when the project was scanned',
  'symlink-outside-root': 'it is a link to a file outside the project',
  'symlinked-folder': 'it is a link to a folder, which is never followed',
  'symlink-into-git': "it is a link into git's own folder (.git), which is never read",
  'symlink-to-hidden': 'it is a link to a file that is not visible in this project',
  'symlink-not-regular':
    'it is a link to something that is not a regular file (a pipe, socket or device), which is never opened',
  'symlink-broken': 'it is a link whose target does not exist',
  'symlink-loop': 'it is a link that never reaches a file (its links go round in a loop)',
};

/** Why a flagged entry is not read, as the end of a sentence (a hidden target's own reason included). */
export function flagReason(entry: Pick<FileEntry, 'flag' | 'targetHidden'>): string {
  const base = FLAG_REASONS[entry.flag!];
  return entry.flag === 'symlink-to-hidden' && entry.targetHidden
    ? `${base} (the target is ${describeHidden(entry.targetHidden)})`
    : base;
}

const hashed = (hash: string | undefined) => (hash ? { hash } : {});

/** The read stage did not give text: "Not read: <why>." */
export function notRead(path: RelPath, why: string, cause: WithheldCause, hash?: string): Withheld {
  return { kind: 'withheld', path, reason: `Not read: ${why}.`, why, cause, ...hashed(hash) };
}

/** The mask stage refused the text (`why` is the masker's phrase): "Withheld: <why>." */
export function withheldByMasking(path: RelPath, why: string, hash?: string): Withheld {
  return { kind: 'withheld', path, reason: `Withheld: ${why}.`, why, cause: 'masking', ...hashed(hash) };
}

/** The phrase for masking that cannot run at all (the rules did not load). */
export function maskingUnavailable(error: unknown): string {
  return `masking is unavailable (${isLoupeError(error) ? error.message : 'the masking rules could not be loaded'})`;
}

/** A reason as a phrase inside another sentence: "Not read: it is binary." -> "not read: it is binary". */
export function reasonPhrase(reason: string): string {
  const why = reason.replace(/\.$/, '');
  return why[0]!.toLowerCase() + why.slice(1);
}
