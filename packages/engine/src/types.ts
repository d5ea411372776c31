// The engine's pure data types. Those the window sees too (paths, hidden reasons, file flags, the
// focus summary) are @loupe/common's, re-exported here because the engine's API speaks them.
import type { FileFlag, HiddenReason, RelPath } from '@loupe/common';

export type {
  Encoding,
  FileFlag,
  FocusSummary,
  HiddenEntry,
  HiddenReason,
  RelPath,
} from '@loupe/common';

export interface FileEntry {
  path: RelPath;
  size: number;
  mtimeMs: number;
  /** Tracked by git (always visible, whatever the ignore rules say). */
  tracked: boolean;
  /** The entry is a symbolic link (`path` is the link's own name, shown everywhere). */
  symlink: boolean;
  /**
   * A link whose real path is a regular file inside the project: that file's path. The link is
   * read as that file (its bytes, and the format, language and compression its name chooses)
   * when it has no flag; size and mtime are the target's.
   */
  target?: RelPath;
  flag?: FileFlag;
  /** With flag `symlink-to-hidden`: why the target is hidden, when the scan knows. */
  targetHidden?: HiddenReason;
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
