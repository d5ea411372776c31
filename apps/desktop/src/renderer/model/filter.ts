// The filter box: a plain word matches names (case-insensitive substring); a pattern with glob
// characters matches names, or whole paths when it contains a slash. Matching nodes and all their
// ancestors are kept.
import type { TreeModel } from './tree-model';

export interface Filter {
  text: string;
  /** Matches node i (by name or path); returns the highlighted range of the name, or null. */
  match(name: string, path: () => string): [number, number] | null;
  byPath: boolean;
}

const GLOB = /[*?[\]{}]/;

/** A glob as a RegExp: `**` crosses folders, `*` and `?` stay within one, `[..]` and `{a,b}`. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        if (glob[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        let body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        re += `[${body}]`;
        i = close;
      }
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else re += c.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  while (braces-- > 0) re += ')';
  return new RegExp(`^${re}$`, 'i');
}

/**
 * Why a filter text is not a glob the box can use, in one sentence, or null when it is fine (a
 * plain word always is). Brackets and braces must close: `[unclosed` would otherwise match no
 * name at all and read as "0 matches".
 */
export function filterProblem(text: string): string | null {
  const t = text.trim();
  if (!GLOB.test(t)) return null;
  for (let i = 0, braces = 0, open = -1; i < t.length; i++) {
    const c = t[i]!;
    if (c === '[') {
      const close = t.indexOf(']', i + 2);
      if (close < 0)
        return `The [ at character ${i + 1} is never closed: a glob's [ starts a set of characters, such as [abc]; add the ], or filter by a plain word.`;
      i = close;
    } else if (c === '{') {
      if (braces++ === 0) open = i;
    } else if (c === '}' && braces > 0) braces--;
    if (i === t.length - 1 && braces > 0)
      return `The { at character ${open + 1} is never closed: a glob's {a,b} matches either; add the }.`;
  }
  try {
    globToRegExp(t.replace(/^\.?\//, ''));
  } catch (error) {
    return `Not a glob the filter can use: ${(error as Error).message}.`;
  }
  return null;
}

export function makeFilter(text: string): Filter | null {
  const t = text.trim();
  if (!t) return null;
  if (!GLOB.test(t) && !t.includes('/')) {
    const needle = t.toLowerCase();
    return {
      text: t,
      byPath: false,
      match: (name) => {
        const at = name.toLowerCase().indexOf(needle);
        return at < 0 ? null : [at, at + needle.length];
      },
    };
  }
  if (t.includes('/')) {
    const re = globToRegExp(t.replace(/^\.?\//, ''));
    // A path without glob characters also matches everything beneath it.
    const prefix = GLOB.test(t)
      ? null
      : t
          .replace(/^\.?\//, '')
          .replace(/\/+$/, '')
          .toLowerCase();
    return {
      text: t,
      byPath: true,
      match: (name, path) => {
        const p = path();
        if (re.test(p)) return [0, name.length];
        if (prefix !== null && p.toLowerCase().startsWith(`${prefix}/`)) return [0, 0];
        return null;
      },
    };
  }
  const re = globToRegExp(t);
  return { text: t, byPath: false, match: (name) => (re.test(name) ? [0, name.length] : null) };
}

export interface FilterResult {
  /** 1 for nodes shown under the filter (matches and their ancestors). */
  keep: Uint8Array;
  /** 1 for the matching nodes themselves. */
  matched: Uint8Array;
  /** Highlight range per matching node. */
  highlights: Map<number, [number, number]>;
  matches: number;
}

export function applyFilter(model: TreeModel, filter: Filter, showHidden: boolean): FilterResult {
  const keep = new Uint8Array(model.size);
  const matched = new Uint8Array(model.size);
  const highlights = new Map<number, [number, number]>();
  const paths = filter.byPath ? model.allPaths() : undefined;
  let matches = 0;
  keep[0] = 1;
  for (let i = 1; i < model.size; i++) {
    if (!showHidden && model.hidden[i]) continue;
    const hit = filter.match(model.names[i]!, () => paths![i]!);
    if (!hit) continue;
    matches++;
    matched[i] = 1;
    if (hit[1] > hit[0]) highlights.set(i, hit);
    for (let a = i; a >= 0 && !keep[a]; a = model.parent[a]!) keep[a] = 1;
  }
  return { keep, matched, highlights, matches };
}
