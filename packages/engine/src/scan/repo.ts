// What git knows about one repository that the walk needs: tracked paths, core.ignoreCase,
// info/exclude, and (when a folder inside a repository is opened) the .gitignore files above it.
// Two git calls per repository (a third, `git config`, only for a config file this reader leaves
// to git), none per file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toBytes } from './bytes';
import type { GitRunner } from './git';
import { type IgnoreList, type IgnorePattern, isNegative, lastMatch, parseIgnoreFile } from './gitignore';
import { readIgnoreCase } from './ignore-case';

export interface RepoContext {
  /** Absolute folder this context covers: the scan root or a nested repository. */
  dir: string;
  /** `dir` relative to the scan root ('' for the root). */
  rel: string;
  kind: 'git' | 'plain';
  ignoreCase: boolean;
  /** Byte-string path of `dir` inside its repository ('' or 'sub/dir/'): ignore rules see repo paths. */
  prefix: string;
  /**
   * Tracked paths relative to `dir`, by folder: a folder ('' for `dir`) -> the names in it that are
   * tracked (files, links and gitlinks, which are folders on disk). Every folder holding tracked
   * paths at any depth has an entry, possibly empty. The walk looks up a folder once and then each
   * entry by its name alone: no joined path is hashed per entry (`isTracked` for a single path).
   */
  trackedIn: Map<string, Set<string>>;
  /** With core.ignoreCase: lower-cased tracked path -> tracked path. */
  trackedFolded?: Map<string, string>;
  /** .gitignore lists of folders between the repository top and `dir`, top first. */
  ancestors: IgnoreList[];
  /** info/exclude, consulted after every .gitignore. */
  exclude?: IgnoreList;
  /** Set when a folder above `dir` is ignored: everything untracked below is ignored too. */
  excludedBy?: { list: IgnoreList; pattern: IgnorePattern };
  note?: string;
}

async function readIgnore(file: string, origin: string, base: string): Promise<IgnoreList | undefined> {
  try {
    return parseIgnoreFile((await readFile(file)).toString('latin1'), origin, base);
  } catch {
    return undefined; // missing or unreadable: git skips it too
  }
}

/** A path for reasons shown to people: relative to the scan root, `/`-separated. */
function originOf(ctx: RepoContext, file: string): string {
  return path.join(ctx.rel, path.relative(ctx.dir, file)).split(path.sep).join('/');
}

function plain(dir: string, rel: string, note?: string): RepoContext {
  return {
    dir,
    rel,
    kind: 'plain',
    ignoreCase: false,
    prefix: '',
    trackedIn: new Map(),
    ancestors: [],
    ...(note ? { note } : {}),
  };
}

/** Whether `rel` (relative to the context's folder) is a tracked path. */
export function isTracked(ctx: RepoContext, rel: string): boolean {
  const slash = rel.lastIndexOf('/');
  const names = ctx.trackedIn.get(slash < 0 ? '' : rel.slice(0, slash));
  return names?.has(rel.slice(slash + 1)) ?? false;
}

/** The tracked paths by folder; with `folded`, also lower-cased path -> path (the last one wins). */
function parseTracked(out: Buffer, folded?: Map<string, string>): Map<string, Set<string>> {
  const trackedIn = new Map<string, Set<string>>();
  const text = out.toString('utf8');
  let lastDir: string | undefined;
  let names: Set<string> | undefined;
  // `ls-files -z` is sorted, so a folder's files are adjacent. A gitlink (submodule) is listed as
  // a path too; the walk meets it as a folder.
  for (let start = 0, end = text.indexOf('\0'); end >= 0; start = end + 1, end = text.indexOf('\0', start)) {
    if (end === start) continue;
    const slash = text.lastIndexOf('/', end - 1);
    const inDir = slash >= start;
    const dir = inDir ? text.slice(start, slash) : '';
    if (dir !== lastDir) {
      lastDir = dir;
      names = trackedIn.get(dir);
      if (!names) {
        names = new Set();
        trackedIn.set(dir, names);
        // Its folders above hold tracked paths too.
        for (let d = dir; d; ) {
          const up = d.slice(0, Math.max(0, d.lastIndexOf('/')));
          if (trackedIn.has(up)) break;
          trackedIn.set(up, new Set());
          d = up;
        }
      }
    }
    names!.add(text.slice(inDir ? slash + 1 : start, end));
    if (folded) {
      const p = text.slice(start, end);
      folded.set(p.toLowerCase(), p);
    }
  }
  return trackedIn;
}

