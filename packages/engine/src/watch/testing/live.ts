// Test helpers for the watcher: real folders, real git, and conditions waited for with deadlines
// (events arrive when the kernel delivers them; a fixed sleep is never the only synchronisation).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scanProject } from '../../scan/index';
import { git, gitVisible } from '../../scan/testing/git-oracle';
import { countTokens } from '../../tokens/count';
import type { IndexEntry } from '../../workspace/file-index';
import { Workspace, type WorkspaceOptions } from '../../workspace/workspace';
import type { WatchOptions } from '../watcher';

export { git, gitVisible };

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}

export function initRepo(dir: string, files: Record<string, string>, commit = true): void {
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q']);
  write(dir, files);
  if (commit) {
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'initial']);
  }
}

/** Polls `check` until it returns true; fails with `what` and the last state after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const paths = (ws: Workspace) => ws.index.all().map((e) => e.path);

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Opens a watched workspace with in-memory caches and one token thread. */
export function openWatched(
  dir: string,
  extra: Partial<WorkspaceOptions> = {},
  watch: WatchOptions = {},
): Promise<Workspace> {
  return Workspace.open(dir, {
    stateDir: null,
    cacheDir: null,
    tokenThreads: 1,
    ...extra,
    watch,
  });
}

/**
 * Waits until the index lists exactly `expected` (sorted; default: what a fresh scan lists) with
 * the stats a fresh scan reads, then until the watcher is idle.
 */
export async function converge(ws: Workspace, dir: string, expected?: () => string[]): Promise<void> {
  let want: string[] = [];
  let stale = '';
  await waitFor(
    async () => {
      const fresh = await freshEntries(dir, ws);
      want = expected ? expected() : [...fresh.keys()];
      if (!same(paths(ws), want)) return false;
      const mine = indexEntries(ws);
      stale = JSON.stringify([...mine].filter(([p, d]) => fresh.get(p) !== d));
      return mine.size === fresh.size && [...mine].every(([p, d]) => fresh.get(p) === d);
    },
    () => `index ${JSON.stringify(paths(ws))} to equal ${JSON.stringify(want)} (stale stats: ${stale})`,
  );
  await ws.watcher!.idle();
}

/** What a fresh scan of the folder says (size, mtime, tracked, flag per path). */
export async function freshEntries(dir: string, ws: Workspace): Promise<Map<string, string>> {
  const scanned = await scanProject(dir, ws.scanOptions());
  return new Map(scanned.files.map((f) => [f.path, describe(f)]));
}

export const describe = (f: Pick<IndexEntry, 'size' | 'mtimeMs' | 'tracked' | 'flag' | 'target'>) =>
  `${f.size}:${f.mtimeMs}:${f.tracked}:${f.flag ?? ''}:${f.target ?? ''}`;

/** The index as the same map. */
export function indexEntries(ws: Workspace): Map<string, string> {
  return new Map(ws.index.all().map((e) => [e.path, describe(e)]));
}

/** Token counts read now, on this thread, for every file of a fresh scan (flagged files: none). */
export async function countedNow(dir: string, ws: Workspace): Promise<Map<string, number | undefined>> {
  const scanned = await scanProject(dir, ws.scanOptions());
  return new Map(
    scanned.files.map((f) => [
      f.path,
      f.flag
        ? undefined
        : countTokens(readFileSync(path.join(dir, ...(f.target ?? f.path).split('/')), 'utf8'), ws.encoding),
    ]),
  );
}

export const tokensOf = (ws: Workspace) => new Map(ws.index.all().map((e) => [e.path, e.tokens]));

/**
 * The folders under `dir` this process holds an inotify watch on, read from the kernel
 * (/proc/self/fdinfo), root-relative and sorted; undefined where that cannot be read (not Linux).
 */
export function kernelWatched(dir: string): string[] | undefined {
  if (process.platform !== 'linux') return undefined;
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync('/proc/self/fdinfo')) {
      let text = '';
      try {
        text = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
      } catch {
        continue; // closed meanwhile
      }
      for (const m of text.matchAll(/^inotify wd:[0-9a-f]+ ino:([0-9a-f]+) sdev:/gm)) inodes.add(m[1]!);
    }
  } catch {
    return undefined;
  }
  const out: string[] = [];
  const visit = (abs: string, rel: string) => {
    const st = lstatSync(abs);
    if (!st.isDirectory()) return;
    if (inodes.has(st.ino.toString(16))) out.push(rel);
    for (const name of readdirSync(abs)) visit(path.join(abs, name), rel ? `${rel}/${name}` : name);
  };
  visit(dir, '');
  return out.sort();
}
