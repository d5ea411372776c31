// Pure data types shared by the engine and, through the host API, by the window.
// No Node and no DOM imports here: the renderer type-checks against this file.

/** A path relative to the project root, with `/` separators, no leading `./`. */
export type RelPath = string;

export type Encoding = 'o200k_base' | 'cl100k_base';

/** Why a visible file is listed but never read as text. */
export type FileFlag = 'binary' | 'too-large' | 'symlink-outside-root' | 'symlinked-folder' | 'unreadable';

export interface FileEntry {
  path: RelPath;
  size: number;
  mtimeMs: number;
  /** Tracked by git (always visible, whatever the ignore rules say). */
  tracked: boolean;
  /** The entry is a symbolic link to a file. */
  symlink: boolean;
  flag?: FileFlag;
}

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

/** How the visibility of one repository (or plain folder) inside the root was decided. */
export interface RepoInfo {
  /** Folder of the repository relative to the root ('' for the root itself). */
  path: RelPath;
  kind: 'git' | 'plain';
  ignoreCase: boolean;
  /** Set when git could not be used and `.gitignore` files were evaluated without it. */
  note?: string;
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
