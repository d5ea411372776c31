// The project's data as every room sees it: the engine produces these, the host API carries them,
// the window shows them. Pure types, and the one list of encodings.

/** A path relative to the project root, with `/` separators, no leading `./`. */
export type RelPath = string;

/** The tokenizers Loupe counts with (js-tiktoken's encodings). */
export const ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export function isEncoding(x: unknown): x is Encoding {
  return (ENCODINGS as readonly unknown[]).includes(x);
}

/**
 * Why a visible file is listed but never read as text. A symbolic link is judged by its target:
 * it is read only when the target is itself a visible, readable file (and then carries that
 * file's flags); otherwise one of the `symlink-*` flags says where it leads.
 */
export type FileFlag =
  | 'binary'
  | 'too-large'
  | 'unreadable'
  /** The link's target lies outside the project. */
  | 'symlink-outside-root'
  /** The link's target is a folder (never walked: nothing is listed twice). */
  | 'symlinked-folder'
  /** The link's target lies inside a `.git` folder. */
  | 'symlink-into-git'
  /** The link's target is a file of the project that is not visible (`targetHidden` says why). */
  | 'symlink-to-hidden'
  /** The link's target is a FIFO, socket or device. */
  | 'symlink-not-regular'
  /** The link's target does not exist. */
  | 'symlink-broken'
  /** The link leads to itself through other links. */
  | 'symlink-loop';

/** Why an entry is not visible. Every hidden entry carries one. */
export type HiddenReason =
  | { kind: 'gitignored'; source: RelPath; line: number; pattern: string }
  | { kind: 'build-output'; rule: string; owner: RelPath; evidence: string[] }
  | { kind: 'os-junk' }
  | { kind: 'user-hidden' }
  /** With core.ignoreCase, git shows only the tracked one of two paths that differ in case. */
  | { kind: 'case-duplicate'; tracked: RelPath }
  | { kind: 'unreadable'; message: string };

export interface HiddenEntry {
  path: RelPath;
  /** A hidden folder stands for everything beneath it. */
  dir: boolean;
  reason: HiddenReason;
}

/** The focus in numbers, as the window and the agents' live context show it. */
export interface FocusSummary {
  revision: number;
  /** Nothing ticked: the whole visible project is the focus. */
  everything: boolean;
  files: number;
  tokens: number;
  totalFiles: number;
  totalTokens: number;
  /** Files whose tokens are counted so far (counting runs in the background after opening). */
  countedFiles: number;
  /** Ticked paths that no longer exist (kept until the user clears them). */
  missing: RelPath[];
}
