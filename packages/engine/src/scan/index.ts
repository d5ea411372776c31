// scanProject: what in a folder is visible, decided exactly as git decides it, then user
// overrides, smart ignore (build output by evidence, OS junk), and the size and binary gate.
// One pass; two git calls per repository (rev-parse, ls-files); no per-file git calls.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { sortBytewise } from '@loupe/common';
import { LoupeError } from '../errors';
import type { FileEntry, HiddenEntry, RepoInfo } from '../types';
import { createGitRunner, type GitRunner, untrustedRootsFor } from './git';
import { judgeLinks, linkView, resolveLink } from './links';
import { OverrideSet, type Overrides } from './overrides';
import { openRepo, type RepoContext } from './repo';
import { type Owner, ownerOf } from './smart/index';
import { statFile } from './stat';
import { type WalkEntry, walk } from './walk';

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface ScanProgress {
  dirs: number;
  files: number;
}

export interface ScanOptions {
  /**
   * Read size and mtime of every visible file and flag binary, too large and odd links (default
   * true). 'links': resolve and judge the links only; regular files keep size and mtime 0 and no
   * flag, for a caller that judges each file itself before it opens it (`statFile`).
   */
  stat?: boolean | 'links';
  /** Files above this size are listed but never read as text (default 2 MiB). */
  maxFileBytes?: number;
  /** Hide build output proven by its contents, and OS junk files (default true). */
  smartIgnore?: boolean;
  /** Paths (relative to the scanned folder) always shown or always hidden; they beat every rule. */
  overrides?: Overrides;
  git?: GitRunner;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /**
   * Reads a folder (root-relative) only when this returns true; the root is always read. The
   * result then holds what the walk met on the way: callers keep the part they asked about.
   */
  enter?: (rel: string) => boolean;
  /** Opens a repository's context (default: git, two calls); the watcher passes a cached one. */
  openRepo?: typeof openRepo;
  /**
   * Called with the folders read (root-relative, '' the root) once the walk is done and before any
   * file is stat-ed: an opening that will watch places its folder watches here (watch/early.ts).
   */
  onWalked?: (dirs: readonly string[], root: string) => void;
}

export interface ScanResult {
  /** Absolute, symlink-free path of the scanned folder. */
  root: string;
  /** Visible files, sorted bytewise by path. */
  files: FileEntry[];
  /** Hidden entries with their reasons, sorted bytewise; a hidden folder stands for its contents. */
  hidden: HiddenEntry[];
  repos: RepoInfo[];
  /** Sentences about how visibility was decided (e.g. "not a git repository: …"). */
  notes: string[];
  /** Folders read and classified ('' is the root): where visible files can appear (the watcher's list). */
  dirs: string[];
  /** Folders not read because `enter` refused them. */
  skipped: string[];
}

/** Resolves and checks the folder to scan; throws a LoupeError a person can act on. */
export function resolveRoot(dir: string): string {
  const abs = path.resolve(dir);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new LoupeError('not-found', `The folder ${abs} does not exist. Check the path and try again.`);
  }
  let isDir = false;
  try {
    isDir = statSync(real).isDirectory();
  } catch (error) {
    throw new LoupeError('unreadable', `The folder ${abs} cannot be read (${(error as Error).message}).`);
  }
  if (!isDir)
    throw new LoupeError(
      'not-a-directory',
      `${abs} is a file, not a folder. Pass the folder that contains it.`,
    );
  return real;
}

/** A root-relative `/` path with the platform's separators. */
export const toNative = path.sep === '/' ? (p: string) => p : (p: string) => p.split('/').join(path.sep);

/** Absolute path of a root-relative project path ('' is the root): how the workspace and its watches name folders. */
export function absolutePath(root: string, rel: string): string {
  return rel ? path.join(root, ...rel.split('/')) : root;
}

/**
 * Size, mtime and flag of one visible file (the watcher re-checks a changed file with it). A link
 * is resolved here (where it leads, once); whether its target may be read is judged after the walk
 * (links.ts), against everything the scan found visible.
 */
