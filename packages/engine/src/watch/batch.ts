// One batch of file system events becomes one index update. Each event is sorted into the least
// work that keeps the index exact: a content check for a known file (stat, hash if it moved), a
// walk of the folder it happened in (a name appeared or vanished), a walk of a whole subtree (its
// rules changed), or a full rescan (a burst too large to trust event by event). Walks are the
// scanner's own code restricted to the regions, so visibility is decided by one implementation.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_MAX_FILE_BYTES,
  type ScanOptions,
  type ScanResult,
  scanProject,
  statEntry,
} from '../scan/index';
import { hiddenAt, judgeLink, type LinkView } from '../scan/links';
import { markersOf } from '../scan/smart/markers';
import { ANYWHERE_RULES, STACK_RULES, type Test } from '../scan/smart/rules';
import type { FileEntry, HiddenEntry, RelPath, RepoInfo } from '../types';
import type { FileIndex } from '../workspace/file-index';
import type { GitFiles } from './git-files';
import { type IndexUpdate, UpdateBuilder, updateFromScan } from './plan';
import { parentOf, Regions } from './regions';
import type { RepoCache } from './repo-cache';

/** What a batch uses besides the workspace: the watched git files and the cached repositories. */
export interface BatchTools {
  git: GitFiles;
  repos: RepoCache;
}

/** Event flags: a name appeared, vanished or moved; or content or metadata changed. */
export const RENAMED = 1;
export const MODIFIED = 2;
/** Made up by the watcher itself: a name seen when listing a folder that was just watched. */
export const LISTED = 4;

/** What a batch reads from the workspace. */
export interface BatchHost {
  readonly root: string;
  readonly index: FileIndex;
  readonly folders: ReadonlySet<RelPath>;
  readonly hidden: readonly HiddenEntry[];
  readonly repos: readonly RepoInfo[];
  hiddenEntry(p: RelPath): HiddenEntry | undefined;
  /** Visibility as it is now, for judging links (scan/links.ts). */
  linkView(): LinkView;
  scanOptions(): ScanOptions;
}

export interface BatchLimits {
  /** More distinct paths than this in one batch: a full rescan (and a lost event cannot matter). */
  burstPaths: number;
  /** More regions than this: a full rescan is cheaper. */
  maxRegions: number;
}

/** Files whose content (not just presence) can prove a folder is build output. */
const EVIDENCE = (() => {
  const out = new Set(['CACHEDIR.TAG']);
  const visit = (t: Test) => {
    if ('manifest' in t) out.add(t.manifest);
    if ('inside' in t) visit(t.test);
  };
  for (const rules of [...Object.values(STACK_RULES), ANYWHERE_RULES])
    for (const r of rules) for (const proof of r.proofs) for (const t of proof) visit(t);
  return out;
})();

const sep = path.sep;

