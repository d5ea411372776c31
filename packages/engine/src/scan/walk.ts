// The walk: parallel directory reads, each entry decided the way `git ls-files --cached --others
// --exclude-standard` decides it. Ignored folders are not entered unless they hold tracked files;
// nested repositories are handed their own rules; symlinked folders are never entered.
import { type Dirent, readdir, readFile } from 'node:fs';
import path from 'node:path';
import type { HiddenEntry, HiddenReason } from '../types';
import { toBytes } from './bytes';
import type { GitRunner } from './git';
import { type IgnoreList, type IgnorePattern, isNegative, lastMatch, parseIgnoreFile } from './gitignore';
import { openRepo, type RepoContext } from './repo';

/** Directories read at once. Measured: 16–64 are equally fast on cached metadata. */
const CONCURRENCY = 32;

interface Exclusion {
  list: IgnoreList;
  pattern: IgnorePattern;
}

interface DirJob {
  ctx: RepoContext;
  abs: string;
  /** Relative to ctx.dir: '' or 'a/b'. */
  rel: string;
  /** .gitignore lists that apply here, top first (without this folder's own). */
  lists: IgnoreList[];
  /** The folder is ignored; only tracked content below it is visible. */
  excludedBy?: Exclusion;
}

export interface WalkEntry {
  /** Relative to the scan root. */
  path: string;
  tracked: boolean;
  symlink: boolean;
}

export interface WalkResult {
  files: WalkEntry[];
  hidden: HiddenEntry[];
  contexts: RepoContext[];
}

export interface WalkOptions {
  git: GitRunner;
  signal?: AbortSignal;
  onDirectory?: (dirsDone: number, filesSeen: number) => void;
}

const reasonOf = (e: Exclusion): HiddenReason => ({
  kind: 'gitignored',
  source: e.list.origin,
  line: e.pattern.line,
  pattern: e.pattern.source,
});

function exclusion(job: DirJob, lists: IgnoreList[], repoPath: string, name: string, isDir: boolean) {
  const fold = job.ctx.ignoreCase;
  const base = toBytes(name);
  for (let i = lists.length - 1; i >= 0; i--) {
    const hit = lastMatch(lists[i]!, repoPath, base, isDir, fold);
    if (hit) return isNegative(hit) ? undefined : { list: lists[i]!, pattern: hit };
  }
  const ex = job.ctx.exclude;
  const hit = ex && lastMatch(ex, repoPath, base, isDir, fold);
  return hit && !isNegative(hit) ? { list: ex, pattern: hit } : undefined;
}

const join = (a: string, b: string) => (a ? `${a}/${b}` : b);
const isGitName = (name: string, fold: boolean) => (fold ? name.toLowerCase() === '.git' : name === '.git');

