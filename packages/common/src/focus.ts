// The focus rules, decided the same way in the engine (what agents receive) and in the window
// (what the tree shows ticked before the host answers): included paths minus excluded paths below
// them, the nearest rule at or above a path decides, nothing ticked means the whole project.
import type { RelPath } from './types';

export interface FocusRules {
  /** Ticked paths ('' is the whole project). */
  include: RelPath[];
  /** Unticked paths below a ticked folder. */
  exclude: RelPath[];
}

/** `path` is `folder` or lies below it ('' holds everything). */
export function isUnder(path: string, folder: string): boolean {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

/** A path as the rules hold it: `/` separators, no `./`, no trailing or doubled `/`, '' for the root. */
export function cleanPath(raw: string): RelPath {
  const p = raw
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/');
  return p === '.' ? '' : p;
}

/** Cleaned, unique, sorted. */
export function cleanPaths(paths: Iterable<string>): RelPath[] {
  const out = new Set<string>();
  for (const raw of paths) out.add(cleanPath(raw));
  return [...out].sort();
}

/** The folders above a path, nearest first, ending with the root ('' has none). */
function* ancestors(path: string): Generator<string> {
  for (let p = path; p !== ''; ) {
    const slash = p.lastIndexOf('/');
    p = slash < 0 ? '' : p.slice(0, slash);
    yield p;
  }
}

/** The rules in their one form: clean sorted lists, and only exclusions that lie below an inclusion. */
export function normalizeRules(rules: FocusRules): FocusRules {
  const include = cleanPaths(rules.include);
  const ticked = new Set(include);
  // A walk up each exclusion, not a scan of the inclusions: thousands of rules stay cheap.
  const exclude = cleanPaths(rules.exclude).filter((e) => {
    for (const a of ancestors(e)) if (ticked.has(a)) return true;
    return false;
  });
  return { include, exclude };
}

/** Decides membership by the nearest rule at or above a path. */
export class FocusMatcher {
  private readonly rules = new Map<string, boolean>();
  readonly everything: boolean;

  constructor(rules: FocusRules) {
    for (const p of rules.include) this.rules.set(p, true);
    for (const p of rules.exclude) this.rules.set(p, false);
    this.everything = rules.include.length === 0;
  }

  has(path: string): boolean {
    return this.everything || this.decide(path);
  }

  /** What the nearest rule at or above `path` says (false when none does). */
  decide(path: string): boolean {
    for (let p = path; ; ) {
      const rule = this.rules.get(p);
      if (rule !== undefined) return rule;
      if (p === '') return false;
      const slash = p.lastIndexOf('/');
      p = slash < 0 ? '' : p.slice(0, slash);
    }
  }
}

/**
 * Ticks or unticks one path, keeping the rules minimal (tri-state): the rules at or below it give
 * way to one decision for it, made only when its ancestors do not already decide so.
 */
export function toggleRules(rules: FocusRules, path: string, on: boolean): FocusRules {
  return toggleRulesMany(rules, [path], on);
}

/**
 * Ticks or unticks several paths at once, none of them inside another (the matches a filter shows
 * in a folder): the same rules as toggling them one by one, in one pass however many there are.
 */
export function toggleRulesMany(rules: FocusRules, paths: readonly string[], on: boolean): FocusRules {
  const targets = new Set(paths.map(cleanPath));
  // A rule at or below a target gives way to the target's own decision.
  const decidedBelow = (rule: string) => {
    if (targets.has(rule) || targets.has('')) return true;
    for (const a of ancestors(rule)) if (targets.has(a)) return true;
    return false;
  };
  const include = rules.include.filter((i) => !decidedBelow(cleanPath(i)));
  const exclude = rules.exclude.filter((e) => !decidedBelow(cleanPath(e)));
  // Targets are disjoint: a decision made for one never changes what another inherits.
  const matcher = include.length > 0 ? new FocusMatcher({ include, exclude }) : null;
  for (const p of targets) {
    const inheritedIn = matcher?.has(p) ?? false;
    if (on && !inheritedIn) include.push(p);
    if (!on && inheritedIn) exclude.push(p);
  }
  return normalizeRules({ include, exclude });
}

/**
 * Ticks many files at once (git's changed files): each one not already in by a rule is ticked,
 * as `toggleRules(rules, p, true)` would for each in turn, in one pass.
 */
export function tickAll(rules: FocusRules, files: Iterable<string>): FocusRules {
  const m = new FocusMatcher(rules);
  const include = new Set(rules.include);
  const exclude = new Set(rules.exclude);
  for (const raw of files) {
    const p = cleanPath(raw);
    if (m.decide(p)) continue;
    if (exclude.delete(p)) {
      const slash = p.lastIndexOf('/');
      if (m.decide(slash < 0 ? '' : p.slice(0, slash))) continue; // its folder is ticked
    }
    include.add(p);
  }
  return normalizeRules({ include: [...include], exclude: [...exclude] });
}
