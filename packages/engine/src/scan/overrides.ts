// Per-project "always show" and "always hide" paths. They beat every other rule (.gitignore,
// smart ignore, OS junk); the deepest override above a path decides it. Persisted by
// overrides-file.ts in Loupe's state, never in the repository.
import path from 'node:path';
import { LoupeError } from '../errors';
import type { RelPath } from '../types';

export interface Overrides {
  /** Root-relative paths shown with everything beneath them. */
  show: RelPath[];
  /** Root-relative paths hidden with everything beneath them (unless a deeper path is shown). */
  hide: RelPath[];
}

export type OverrideState = 'show' | 'hide';

/**
 * A root-relative, `/`-separated path without `./`, `..` or a trailing slash. Absolute paths must
 * lie inside `root`. Throws a LoupeError a person can act on.
 */
export function normalizeOverridePath(input: string, root?: string): RelPath {
  let p = process.platform === 'win32' ? input.replaceAll('\\', '/') : input;
  if (p.includes('\0'))
    throw new LoupeError('invalid-argument', `The path ${JSON.stringify(input)} contains a NUL byte.`);
  if (path.isAbsolute(p)) {
    if (!root) throw new LoupeError('invalid-argument', `Give ${input} relative to the project root.`);
    const rel = path.relative(root, p);
    if (rel.startsWith('..') || path.isAbsolute(rel))
      throw new LoupeError(
        'outside-root',
        `${input} lies outside the project ${root}; give a path inside it.`,
      );
    p = rel.split(path.sep).join('/');
  }
  const norm = path.posix.normalize(p).replace(/\/+$/, '');
  if (norm === '..' || norm.startsWith('../'))
    throw new LoupeError('outside-root', `${input} points outside the project; give a path inside it.`);
  if (norm === '.' || norm === '')
    throw new LoupeError(
      'invalid-argument',
      'The project root itself cannot be shown or hidden; name a path inside it.',
    );
  return norm;
}

/** Overrides ready for the walk: exact lookups, plus the folders that lead to a shown path. */
export class OverrideSet {
  private readonly states = new Map<RelPath, OverrideState>();
  private readonly leadToShown = new Set<RelPath>();
  private readonly met = new Set<RelPath>();

  constructor(overrides: Overrides, root?: string) {
    for (const [state, list] of [
      ['show', overrides.show],
      ['hide', overrides.hide],
    ] as const) {
      for (const raw of list) {
        const p = normalizeOverridePath(raw, root);
        const had = this.states.get(p);
        if (had && had !== state)
          throw new LoupeError('invalid-argument', `${p} is both shown and hidden; keep one of the two.`);
        this.states.set(p, state);
        if (state === 'show')
          for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1))
            this.leadToShown.add(p.slice(0, i));
      }
    }
  }

  get size(): number {
    return this.states.size;
  }

  /** The override named exactly at `p`, if any (and remembers that it was met). */
  at(p: RelPath): OverrideState | undefined {
    const s = this.states.get(p);
    if (s) this.met.add(p);
    return s;
  }

  /** A shown path lies strictly below folder `p`: the walk must enter it even when it is hidden. */
  showsBelow(p: RelPath): boolean {
    return this.leadToShown.has(p);
  }

  /** Overrides the walk never reached: no such path, or inside a folder hidden for another reason. */
  unmet(): Array<{ path: RelPath; state: OverrideState }> {
    return [...this.states].filter(([p]) => !this.met.has(p)).map(([p, state]) => ({ path: p, state }));
  }
}
