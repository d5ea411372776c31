// The path jail: decides whether a path an agent sent names a visible file or folder inside the
// project, and if not, says why in one sentence with the nearest existing paths. Lexical checks
// first (no file system), then the index (only visible files exist), then the real path of the
// file (a symlink swapped in after the scan must still resolve inside the root). The root and the
// index are arguments: nothing here holds an allowed root in module state.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileFlag, HiddenEntry, HiddenReason, RelPath } from '../types';
import { type LexicalRefusal, lexicalPath, relativeInside } from './lexical';
import { nearestPaths } from './nearest';

/** What the jail needs to know about a project. */
export interface JailView {
  /** Absolute, symlink-free root (what the scanner reports). */
  root: string;
  /** A visible file, or undefined. */
  file(path: RelPath): { flag?: FileFlag } | undefined;
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

export function describeHidden(reason: HiddenReason): string {
  switch (reason.kind) {
    case 'gitignored':
      return `ignored by ${reason.source || '.gitignore'} line ${reason.line} (${JSON.stringify(reason.pattern)})`;
    case 'build-output':
      return `hidden as build output (${reason.rule}, owned by ${reason.owner || 'the root'})`;
    case 'os-junk':
      return 'hidden as an operating-system junk file';
    case 'user-hidden':
      return 'hidden by the user in Loupe';
    case 'case-duplicate':
      return `hidden because it differs only in case from the tracked ${JSON.stringify(reason.tracked)}`;
    case 'unreadable':
      return `unreadable (${reason.message})`;
  }
}

/** A path quoted as JSON: a name with quotes or line breaks stays one visible string. */
const q = (p: string) => JSON.stringify(p);

const FLAG_REASONS: Partial<Record<FileFlag, string>> = {
  'symlink-outside-root': 'is a symbolic link that resolves outside the project root',
  'symlinked-folder': 'is a symbolic link to a folder, which Loupe does not follow',
};

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
    const flagReason = entry.flag && FLAG_REASONS[entry.flag];
    if (flagReason)
      return refused(
        entry.flag === 'symlink-outside-root' ? 'symlink-outside' : 'flagged',
        `${q(rel)} ${flagReason}.`,
        {
          path: rel,
        },
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
    if (real !== root && !real.startsWith(root.endsWith(deps.sep) ? root : root + deps.sep))
      return refused('symlink-outside', `${q(rel)} resolves outside the project root (a symbolic link).`, {
        path: rel,
      });
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
