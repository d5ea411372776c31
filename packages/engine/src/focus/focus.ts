// The focus: what the developer ticked. Included paths (files or folders) minus excluded paths
// below them; the nearest ticked or unticked ancestor decides. Nothing ticked means the whole
// visible project (the rules themselves are @loupe/common's: the window decides by them too).
// Every change bumps the revision, and past revisions are kept (bounded) so each agent session can
// be told what changed since its last call.
import { cleanPaths, FocusMatcher, type FocusRules, normalizeRules, toggleRules } from '@loupe/common';
import { Emitter } from '../util/emitter';

export { FocusMatcher, type FocusRules };

export interface FocusSnapshot extends FocusRules {
  revision: number;
}

export interface FocusDelta {
  from: number;
  to: number;
  /** Paths now in the focus that were not (ticked, or un-excluded). */
  added: string[];
  /** Paths no longer in the focus (unticked, or excluded). */
  removed: string[];
}

const HISTORY = 512;

export class Focus {
  private current: FocusSnapshot;
  private readonly history = new Map<number, FocusRules>();
  private readonly changed = new Emitter<FocusDelta>();
  readonly onDidChange = this.changed.event;

  constructor(initial?: Partial<FocusSnapshot>) {
    this.current = {
      revision: initial?.revision ?? 0,
      include: cleanPaths(initial?.include ?? []),
      exclude: cleanPaths(initial?.exclude ?? []),
    };
    this.history.set(this.current.revision, this.current);
  }

  get snapshot(): FocusSnapshot {
    return this.current;
  }

  matcher(): FocusMatcher {
    return new FocusMatcher(this.current);
  }

  /** Replaces the rules; returns the delta, or undefined when nothing changed (no new revision). */
  set(rules: FocusRules): FocusDelta | undefined {
    const { include, exclude } = normalizeRules(rules);
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (same(include, this.current.include) && same(exclude, this.current.exclude)) return undefined;
    const from = this.current.revision;
    this.current = { revision: from + 1, include, exclude };
    this.history.set(this.current.revision, this.current);
    if (this.history.size > HISTORY) this.history.delete(Math.min(...this.history.keys()));
    const delta = this.delta(from)!;
    this.changed.fire(delta);
    return delta;
  }

  /** Ticks or unticks one path, keeping the rules minimal (tri-state semantics). */
  toggle(path: string, on: boolean): FocusDelta | undefined {
    return this.set(toggleRules(this.current, path, on));
  }

  /**
   * What changed from `fromRevision` to now, or undefined when that revision is unknown (older
   * than the kept history, or in the future).
   */
  delta(fromRevision: number): FocusDelta | undefined {
    const old = this.history.get(fromRevision);
    if (!old) return undefined;
    const now = this.current;
    const diff = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
    return {
      from: fromRevision,
      to: now.revision,
      added: cleanPaths([...diff(now.include, old.include), ...diff(old.exclude, now.exclude)]),
      removed: cleanPaths([...diff(old.include, now.include), ...diff(now.exclude, old.exclude)]),
    };
  }
}