export function statEntry(root: string, w: WalkEntry, maxBytes: number): FileEntry {
  const entry: FileEntry = { path: w.path, size: 0, mtimeMs: 0, tracked: w.tracked, symlink: w.symlink };
  const abs = root + path.sep + toNative(w.path);
  if (w.symlink) {
    const r = resolveLink(root, abs);
    if ('target' in r) {
      entry.size = r.size;
      entry.mtimeMs = r.mtimeMs;
      entry.target = r.target;
    } else entry.flag = r.flag;
    return entry;
  }
  const st = statFile(abs, w.path, maxBytes);
  entry.size = st.size;
  entry.mtimeMs = st.mtimeMs;
  if (st.flag) entry.flag = st.flag;
  return entry;
}

/**
 * When a folder inside a repository is scanned, the markers between the repository's top and the
 * folder still own it: read those few folders (only inside the repository, never above it).
 */
function ownerAbove(root: string, ctx: RepoContext): Owner | undefined {
  const depth = ctx.prefix.split('/').filter(Boolean).length;
  let owner: Owner | undefined;
  for (let up = depth; up >= 1; up--) {
    const dir = path.resolve(root, ...Array<string>(up).fill('..'));
    try {
      owner = ownerOf(
        owner,
        Array<string>(up).fill('..').join('/'),
        readdirSync(dir, { withFileTypes: true }),
      );
    } catch {
      // unreadable ancestor: its markers do not count
    }
  }
  return owner;
}

export async function scanProject(dir: string, options: ScanOptions = {}): Promise<ScanResult> {
  const root = resolveRoot(dir);
  const overrides =
    options.overrides && (options.overrides.show.length || options.overrides.hide.length)
      ? new OverrideSet(options.overrides, root)
      : undefined;
  const smart = options.smartIgnore !== false;
  const git = options.git ?? createGitRunner(untrustedRootsFor(root));
  const open = options.openRepo ?? openRepo;
  const ctx = await open(root, '', git);
  const owner = smart && ctx.kind === 'git' && ctx.prefix ? ownerAbove(root, ctx) : undefined;
  const walked = await walk(ctx, {
    git,
    smart,
    ...(owner ? { owner } : {}),
    ...(overrides ? { overrides } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.enter ? { enter: options.enter } : {}),
    ...(options.openRepo ? { openRepo: options.openRepo } : {}),
    onDirectory: (dirs, files) => options.onProgress?.({ dirs, files }),
  });
  sortBytewise(walked.files, (f) => f.path);
  sortBytewise(walked.hidden, (h) => h.path);

  options.onWalked?.(walked.dirs, root);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  // Without stat the walk's entries are the answer (size and mtime 0).
  let files = walked.files;
  if (options.stat !== false) {
    files = new Array(walked.files.length);
    const linksOnly = options.stat === 'links';
    for (let i = 0; i < walked.files.length; i++) {
      const w = walked.files[i]!;
      files[i] = linksOnly && !w.symlink ? w : statEntry(root, w, maxBytes);
      // Stat in slices so a host's event loop keeps answering during a big scan.
      if (i % 4096 === 4095) await new Promise((r) => setImmediate(r));
    }
  }
  // A link is read as its target only when the target is visible (a partial walk's links are
  // judged again by the workspace, against the whole index).
  if (options.stat !== false) judgeLinks(files, linkView(files, walked.hidden, ctx.ignoreCase));

  const repos: RepoInfo[] = walked.contexts.map((c) => ({
    path: c.rel,
    kind: c.kind,
    ignoreCase: c.ignoreCase,
    ...(c.note ? { note: c.note } : {}),
  }));
  const notes = walked.contexts.flatMap((c) => (c.note ? [c.rel ? `${c.rel}: ${c.note}` : c.note] : []));
  for (const u of overrides?.unmet() ?? [])
    notes.push(
      `${u.state} override ${u.path} did not apply: no such path, or it lies inside a folder hidden for another reason`,
    );
  return { root, files, hidden: walked.hidden, repos, notes, dirs: walked.dirs, skipped: walked.skipped };
}
