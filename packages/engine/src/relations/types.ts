// Shapes shared by the resolvers and the relations result.
import type { RelPath } from '../types';

export type EdgeStatus = 'resolved' | 'ambiguous';

export interface Target {
  path: RelPath;
  /** Resolved: the language's rules name exactly this file. Ambiguous: a heuristic or several candidates. */
  status: EdgeStatus;
  /** How it was found, when not by a plain relative path (`tsconfig paths`, `go module example.com/x` …). */
  via?: string;
}

export type Resolution =
  | { kind: 'files'; targets: Target[] }
  /** A package, the standard library, a system header: nothing in this project. */
  | { kind: 'external' }
  /** Looks like a project import, but names no visible file. */
  | { kind: 'unresolved' };