/** Root-relative `/` path of an absolute path inside the root, else undefined. */
export function relOf(root: string, abs: string): RelPath | undefined {
  if (abs === root) return '';
  if (!abs.startsWith(root + sep)) return undefined;
  const rel = abs.slice(root.length + 1);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** What a path is on disk (links not followed), or undefined when it is gone. */
export function kindOnDisk(abs: string): 'file' | 'link' | 'dir' | 'other' | undefined {
  try {
    const st = lstatSync(abs);
    return st.isFile() ? 'file' : st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    return undefined;
  }
}

interface Sorted {
  regions: Regions;
  /** Known visible files to re-check, with their kind on disk confirmed. */
  content: Set<RelPath>;
  /** Repositories whose index changed. */
  tracked: Set<RelPath>;
  full?: string;
}

function sortEvent(host: BatchHost, tools: BatchTools, abs: string, flags: number, out: Sorted): void {
  const gitFile = tools.git.match(abs);
  if (gitFile) {
    tools.repos.invalidate(path.join(host.root, ...gitFile.repo.split('/').filter(Boolean)));
    if (gitFile.kind === 'index') out.tracked.add(gitFile.repo);
    else if (gitFile.repo === '') out.full ??= 'info/exclude changed';
    else out.regions.addDeep(gitFile.repo);
    return;
  }
  const rel = relOf(host.root, abs);
  if (rel === undefined || rel === '') return;
  const parent = parentOf(rel);
  if (!host.folders.has(parent)) return; // a late event from a folder no longer watched
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const known = host.index.get(rel) ?? host.hiddenEntry(rel) ?? host.folders.has(rel);
  if (name === '.gitignore') {
    out.regions.addDeep(parent);
    return;
  }
  if (name === '.git') {
    // A repository appeared or went away (its rules, its tracked files); git's own writes inside
    // an existing one do not count.
    const isRepo = host.repos.some((r) => r.path === parent && r.kind === 'git');
    if (isRepo !== (kindOnDisk(abs) !== undefined)) {
      tools.repos.invalidate(path.dirname(abs));
      out.regions.addDeep(parent);
    }
    return;
  }
  // A stack marker decides the rules of the whole subtree by its presence.
  if (markersOf(name, true, true).length && Boolean(known) !== (kindOnDisk(abs) !== undefined)) {
    out.regions.addDeep(parent);
    return;
  }
  // Evidence read by content: the candidates above must be judged again.
  if (EVIDENCE.has(name)) {
    out.regions.addShallow(parent);
    return;
  }
  const entry = host.index.get(rel);
  if (entry) {
    const kind = kindOnDisk(abs);
    if (kind === (entry.symlink ? 'link' : 'file')) out.content.add(rel);
    else out.regions.addShallow(parent); // gone, or now a folder or a link
    return;
  }
  if (host.folders.has(rel)) {
    if (flags & RENAMED) out.regions.addDeep(rel); // moved away or replaced: walk it again
    return;
  }
  if (host.hiddenEntry(rel)) {
    // A hidden name keeps its verdict while it changes; only appearing or vanishing counts.
    if (flags & RENAMED) out.regions.addShallow(parent);
    return;
  }
  // New names below a folder hidden for its own rules (walked only for its tracked files) stay
  // hidden: tracked files arrive through the git index instead.
  for (let p = parent; ; p = parentOf(p)) {
    if (host.hiddenEntry(p)?.dir) return;
    if (p === '') break;
  }
  out.regions.addShallow(parent);
}

/**
 * Walks the regions; when a folder whose verdict is decided outside them changed (now hidden,
 * visible again, hidden for another reason), walks it whole and tries again. Undefined: give up,
 * rescan everything.
 */
async function walkRegions(
  host: BatchHost,
  regions: Regions,
  options: ScanOptions,
): Promise<ScanResult | undefined> {
  const status = (walked: boolean, hidden: HiddenEntry | undefined) =>
    `${walked ? 'walked' : '-'}:${hidden?.dir ? hidden.reason.kind : ''}`;
  for (let round = 0; round < 4; round++) {
    regions.normalize();
    if (regions.full) return undefined;
    const scanned = await scanProject(host.root, {
      ...options,
      enter: regions.enterPredicate((p) => host.folders.has(p)),
    });
    const walkedNow = new Set([...scanned.dirs, ...scanned.skipped]);
    const hiddenNow = new Map(scanned.hidden.filter((h) => h.dir).map((h) => [h.path, h]));
    const isChild = (p: RelPath) => p !== '' && regions.shallow.has(parentOf(p));
    const children = new Set<RelPath>();
    for (const f of host.folders) if (isChild(f)) children.add(f);
    for (const h of host.hidden) if (h.dir && isChild(h.path)) children.add(h.path);
    for (const f of walkedNow) if (isChild(f)) children.add(f);
    for (const p of hiddenNow.keys()) if (isChild(p)) children.add(p);
    const changed = regions
      .boundary(children)
      .filter(
        (f) =>
          status(host.folders.has(f), host.hiddenEntry(f)) !== status(walkedNow.has(f), hiddenNow.get(f)),
      );
    if (!changed.length) return scanned;
    for (const f of changed) regions.addDeep(f);
  }
  return undefined;
}

function realEvents(events: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const f of events.values()) if (f & (RENAMED | MODIFIED)) n++;
  return n;
}

