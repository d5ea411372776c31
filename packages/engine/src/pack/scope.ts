// What a pack covers: the focus, or given paths (files, folders, globs inside an agent's focus),
// with the files ticked explicitly (they rank first) and how many visible files lie outside.
import { safeJson } from '@loupe/common';
import { LoupeError } from '../errors';
import { makeScope } from '../search/scope';
import type { RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';

export interface Scope {
  files: IndexEntry[];
  explicit: Set<RelPath>;
  kind: 'focus' | 'paths';
  everything: boolean;
  outside: number;
  unmatched?: string[];
}

function normalizePath(p: string): string {
  const q = p
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/');
  return q === '.' ? '' : q;
}

/** Given paths inside `within` (an agent's focus): files, folders and globs, as search scopes them. */
function scopeWithin(ws: Workspace, paths: readonly RelPath[], within: readonly IndexEntry[]): Scope {
  const scope = makeScope(paths, ws.root);
  const files: IndexEntry[] = [];
  const explicit = new Set<RelPath>();
  for (const e of within) {
    const s = scope ? scope.test(e.path) : 'scoped';
    if (!s) continue;
    files.push(e);
    if (s === 'explicit') explicit.add(e.path);
  }
  const unmatched = scope?.unmatched() ?? [];
  return {
    files,
    explicit,
    kind: 'paths',
    everything: false,
    outside: ws.index.size - files.length,
    ...(unmatched.length ? { unmatched } : {}),
  };
}

/** The files a pack covers: the focus, `paths` among all visible files, or `paths` within `within`. */
export function scopeOf(
  ws: Workspace,
  paths: readonly RelPath[] | undefined,
  within: readonly IndexEntry[] | undefined,
): Scope {
  if (paths && within) return scopeWithin(ws, paths, within);
  if (!paths) {
    // The agent's focus when given (strict focus narrows it), else the workspace's.
    const files = within ? [...within] : ws.focusedFiles();
    const snap = ws.focus.snapshot;
    const explicit = new Set(snap.include.filter((p) => ws.index.get(p)));
    return {
      files,
      explicit,
      kind: 'focus',
      everything: snap.include.length === 0,
      outside: ws.index.size - files.length,
    };
  }
  const wanted = new Set<RelPath>();
  const explicit = new Set<RelPath>();
  const folders: string[] = [];
  for (const raw of paths) {
    const p = normalizePath(raw);
    if (ws.index.get(p)) {
      wanted.add(p);
      explicit.add(p);
    } else if (ws.index.isFolder(p)) folders.push(p);
    else
      throw new LoupeError(
        'not-found',
        `No visible file or folder ${safeJson(raw)} in this project; give a path relative to the root.`,
      );
  }
  const files = ws.index
    .all()
    .filter((e) => wanted.has(e.path) || folders.some((f) => f === '' || e.path.startsWith(`${f}/`)));
  return { files, explicit, kind: 'paths', everything: false, outside: ws.index.size - files.length };
}
