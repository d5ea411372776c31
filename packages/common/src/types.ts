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

/** Why a visible file is listed but never read as text. */
export type FileFlag = 'binary' | 'too-large' | 'symlink-outside-root' | 'symlinked-folder' | 'unreadable';

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
