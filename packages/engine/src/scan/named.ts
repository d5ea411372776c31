// A file a person names on the command line (`loupe mask FILE`, `compress FILE`, `symbols FILE`,
// `tokens FILE`). A plain file is read as named: the person chose it, even a gitignored one. A
// link is judged as the scan judges links, against the project it lies in (the repository that
// holds it, else its own folder): it is read as its target only when that target is a visible
// file of that project, and its target's name then decides format and language.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { flagReason } from '../content/withheld';
import type { FileEntry, FileFlag } from '../types';
import { scanProject, statEntry } from './index';
import { judgeLink, linkView } from './links';
import { loadOverrides } from './overrides-file';

export type NamedFile =
  /** Read `file` (content/open.ts: no link on its way); its name chooses format and language. */
  | { kind: 'file'; file: string; size: number; mtimeMs: number }
  | { kind: 'missing' }
  | { kind: 'folder' }
  /** Not read; `reason` ends a sentence ("it is a link to …"); a link's flag says the same in short. */
  | { kind: 'refused'; reason: string; flag?: FileFlag };

/** The repository's top above `dir` (a folder holding `.git`), else `dir` itself. */
function projectOf(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return dir;
  }
}

export async function judgeNamedFile(abs: string, options: { stateDir?: string } = {}): Promise<NamedFile> {
  let dir: string;
  try {
    // The folder's real path: the file is then opened by a path without links on the way.
    dir = realpathSync(path.dirname(abs));
  } catch {
    return { kind: 'missing' };
  }
  const real = path.join(dir, path.basename(abs));
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(real);
  } catch {
    return { kind: 'missing' };
  }
  if (st.isDirectory()) return { kind: 'folder' };
  if (st.isFile()) return { kind: 'file', file: real, size: st.size, mtimeMs: st.mtimeMs };
  if (!st.isSymbolicLink())
    return {
      kind: 'refused',
      reason: 'it is not a regular file (a pipe, socket or device), so it is never opened',
    };

  const root = projectOf(dir);
  const rel = path.relative(root, real).split(path.sep).join('/');
  const link: FileEntry = statEntry(
    root,
    { path: rel, tracked: false, symlink: true },
    Number.POSITIVE_INFINITY,
  );
  if (link.target === undefined) return { kind: 'refused', reason: flagReason(link), flag: link.flag! };
  // Only the folders on the way to the target are read: enough to decide its visibility.
  const target = link.target;
  const overrides = options.stateDir ? loadOverrides(options.stateDir, root).overrides : undefined;
  const scanned = await scanProject(root, {
    enter: (p) => target.startsWith(`${p}/`),
    ...(overrides ? { overrides } : {}),
  });
  const judged = judgeLink(
    link,
    linkView(scanned.files, scanned.hidden, scanned.repos.find((r) => r.path === '')?.ignoreCase ?? false),
  );
  if (judged.flag) return { kind: 'refused', reason: flagReason(judged), flag: judged.flag };
  return {
    kind: 'file',
    file: path.join(root, ...target.split('/')),
    size: judged.size,
    mtimeMs: judged.mtimeMs,
  };
}
