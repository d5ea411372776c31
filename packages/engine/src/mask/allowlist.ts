// Gitleaks allowlists: regexes against the secret, the match or the line; stopwords against the
// secret; paths; commits (never true here: Loupe scans files, not commits). Conditions OR / AND.
import RE2 from 're2';
import { LoupeError } from '../errors';
import { compileGo, escapeLiteral, type RE2Set, translateGoRegex } from './go-regex';

export interface RawAllowlist {
  description?: string;
  condition?: string;
  regexTarget?: string;
  regexes?: string[];
  paths?: string[];
  stopwords?: string[];
  commits?: string[];
}

export interface CompiledAllowlist {
  and: boolean;
  target: 'secret' | 'match' | 'line';
  /** One set for all regexes (an unanchored RE2.Set matches like each regex alone). */
  regexes?: RE2Set;
  paths?: RE2Set;
  /** Lower-case literals; the lower-cased secret is tested for containment. */
  stopwords?: RE2Set;
  hasCommits: boolean;
}

function set(patterns: string[], what: string, literal = false): RE2Set | undefined {
  if (patterns.length === 0) return undefined;
  try {
    const sources = patterns.map((p) => (literal ? escapeLiteral(p) : translateGoRegex(p)));
    try {
      return new RE2.Set(sources);
    } catch (error) {
      // RE2.Set names no pattern: compiling each alone finds the one at fault and its reason.
      if (!literal) for (const p of patterns) compileGo(p);
      throw error;
    }
  } catch (error) {
    throw new LoupeError(
      'invalid-argument',
      `An allowlist of the ${what} has a pattern RE2 cannot compile (${(error as Error).message}).`,
    );
  }
}

export function compileAllowlist(raw: RawAllowlist, what: string): CompiledAllowlist {
  const condition = (raw.condition ?? 'OR').toUpperCase();
  if (condition !== 'OR' && condition !== 'AND')
    throw new LoupeError(
      'invalid-argument',
      `An allowlist of the ${what} has an unknown condition "${raw.condition}".`,
    );
  const target = raw.regexTarget ?? 'secret';
  if (target !== 'secret' && target !== 'match' && target !== 'line')
    throw new LoupeError(
      'invalid-argument',
      `An allowlist of the ${what} has an unknown regexTarget "${target}".`,
    );
  return {
    and: condition === 'AND',
    target,
    regexes: set(raw.regexes ?? [], what),
    paths: set(raw.paths ?? [], what),
    stopwords: set(
      (raw.stopwords ?? []).map((s) => s.toLowerCase()),
      what,
      true,
    ),
    hasCommits: (raw.commits ?? []).length > 0,
  };
}

export function pathAllowed(list: CompiledAllowlist, path: string): boolean {
  return path !== '' && list.paths !== undefined && list.paths.test(path);
}

/** Gitleaks' checkCommitOrPathAllowed: may the whole file be skipped before matching? */
export function fileAllowed(lists: CompiledAllowlist[], path: string): boolean {
  if (path === '') return false;
  for (const list of lists) {
    const byPath = pathAllowed(list, path);
    if (list.and) {
      // Regex and stopword conditions are decided per finding.
      if (list.regexes || list.stopwords) continue;
      const checks: boolean[] = [];
      if (list.hasCommits) checks.push(false);
      if (list.paths) checks.push(byPath);
      if (checks.length > 0 && checks.every(Boolean)) return true;
    } else if (byPath) return true;
  }
  return false;
}

export interface FindingText {
  secret: string;
  match: string;
  /** The line tested against a list's regexes: made and remembered by the caller, per line (lines.ts). */
  lineMatches: (regexes: RE2Set) => boolean;
}

/** Gitleaks' checkFindingAllowed. */
export function findingAllowed(lists: CompiledAllowlist[], f: FindingText, path: string): boolean {
  for (const list of lists) {
    const byRegex =
      list.regexes !== undefined &&
      (list.target === 'line'
        ? f.lineMatches(list.regexes)
        : list.regexes.test(list.target === 'match' ? f.match : f.secret));
    const byStopword = list.stopwords?.test(f.secret.toLowerCase()) === true;
    const byPath = pathAllowed(list, path);
    if (list.and) {
      const checks: boolean[] = [];
      if (list.hasCommits) checks.push(false);
      if (list.paths) checks.push(byPath);
      if (list.regexes) checks.push(byRegex);
      if (list.stopwords) checks.push(byStopword);
      if (checks.length > 0 && checks.every(Boolean)) return true;
    } else if (byRegex || byStopword || byPath) return true;
  }
  return false;
}
