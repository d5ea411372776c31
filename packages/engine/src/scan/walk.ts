// The walk: directory reads, each entry decided the way `git ls-files --cached --others
// --exclude-standard` decides it. Ignored folders are not entered unless they hold tracked files;
// nested repositories are handed their own rules; symlinked folders are never entered. Then, on
// top of git: user overrides (show/hide), smart ignore (build output by evidence) and OS junk.
import { type Dirent, readdirSync, readFile } from 'node:fs';
import path from 'node:path';
import type { FileEntry, HiddenEntry, HiddenReason } from '../types';
import { toBytes } from './bytes';
import type { GitRunner } from './git';
import { type IgnoreList, type IgnorePattern, isNegative, lastMatch, parseIgnoreFile } from './gitignore';
import type { OverrideSet } from './overrides';
import { isTracked, openRepo, type RepoContext } from './repo';
import { type Applied, candidateRules, isOsJunk, judgeCandidate, type Owner, ownerOf } from './smart/index';

/** Folders read and not yet classified (their .gitignore or a smart-ignore proof may be read). */
const CONCURRENCY = 32;
/** Folders read between two turns of the event loop (~10 ms of reading). */
const YIELD_EVERY = 256;

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
  /** 'show': everything below is visible; 'hidden': only paths shown by an override are. */
  mode?: 'show' | 'hidden';
  /** Smart ignore: the owner above this folder, and the rules that make it a candidate. */
  owner?: Owner;
  candidate?: Applied[];
  /** Index of this folder's own gitignored entry in `hidden` (a proof replaces its reason). */
  hiddenAt?: number;
}

type Ready = DirJob & { own: IgnoreList[] };

export interface WalkEntry {
  /** Relative to the scan root. */
  path: string;
  tracked: boolean;
  symlink: boolean;
}

export interface WalkResult {
  /** Visible files, not yet stat-ed (size and mtime 0): a listing that needs no sizes takes them as they are. */
  files: FileEntry[];
  hidden: HiddenEntry[];
  contexts: RepoContext[];
  /** Folders read and classified, relative to the scan root ('' is the root). */
  dirs: string[];
  /** Folders the walk would have read but `enter` refused. */
  skipped: string[];
}