export function walk(root: RepoContext, options: WalkOptions): Promise<WalkResult> {
  const result: WalkResult = { files: [], hidden: [], contexts: [root] };
  const queue: DirJob[] = [
    {
      ctx: root,
      abs: root.dir,
      rel: '',
      lists: root.ancestors,
      ...(root.excludedBy ? { excludedBy: root.excludedBy } : {}),
    },
  ];
  let active = 0;
  let dirsDone = 0;

  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    };
    const finish = (next: DirJob[]) => {
      active--;
      dirsDone++;
      for (const j of next) queue.push(j);
      options.onDirectory?.(dirsDone, result.files.length);
      if (options.signal?.aborted) return fail(options.signal.reason ?? new Error('scan cancelled'));
      if (active === 0 && queue.length === 0) resolve(result);
      else pump();
    };
    const pump = () => {
      while (!failed && active < CONCURRENCY && queue.length) {
        const job = queue.pop()!;
        active++;
        readdir(job.abs, { withFileTypes: true }, (error, entries) => {
          if (error) {
            if (job.rel === '' && job.ctx === root) return fail(error);
            const rootRel = join(job.ctx.rel, job.rel);
            result.hidden.push({
              path: rootRel,
              dir: true,
              reason: { kind: 'unreadable', message: error.message },
            });
            return finish([]);
          }
          prepare(job, entries)
            .then((ready) => finish(classify(ready, entries, result)))
            .catch(fail);
        });
      }
    };
    pump();
  });

  /** Loads this folder's .gitignore, or switches to a nested repository's own rules. */
  async function prepare(job: DirJob, entries: Dirent[]): Promise<DirJob & { own: IgnoreList[] }> {
    const fold = job.ctx.ignoreCase;
    // A folder holding a `.git` is a nested repository with rules of its own, unless the outer
    // index tracks files inside it. A gitlink (submodule) is entered even inside an ignored folder.
    const gitlink = job.ctx.tracked.has(job.rel);
    if (job.rel !== '' && (!job.excludedBy || gitlink) && !job.ctx.trackedDirs.has(job.rel)) {
      if (entries.some((e) => isGitName(e.name, fold))) {
        const rootRel = join(job.ctx.rel, job.rel);
        const nested = await openRepo(job.abs, rootRel, options.git);
        // A `.git` that git does not accept as a repository makes an ordinary folder.
        if (nested.kind === 'git' && nested.prefix === '') {
          result.contexts.push(nested);
          return prepare({ ctx: nested, abs: job.abs, rel: '', lists: [] }, entries);
        }
      }
    }
    let own = job.lists;
    if (!job.excludedBy) {
      const file = entries.find((e) => e.name === '.gitignore');
      // git opens .gitignore with O_NOFOLLOW: a symlinked one is not read.
      if (file?.isFile()) {
        const list = await new Promise<IgnoreList | undefined>((res) => {
          readFile(path.join(job.abs, '.gitignore'), (err, data) => {
            const origin = join(join(job.ctx.rel, job.rel), '.gitignore');
            res(
              err
                ? undefined
                : parseIgnoreFile(
                    data.toString('latin1'),
                    origin,
                    job.ctx.prefix + toBytes(job.rel ? `${job.rel}/` : ''),
                  ),
            );
          });
        });
        if (list) own = [...job.lists, list];
      }
    }
    return { ...job, own };
  }

  function classify(job: DirJob & { own: IgnoreList[] }, entries: Dirent[], out: WalkResult): DirJob[] {
    const { ctx } = job;
    const next: DirJob[] = [];
    for (const e of entries) {
      const name = e.name;
      if (isGitName(name, ctx.ignoreCase)) continue;
      const rel = join(job.rel, name);
      const rootRel = join(ctx.rel, rel);
      if (e.isDirectory()) {
        const abs = job.abs + path.sep + name;
        const gitlink = ctx.tracked.has(rel);
        const holdsTracked = ctx.trackedDirs.has(rel);
        if (job.excludedBy) {
          if (gitlink || holdsTracked)
            next.push({ ctx, abs, rel, lists: job.own, excludedBy: job.excludedBy });
          continue;
        }
        const ex = gitlink ? undefined : exclusion(job, job.own, ctx.prefix + toBytes(rel), name, true);
        if (ex) {
          out.hidden.push({ path: rootRel, dir: true, reason: reasonOf(ex) });
          if (holdsTracked) next.push({ ctx, abs, rel, lists: job.own, excludedBy: ex });
          continue;
        }
        next.push({ ctx, abs, rel, lists: job.own });
      } else if (e.isFile() || e.isSymbolicLink()) {
        const tracked = ctx.tracked.has(rel);
        if (!tracked) {
          if (job.excludedBy) continue; // stands behind the hidden folder
          const twin = ctx.trackedFolded?.get(rel.toLowerCase());
          if (twin !== undefined) {
            out.hidden.push({
              path: rootRel,
              dir: false,
              reason: { kind: 'case-duplicate', tracked: join(ctx.rel, twin) },
            });
            continue;
          }
          const ex = exclusion(job, job.own, ctx.prefix + toBytes(rel), name, false);
          if (ex) {
            out.hidden.push({ path: rootRel, dir: false, reason: reasonOf(ex) });
            continue;
          }
        }
        out.files.push({ path: rootRel, tracked, symlink: e.isSymbolicLink() });
      } else if (!job.excludedBy) {
        out.hidden.push({
          path: rootRel,
          dir: false,
          reason: { kind: 'unreadable', message: 'not a regular file (socket, pipe or device)' },
        });
      }
    }
    return next;
  }
}
