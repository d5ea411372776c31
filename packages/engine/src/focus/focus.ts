// The focus: what the developer ticked. Included paths (files or folders) minus excluded paths
// below them; the nearest ticked or unticked ancestor decides. Nothing ticked means the whole
// visible project. Every change bumps the revision, and past revisions are kept (bounded) so each
// agent session can be told what changed since its last call. A focus whose saved rules were
// damaged is unknown: it holds nothing (never the whole project) until it is set again.
import { Emitter } from '../util/emitter';

export interface FocusRules {
  /** Ticked paths ('' is the whole project). */
  include: string[];
  /** Unticked paths below a ticked folder. */
  exclude: string[];
}

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

const isUnder = (p: string, folder: string) => folder === '' || p === folder || p.startsWith(`${folder}/`);

function normalize(paths: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const raw of paths) {
    const p = raw
      .replace(/\\/g, '/')
      .replace(/^\.\/+/, '')
      .replace(/\/+$/, '')
      .replace(/\/{2,}/g, '/');
    out.add(p === '.' ? '' : p);
  }
  return [...out].sort();
}

/** Decides membership by the nearest rule at or above a path. */
export class FocusMatcher {
  private rules = new Map<string, boolean>();
  readonly everything: boolean;

  /** `unknown`: the rules could not be read; nothing is in the focus. */
  constructor(
    rules: FocusRules,
    readonly unknown = false,
  ) {
    for (const p of rules.include) this.rules.set(p, true);
    for (const p of rules.exclude) this.rules.set(p, false);
    this.everything = !unknown && rules.include.length === 0;
  }

  has(path: string): boolean {
    if (this.unknown) return false;
    if (this.everything) return true;
    for (let p = path; ; ) {
      const rule = this.rules.get(p);
      if (rule !== undefined) return rule;
      if (p === '') return false;
      const slash = p.lastIndexOf('/');
      p = slash < 0 ? '' : p.slice(0, slash);
    }
  }
}

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
      include: normalize(initial?.include ?? []),
      exclude: normalize(initial?.exclude ?? []),
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
    return new FocusMatcher(this.current, this.unknown_);
  }

  /**
   * Replaces the rules; returns the delta, or undefined when nothing changed (no new revision). An
   * unknown focus always changes: setting it, even to nothing ticked, is the person's decision.
   */
  set(rules: FocusRules): FocusDelta | undefined {
    const include = normalize(rules.include);
    // An exclusion only means something below an inclusion.
    const exclude = normalize(rules.exclude).filter((e) => include.some((i) => i !== e && isUnder(e, i)));
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const wasUnknown = this.unknown_;
    this.unknown_ = false;
    if (!wasUnknown && same(include, this.current.include) && same(exclude, this.current.exclude))
      return undefined;
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
    const [p = ''] = normalize([path]);
    // Rules at or below p are replaced by the new decision for p.
    const include = this.current.include.filter((i) => !isUnder(i, p));
    const exclude = this.current.exclude.filter((e) => !isUnder(e, p));
    const inherited = new FocusMatcher({ include, exclude });
    const inheritedIn = include.length > 0 && inherited.has(p);
    if (on && !inheritedIn) include.push(p);
    if (!on && inheritedIn) exclude.push(p);
    return this.set({ include, exclude });
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
      added: normalize([...diff(now.include, old.include), ...diff(old.exclude, now.exclude)]),
      removed: normalize([...diff(old.include, now.include), ...diff(now.exclude, old.exclude)]),
    };
  }
}
