// The path jail: decides whether a path an agent sent names a visible file or folder inside the
// project, and if not, says why in one sentence with the nearest existing paths. Lexical checks
// first (no file system), then the index (only visible files exist), then the real path of the
// file (it must still be where the scan found it: a link's target, or the file itself, not a link
// swapped in after the scan). A link is judged by its target: one that may not be read is refused
// with the scan's reason. The root and the index are arguments: nothing here holds an allowed root
// in module state.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { safeJson } from '@loupe/common';
import { flagReason } from '../content/read';
import { describeHidden } from '../scan/smart/summary';
import type { FileEntry, FileFlag, HiddenEntry, HiddenReason, RelPath } from '../types';
import { type LexicalRefusal, lexicalPath, relativeInside } from './lexical';
import { nearestPaths } from './nearest';

export { describeHidden };

/** What the jail needs to know about a project. */
export interface JailView {
  /** Absolute, symlink-free root (what the scanner reports). */
  root: string;
  /** A visible file, or undefined. */
  file(path: RelPath): Pick<FileEntry, 'flag' | 'target' | 'targetHidden'> | undefined;
  /** A folder holding at least one visible file ('' is the root). */
  isFolder(path: RelPath): boolean;
  /** The hidden entry at or above `path`, if any. */
  hidden(path: RelPath): HiddenEntry | undefined;
  /** Every visible file (for the nearest-path suggestions). */
  files(): Iterable<RelPath>;
}

export type JailCode =
  | LexicalRefusal
  | 'git-internal'
  | 'hidden'
  | 'not-found'
  | 'symlink-outside'
  | 'flagged';

export type JailVerdict =
  | { ok: true; kind: 'file'; path: RelPath; abs: string /** Bytes now. */; size: number; flag?: FileFlag }
  | { ok: true; kind: 'folder'; path: RelPath }
  | {
      ok: false;
      code: JailCode;
      /** One sentence a person or an agent can act on. */
      reason: string;
      /** The normalized project path, when the input got that far. */
      path?: RelPath;
      /** Nearest existing files, best first (unknown paths only). */
      nearest: RelPath[];
      /** The project path an absolute input stands for, when it lies inside the root. */
      retry?: RelPath;
      /** For a hidden path: the hidden entry at or above it (what showing would make visible). */
      hidden?: { path: RelPath; kind: HiddenReason['kind'] };
    };

export interface JailDeps {
  realpath(p: string): string;
  /** Kind and size of what a real path names now (a file swapped for a FIFO must not be read). */
  stat(p: string): { isFile(): boolean; size: number };
  sep: string;
}

const defaultDeps: JailDeps = {
  realpath: (p) => realpathSync.native(p),
  stat: (p) => statSync(p),
  sep: path.sep,
};

/** A path quoted as JSON: a name with quotes or line breaks stays one visible string. */
const q = (p: string) => safeJson(p);

/** A link the scan found unreadable is refused here; other flags are the content pipeline's to explain. */
const isLinkFlag = (flag: FileFlag | undefined) =>
  flag !== undefined && (flag.startsWith('symlink-') || flag === 'symlinked-folder');

export function jailPath(input: unknown, view: JailView, deps: JailDeps = defaultDeps): JailVerdict {
  const refused = (
    code: JailCode,
    reason: string,
    extra: {
      path?: RelPath;
      nearest?: RelPath[];
      retry?: RelPath;
      hidden?: { path: RelPath; kind: HiddenReason['kind'] };
    } = {},
  ): JailVerdict => ({ ok: false, code, reason, nearest: extra.nearest ?? [], ...extra });

  // A name the scanner listed is taken literally first (names may hold backslashes on POSIX).
  let rel: RelPath | undefined =
    typeof input === 'string' && input !== '' && !input.includes('\0') && view.file(input)
      ? input
      : undefined;
  if (rel === undefined) {
    const lex = lexicalPath(input);
    if (!lex.ok) {
      const retry =
        typeof input === 'string' && (lex.code === 'absolute' || lex.code === 'drive' || lex.code === 'unc')
          ? relativeInside(input, view.root, deps.sep)
          : undefined;
      return refused(lex.code, lex.reason, retry !== undefined ? { retry } : {});
    }
    rel = lex.path;
  }
  if (rel === '') return { ok: true, kind: 'folder', path: '' };
  if (rel.split('/').some((s) => s.toLowerCase() === '.git'))
    return refused('git-internal', `${q(rel)} is inside git's own folder (.git), which Loupe never serves.`, {
      path: rel,
    });

  const entry = view.file(rel);
  if (entry) {
    if (isLinkFlag(entry.flag))
      return refused(
        entry.flag === 'symlink-outside-root' ? 'symlink-outside' : 'flagged',
        `${q(rel)} is not served: ${flagReason(entry)}.`,
        { path: rel },
      );
    const abs = view.root + deps.sep + rel.split('/').join(deps.sep);
    let real: string;
    try {
      real = deps.realpath(abs);
    } catch {
      return refused('not-found', `${q(rel)} no longer exists on disk.`, {
        path: rel,
        nearest: nearestPaths(rel, view.files()),
      });
    }
    const root = deps.realpath(view.root);
    const under = root.endsWith(deps.sep) ? root : root + deps.sep;
    if (real !== root && !real.startsWith(under))
      return refused('symlink-outside', `${q(rel)} resolves outside the project root (a symbolic link).`, {
        path: rel,
      });
    // Where the scan found its bytes: a link's target, or the file itself.
    if (real !== under + (entry.target ?? rel).split('/').join(deps.sep))
      return refused(
        'flagged',
        `${q(rel)} changed since the project was scanned (a link now, or a link that leads elsewhere); it is served again once the change is scanned.`,
        { path: rel },
      );
    let size = 0;
    try {
      const st = deps.stat(real);
      if (!st.isFile())
        return refused('flagged', `${q(rel)} is no longer a regular file (a pipe, device or folder now).`, {
          path: rel,
        });
      size = st.size;
    } catch {
      return refused('not-found', `${q(rel)} no longer exists on disk.`, { path: rel });
    }
    return entry.flag
      ? { ok: true, kind: 'file', path: rel, abs: real, size, flag: entry.flag }
      : { ok: true, kind: 'file', path: rel, abs: real, size };
  }
  if (view.isFolder(rel)) return { ok: true, kind: 'folder', path: rel };
  const hidden = view.hidden(rel);
  if (hidden) {
    const what =
      hidden.path === rel ? `${q(rel)} is` : `${q(rel)} is inside ${q(`${hidden.path}/`)}, which is`;
    return refused('hidden', `${what} ${describeHidden(hidden.reason)}; Loupe serves only visible files.`, {
      path: rel,
      hidden: { path: hidden.path, kind: hidden.reason.kind },
    });
  }
  return refused('not-found', `No visible file or folder ${q(rel)} in this project.`, {
    path: rel,
    nearest: nearestPaths(rel, view.files()),
  });
}
