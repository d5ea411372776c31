// The focus: what the developer ticked. Included paths (files or folders) minus excluded paths
// below them; the nearest ticked or unticked ancestor decides. Nothing ticked means the whole
// visible project (the rules themselves are @loupe/common's: the window decides by them too).
// Every change bumps the revision, and past revisions are kept (bounded) so each agent session can
// be told what changed since its last call. A focus whose saved rules were damaged is unknown: it
// holds nothing (never the whole project) until it is set again.
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

/** Matches no path: a rule for a name no path has, and no rule above it ("nothing ticked" is everything). */
const NOTHING = new FocusMatcher({ include: ['\0'], exclude: [] });

export class Focus {
  private current: FocusSnapshot;
  private readonly history = new Map<number, FocusRules>();
  private readonly changed = new Emitter<FocusDelta>();
  readonly onDidChange = this.changed.event;

  private unknown_: boolean;

  /** `unknown`: the saved rules were damaged; the focus holds nothing until `set` or `toggle`. */
  constructor(initial?: Partial<FocusSnapshot>, options: { unknown?: boolean } = {}) {
    this.unknown_ = Boolean(options.unknown);
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

  /** The saved rules were damaged and no one has set the focus since. */
  get unknown(): boolean {
    return this.unknown_;
  }

  matcher(): FocusMatcher {
    return this.unknown_ ? NOTHING : new FocusMatcher(this.current);
  }

  /**
   * Replaces the rules; returns the delta, or undefined when nothing changed (no new revision). An
   * unknown focus always changes: setting it, even to nothing ticked, is the person's decision.
   */
  set(rules: FocusRules): FocusDelta | undefined {
    const { include, exclude } = normalizeRules(rules);
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const wasUnknown = this.unknown_;
    this.unknown_ = false;
    if (!wasUnknown && same(include, this.current.include) && same(exclude, this.current.exclude))
      return undefined;
    const from = this.current.revision;
    this.current = { revision: from + 1, include, exclude };
    return this.record(from);
  }

  /**
   * Takes the focus another process saved (`loupe focus`, another window): its rules at its
   * revision, or the next one here when that is not ahead of ours, so revisions only grow.
   * Returns the delta, or undefined when the rules are the ones held already.
   */
  adopt(saved: FocusSnapshot): FocusDelta | undefined {
    const { include, exclude } = normalizeRules(saved);
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (same(include, this.current.include) && same(exclude, this.current.exclude)) return undefined;
    const from = this.current.revision;
    this.current = { revision: Math.max(saved.revision, from + 1), include, exclude };
    return this.record(from);
  }

  private record(from: number): FocusDelta {
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
