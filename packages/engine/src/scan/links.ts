// Symbolic links are judged by their target, in two steps. Where a link leads is a fact of the
// disk, found once per scan (`resolveLink`: one realpath, one lstat): outside the root, into
// `.git`, a folder, a FIFO, nowhere, a loop, or a regular file of the project. Whether that file
// may be read is a fact of visibility (`judgeLink`): the link is readable exactly when its target
// is a visible file that is not a link, and then it carries that file's flags, size and time.
// The watcher judges links again after every update, so a link follows its target's verdict.
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { FileEntry, FileFlag, HiddenEntry, RelPath } from '../types';

export type LinkResolution = { target: RelPath; size: number; mtimeMs: number } | { flag: FileFlag };

const isGitSegment = (s: string) => s.toLowerCase() === '.git';

/** Where the link at `abs` leads, decided once (realpath, then lstat of the link-free result). */
export function resolveLink(root: string, abs: string): LinkResolution {
  let real: string;
  try {
    // The same realpath as the root's (resolveRoot), so the two compare.
    real = realpathSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      flag:
        code === 'ELOOP'
          ? 'symlink-loop'
          : code === 'ENOENT' || code === 'ENOTDIR'
            ? 'symlink-broken'
            : 'unreadable',
    };
  }
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(real);
  } catch {
    return { flag: 'symlink-broken' }; // gone between the two calls
  }
  if (st.isDirectory()) return { flag: 'symlinked-folder' };
  if (!real.startsWith(root + path.sep)) return { flag: 'symlink-outside-root' };
  const rel = real
    .slice(root.length + 1)
    .split(path.sep)
    .join('/');
  if (rel.split('/').some(isGitSegment)) return { flag: 'symlink-into-git' };
  if (!st.isFile()) return { flag: 'symlink-not-regular' };
  return { target: rel, size: st.size, mtimeMs: st.mtimeMs };
}

/** What visibility a link is judged against. */
export interface LinkView {
  /** A visible entry by exact path. */
  file(rel: RelPath): FileEntry | undefined;
  /** The hidden entry at `rel` or at a folder above it. */
  hidden(rel: RelPath): HiddenEntry | undefined;
  /** Paths compare case-insensitively (core.ignoreCase): lower-cased path -> visible path. */
  folded?: (lower: string) => RelPath | undefined;
}

/** The hidden entry at `rel` or above it, from a map by path. */
export function hiddenAt(byPath: ReadonlyMap<RelPath, HiddenEntry>, rel: RelPath): HiddenEntry | undefined {
  const exact = byPath.get(rel);
  if (exact) return exact;
  for (let cut = rel.lastIndexOf('/'); cut > 0; cut = rel.lastIndexOf('/', cut - 1)) {
    const h = byPath.get(rel.slice(0, cut));
    if (h?.dir) return h;
  }
  return undefined;
}

/**
 * A link entry judged against `view`: readable as its target when that target is visible and not
 * a link itself (a link's realpath never is), else flagged `symlink-to-hidden` with the target's
 * hidden reason. Entries that are not links, or lead nowhere readable, come back unchanged.
 */
export function judgeLink(link: FileEntry, view: LinkView): FileEntry {
  if (!link.symlink || link.target === undefined) return link;
  let found = view.file(link.target);
  if (!found && view.folded) {
    const p = view.folded(link.target.toLowerCase());
    found = p === undefined ? undefined : view.file(p);
  }
  const base = { path: link.path, tracked: link.tracked, symlink: true };
  if (found && !found.symlink)
    return {
      ...base,
      size: found.size,
      mtimeMs: found.mtimeMs,
      target: found.path,
      ...(found.flag ? { flag: found.flag } : {}),
    };
  const hidden = view.hidden(link.target);
  return {
    ...base,
    size: link.size,
    mtimeMs: link.mtimeMs,
    target: link.target,
    flag: 'symlink-to-hidden',
    ...(hidden ? { targetHidden: hidden.reason } : {}),
  };
}

/** A view over a list of visible entries and hidden entries (a scan's result, or the index). */
export function linkView(
  files: Iterable<FileEntry>,
  hidden: readonly HiddenEntry[] | ReadonlyMap<RelPath, HiddenEntry>,
  ignoreCase: boolean,
): LinkView {
  const byPath = new Map<RelPath, FileEntry>();
  for (const f of files) if (!f.symlink) byPath.set(f.path, f);
  const hiddenByPath = 'get' in hidden ? hidden : new Map(hidden.map((h) => [h.path, h]));
  let folded: Map<string, RelPath> | undefined;
  return {
    file: (rel) => byPath.get(rel),
    hidden: (rel) => hiddenAt(hiddenByPath, rel),
    ...(ignoreCase
      ? {
          folded: (lower: string) => {
            folded ??= new Map([...byPath.keys()].map((p) => [p.toLowerCase(), p]));
            return folded.get(lower);
          },
        }
      : {}),
  };
}

/** Judges every link of `entries` in place against `view`; returns the paths whose verdict changed. */
export function judgeLinks(entries: FileEntry[], view: LinkView): RelPath[] {
  const changed: RelPath[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (!e.symlink || e.target === undefined) continue;
    const judged = judgeLink(e, view);
    if (!sameVerdict(e, judged)) changed.push(e.path);
    entries[i] = judged;
  }
  return changed;
}

/** Same flag, target, hidden reason, size and time. */
export function sameVerdict(a: FileEntry, b: FileEntry): boolean {
  return (
    a.flag === b.flag &&
    a.target === b.target &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    JSON.stringify(a.targetHidden) === JSON.stringify(b.targetHidden)
  );
}