export interface WalkOptions {
  git: GitRunner;
  /** Hide build output by evidence and OS junk (default false here; scanProject turns it on). */
  smart?: boolean;
  /** Owner of the scanned folder from markers above it. */
  owner?: Owner;
  overrides?: OverrideSet;
  signal?: AbortSignal;
  onDirectory?: (dirsDone: number, filesSeen: number) => void;
  /**
   * Reads a folder (root-relative) only when this returns true; the root is always read. Lets the
   * watcher re-walk just the folders an event touched, with every rule above them applied as usual.
   */
  enter?: (rootRel: string) => boolean;
  /** Opens a nested repository's context (default: openRepo). */
  openRepo?: typeof openRepo;
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

/** Every job has every field, so the walk's hot code sees one object shape. */
const dirJob = (
  ctx: RepoContext,
  abs: string,
  rel: string,
  lists: IgnoreList[],
  excludedBy: Exclusion | undefined,
  mode: DirJob['mode'],
  owner: Owner | undefined,
  candidate?: Applied[],
  hiddenAt?: number,
): DirJob => ({ ctx, abs, rel, lists, excludedBy, mode, owner, candidate, hiddenAt });

const join = (a: string, b: string) => (a ? `${a}/${b}` : b);
/** A job's folder relative to the scan root (a nested repository's own root has rel ''). */
const rootRelOf = (j: DirJob) => (j.rel ? join(j.ctx.rel, j.rel) : j.ctx.rel);
const isGitName = (name: string, fold: boolean) => (fold ? name.toLowerCase() === '.git' : name === '.git');

export function walk(root: RepoContext, options: WalkOptions): Promise<WalkResult> {
  const result: WalkResult = { files: [], hidden: [], contexts: [root], dirs: [], skipped: [] };
  const { enter } = options;
  const queue: DirJob[] = [
    dirJob(root, root.dir, '', root.ancestors, root.excludedBy, undefined, options.owner),
  ];
  let active = 0;
  let dirsDone = 0;
  let readSinceYield = 0;
  let yielding = false;

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
      for (const j of next) {
        if (!enter || enter(rootRelOf(j))) queue.push(j);
        else result.skipped.push(rootRelOf(j));
      }
      options.onDirectory?.(dirsDone, result.files.length);
      if (options.signal?.aborted) return fail(options.signal.reason ?? new Error('scan cancelled'));
      if (active === 0 && queue.length === 0) resolve(result);
      else pump();
    };
    const pump = () => {
      while (!failed && !yielding && active < CONCURRENCY && queue.length) {
        // Folders are read synchronously (less CPU than the thread pool's round trips), so the
        // walk yields now and then to let a host's event loop answer during a big scan.
        if (readSinceYield === YIELD_EVERY) {
          yielding = true;
          setImmediate(() => {
            yielding = false;
            readSinceYield = 0;
            pump();
          });
          return;
        }
        readSinceYield++;
        const job = queue.pop()!;
        active++;
        let entries: Dirent[];
        try {
          entries = readdirSync(job.abs, { withFileTypes: true });
        } catch (error) {
          if (job.rel === '' && job.ctx === root) return fail(error);
          const rootRel = join(job.ctx.rel, job.rel);
          result.hidden.push({
            path: rootRel,
            dir: true,
            reason: { kind: 'unreadable', message: (error as Error).message },
          });
          queueMicrotask(() => finish([]));
          continue;
        }
        prepare(job, entries)
          .then((ready) => {
            if (ready) result.dirs.push(rootRelOf(ready));
            finish(ready ? classify(ready, entries, result) : []);
          })
          .catch(fail);
      }
    };
    pump();
  });

  /**
   * Judges a smart-ignore candidate (undefined: proven and nothing below is shown), loads this
   * folder's .gitignore or switches to a nested repository's own rules, and notes its markers.
   */
  async function prepare(job: DirJob, entries: Dirent[]): Promise<Ready | undefined> {
    if (job.candidate) {
      const reason = await judgeCandidate(job.candidate, job.abs, entries);
      job = { ...job, candidate: undefined };
      if (reason) {
        const entry: HiddenEntry = { path: join(job.ctx.rel, job.rel), dir: true, reason };
        if (job.hiddenAt === undefined) result.hidden.push(entry);
        else result.hidden[job.hiddenAt] = entry;
        if (!options.overrides?.showsBelow(entry.path)) return undefined;
        job.mode = 'hidden';
      }
    }
    const fold = job.ctx.ignoreCase;
    // A folder holding a `.git` is a nested repository with rules of its own, unless the outer
    // index tracks files inside it. A gitlink (submodule) is entered even inside an ignored folder.
    const gitlink = isTracked(job.ctx, job.rel);
    if (job.rel !== '' && (!job.excludedBy || gitlink) && !job.ctx.trackedIn.has(job.rel)) {
      if (entries.some((e) => isGitName(e.name, fold))) {
        const rootRel = join(job.ctx.rel, job.rel);
        const nested = await (options.openRepo ?? openRepo)(job.abs, rootRel, options.git);
        // A `.git` that git does not accept as a repository makes an ordinary folder.
        if (nested.kind === 'git' && nested.prefix === '') {
          result.contexts.push(nested);
          return prepare(dirJob(nested, job.abs, '', [], undefined, job.mode, job.owner), entries);
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
    const owner =
      options.smart && !job.mode ? ownerOf(job.owner, join(job.ctx.rel, job.rel), entries) : job.owner;
    // Every field spelt out (not a spread): each Ready has the one shape classify's hot loop sees.
    const { ctx, abs, rel, lists, excludedBy, mode, candidate, hiddenAt } = job;
    return { ctx, abs, rel, lists, excludedBy, mode, owner, candidate, hiddenAt, own };
  }

  function classify(job: Ready, entries: Dirent[], out: WalkResult): DirJob[] {
    const { ctx } = job;
    const { overrides, smart } = options;
    const { owner } = job;
    // Smart ignore: does a subfolder's name make it a candidate under this folder's owner?
    const candidate = (name: string) => (smart ? candidateRules(owner, name, ctx.rel, job.rel) : undefined);
    // This folder's tracked names: entries are looked up by name, and a folder holding nothing
    // tracked has no subfolder that does.
    const trackedHere = ctx.trackedIn.get(job.rel);
    const next: DirJob[] = [];
    for (const e of entries) {
      const name = e.name;
      if (isGitName(name, ctx.ignoreCase)) continue;
      const rel = join(job.rel, name);
      const rootRel = join(ctx.rel, rel);
      if (overrides || job.mode) {
        const forced = overrides?.at(rootRel);
        const mode = forced === 'show' ? 'show' : forced === 'hide' ? 'hidden' : job.mode;
        if (mode) {
          overridden(job, e, rel, rootRel, mode, forced === 'hide', next, out);
          continue;
        }
      }
      if (e.isDirectory()) {
        const abs = job.abs + path.sep + name;
        const gitlink = trackedHere?.has(name) ?? false;
        const holdsTracked = trackedHere !== undefined && ctx.trackedIn.has(rel);
        const leads = overrides ? overrides.showsBelow(rootRel) : false;
        if (job.excludedBy) {
          if (gitlink || holdsTracked || leads)
            next.push(dirJob(ctx, abs, rel, job.own, job.excludedBy, undefined, owner, candidate(name)));
          continue;
        }
        const ex = gitlink ? undefined : exclusion(job, job.own, ctx.prefix + toBytes(rel), name, true);
        if (ex) {
          const hiddenAt = out.hidden.push({ path: rootRel, dir: true, reason: reasonOf(ex) }) - 1;
          if (holdsTracked || leads)
            next.push(dirJob(ctx, abs, rel, job.own, ex, undefined, owner, candidate(name), hiddenAt));
          continue;
        }
        if (smart && isOsJunk(name, true)) {
          out.hidden.push({ path: rootRel, dir: true, reason: { kind: 'os-junk' } });
          if (leads) next.push(dirJob(ctx, abs, rel, job.own, undefined, 'hidden', owner));
          continue;
        }
        next.push(dirJob(ctx, abs, rel, job.own, undefined, undefined, owner, candidate(name)));
      } else if (e.isFile() || e.isSymbolicLink()) {
        const tracked = trackedHere?.has(name) ?? false;
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
        if (smart && isOsJunk(name, false)) {
          out.hidden.push({ path: rootRel, dir: false, reason: { kind: 'os-junk' } });
          continue;
        }
        out.files.push({ path: rootRel, size: 0, mtimeMs: 0, tracked, symlink: e.isSymbolicLink() });
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

  /** An entry under a show or hide override: no other rule applies to it. */
  function overridden(
    job: Ready,
    e: Dirent,
    rel: string,
    rootRel: string,
    mode: 'show' | 'hidden',
    hiddenHere: boolean,
    next: DirJob[],
    out: WalkResult,
  ): void {
    const { ctx } = job;
    const isDir = e.isDirectory();
    if (hiddenHere) out.hidden.push({ path: rootRel, dir: isDir, reason: { kind: 'user-hidden' } });
    if (isDir) {
      if (mode === 'show' || options.overrides?.showsBelow(rootRel))
        next.push(dirJob(ctx, job.abs + path.sep + e.name, rel, job.own, undefined, mode, job.owner));
    } else if (mode === 'hidden') {
      // stands behind a hidden folder, or hidden here
    } else if (e.isFile() || e.isSymbolicLink()) {
      const tracked = isTracked(ctx, rel);
      out.files.push({ path: rootRel, size: 0, mtimeMs: 0, tracked, symlink: e.isSymbolicLink() });
    } else {
      out.hidden.push({
        path: rootRel,
        dir: false,
        reason: { kind: 'unreadable', message: 'not a regular file (socket, pipe or device)' },
      });
    }
  }
}
