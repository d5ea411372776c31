// The optional `paths` scope inside the focus: file paths, folder paths and globs (picomatch; a
// glob without `/` matches the file name at any depth). A file named exactly is "explicit" and
// outranks everything else in the result.
import { safeJson } from '@loupe/common';
import { picomatch } from '../util/lazy';

export type InScope = false | 'explicit' | 'scoped';

export interface Scope {
  test(path: string): InScope;
  /** Scope entries that matched no file of the focus. */
  unmatched(): string[];
}

interface Rule {
  raw: string;
  exact?: string;
  glob?: (path: string) => boolean;
  hit: boolean;
}

function normalize(p: string): string {
  return p
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/');
}

/** The one wording for scope entries that matched nothing (search's trailer, an agent's pack footer). */
export function unmatchedScopeLine(paths: readonly string[]): string {
  return `These paths matched no file in the focus: ${paths.map((p) => safeJson(p)).join(', ')}.`;
}

export function makeScope(paths: readonly string[] | undefined, root?: string): Scope | undefined {
  if (!paths?.length) return undefined;
  const rootSlash = root ? `${root.replace(/\\/g, '/').replace(/\/+$/, '')}/` : undefined;
  const rules: Rule[] = paths.map((raw) => {
    let p = normalize(raw.trim());
    if (rootSlash && p.startsWith(rootSlash)) p = p.slice(rootSlash.length);
    if (p === '.' || p === '') return { raw, exact: '', hit: false };
    if (/[*?[\]{}]/.test(p))
      return { raw, glob: picomatch()(p, { dot: true, basename: !p.includes('/') }), hit: false };
    return { raw, exact: p, hit: false };
  });
  return {
    test(path) {
      let result: InScope = false;
      for (const r of rules) {
        if (r.exact !== undefined) {
          if (r.exact === path) {
            r.hit = true;
            result = 'explicit';
          } else if (r.exact === '' || path.startsWith(`${r.exact}/`)) {
            r.hit = true;
            if (!result) result = 'scoped';
          }
        } else if (r.glob!(path)) {
          r.hit = true;
          if (!result) result = 'scoped';
        }
      }
      return result;
    },
    unmatched: () => rules.filter((r) => !r.hit).map((r) => r.raw),
  };
}