/** Loads the .gitignore files from the repository top down to `dir`, as git's prep_exclude does. */
async function loadAncestors(top: string, prefix: string, ctx: RepoContext, fold: boolean): Promise<void> {
  const parts = prefix.split('/').filter(Boolean);
  let base = '';
  for (let i = 0; i <= parts.length - 1; i++) {
    const file = path.join(top, base, '.gitignore');
    const list = await readIgnore(file, originOf(ctx, file), toBytes(base));
    if (list) ctx.ancestors.push(list);
    const next = base + parts[i];
    const name = toBytes(parts[i]!);
    for (const l of [...[...ctx.ancestors].reverse(), ...(ctx.exclude ? [ctx.exclude] : [])]) {
      const hit = lastMatch(l, toBytes(next), name, true, fold);
      if (hit) {
        if (!isNegative(hit)) ctx.excludedBy = { list: l, pattern: hit };
        break;
      }
    }
    if (ctx.excludedBy) return;
    base = `${next}/`;
  }
}

async function askIgnoreCase(dir: string, git: GitRunner): Promise<boolean> {
  const config = await git.run(dir, ['config', '--get', '--bool', 'core.ignorecase']);
  return config.ok && config.stdout.toString('utf8').trim() === 'true';
}

/**
 * Opens the repository that governs `dir` (the scan root, or a nested repository found by the
 * walk). Without git, or outside any repository, `.gitignore` files are still applied as git
 * would, and the context says so.
 */
export async function openRepo(dir: string, rel: string, git: GitRunner): Promise<RepoContext> {
  if (!git.executable)
    return plain(dir, rel, 'git was not found on PATH: .gitignore files applied without git');
  // Both at once: they only need the folder, and spawning dominates their cost.
  const listing = git.run(dir, ['ls-files', '-z', '--cached']);
  const info = await git.run(dir, [
    'rev-parse',
    '--show-toplevel',
    '--show-prefix',
    '--git-path',
    'info/exclude',
    '--git-path',
    'config',
  ]);
  if (!info.ok) {
    const why = info.stderr.includes('dubious ownership')
      ? 'git refused this repository (owned by another user): .gitignore files applied without git'
      : undefined;
    if (why) return plain(dir, rel, why);
    return plain(
      dir,
      rel,
      rel === '' ? 'not a git repository: .gitignore files applied as git would' : undefined,
    );
  }
  const [top = dir, prefix = '', excludePath = '', configPath = ''] = info.stdout
    .toString('utf8')
    .split('\n');
  // core.ignoreCase from the config file while ls-files runs; git config only when the file needs git.
  const ignoreCase =
    (configPath ? await readIgnoreCase(path.resolve(dir, configPath)) : undefined) ??
    (await askIgnoreCase(dir, git));
  const files = await listing;
  if (!files.ok)
    return plain(
      dir,
      rel,
      `git ls-files failed (${files.stderr.trim()}): .gitignore files applied without git`,
    );
  const folded = ignoreCase ? new Map<string, string>() : undefined;
  const ctx: RepoContext = {
    dir,
    rel,
    kind: 'git',
    ignoreCase,
    prefix: toBytes(prefix),
    trackedIn: parseTracked(files.stdout, folded),
    ...(folded ? { trackedFolded: folded } : {}),
    ancestors: [],
  };
  if (excludePath) {
    const abs = path.resolve(dir, excludePath);
    const list = await readIgnore(abs, originOf(ctx, abs), '');
    if (list) ctx.exclude = list;
  }
  if (prefix) {
    await loadAncestors(top, prefix, ctx, ignoreCase);
    if (ctx.excludedBy) {
      ctx.note = `this folder lies inside a folder ignored by ${ctx.excludedBy.list.origin}: only tracked files are visible`;
    }
  }
  return ctx;
}