export interface BatchOutcome {
  update: IndexUpdate;
  /** Why everything was rescanned, when it was. */
  full?: string;
}

/** Turns a batch of events (absolute path -> flags) into one update; `forceFull` rescans everything. */
export async function runBatch(
  host: BatchHost,
  tools: BatchTools,
  events: ReadonlyMap<string, number>,
  limits: BatchLimits,
  forceFull?: string,
): Promise<BatchOutcome> {
  const sorted: Sorted = { regions: new Regions(), content: new Set(), tracked: new Set() };
  if (forceFull) sorted.full = forceFull;
  else if (realEvents(events) > limits.burstPaths)
    sorted.full = `a burst of ${realEvents(events)} changed paths`;
  else for (const [abs, flags] of events) sortEvent(host, tools, abs, flags, sorted);
  const { regions } = sorted;
  // A link's size, time and content follow its target, which raises no event under the link's
  // name: every batch looks at the links again (few, and a stat each).
  if (!sorted.full) for (const p of host.index.links()) sorted.content.add(p);
  if (!sorted.full)
    for (const repo of sorted.tracked) {
      const changes = await tools.git.trackedChanges(repo);
      if (changes.length > limits.burstPaths)
        sorted.full = `${changes.length} paths tracked or untracked by git`;
      for (const p of changes) regions.addShallow(parentOf(p));
    }
  if (!sorted.full && regions.size > limits.maxRegions) sorted.full = `changes in ${regions.size} folders`;

  const options: ScanOptions = { ...host.scanOptions(), openRepo: tools.repos.open };
  if (!sorted.full && !regions.empty) {
    const scanned = await walkRegions(host, regions, options);
    if (scanned) {
      judgeWalkedLinks(host, scanned, (p) => regions.covers(p));
      const builder = contentChecks(host, sorted.content, regions, options, 'changes on disk');
      const update = await updateFromScan(
        host,
        scanned,
        (p) => regions.covers(p),
        builder.update.cause,
        builder,
        regions.coveredIn(host.index),
      );
      return { update };
    }
    sorted.full = 'visibility changed above the changed folders';
  }
  if (sorted.full) {
    tools.repos.invalidate();
    const scanned = await scanProject(host.root, options);
    return {
      update: await updateFromScan(host, scanned, () => true, `rescan: ${sorted.full}`),
      full: sorted.full,
    };
  }
  const builder = contentChecks(host, sorted.content, regions, options, 'file contents changed');
  return { update: await builder.finish(host.root) };
}

/**
 * The walk judged its links against only the folders it read: judge them again against what is
 * visible inside the regions (the walk) and outside them (the index).
 */
function judgeWalkedLinks(host: BatchHost, scanned: ScanResult, covers: (p: RelPath) => boolean): void {
  if (!scanned.files.some((f) => f.symlink && f.target !== undefined)) return;
  const outside = host.linkView();
  const files = new Map(scanned.files.map((f) => [f.path, f]));
  const hidden = new Map(scanned.hidden.map((h) => [h.path, h]));
  const view: LinkView = {
    file: (p) => (covers(p) ? files.get(p) : outside.file(p)),
    hidden: (p) => (covers(p) ? hiddenAt(hidden, p) : outside.hidden(p)),
    ...(outside.folded ? { folded: outside.folded } : {}),
  };
  for (let i = 0; i < scanned.files.length; i++) scanned.files[i] = judgeLink(scanned.files[i]!, view);
}

/** Compares known files outside the walked regions with a fresh stat (the scanner's own). */
function contentChecks(
  host: BatchHost,
  paths: Set<RelPath>,
  regions: Regions,
  options: ScanOptions,
  cause: string,
): UpdateBuilder {
  const builder = new UpdateBuilder(cause);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const view = host.linkView();
  for (const rel of paths) {
    if (regions.covers(rel)) continue;
    const old = host.index.get(rel);
    if (!old) continue;
    const fresh: FileEntry = judgeLink(
      statEntry(host.root, { path: rel, tracked: old.tracked, symlink: old.symlink }, maxBytes),
      view,
    );
    builder.compare(old, fresh);
  }
  return builder;
}
