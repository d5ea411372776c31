// Finding one declaration by name: qualified first, then simple; several -> the candidates;
// none -> the nearest names, so a refusal can carry the calls that would work.
import type { Declaration } from '../declarations/declarations';

export type SymbolMatch =
  | { kind: 'found'; declaration: Declaration }
  | { kind: 'ambiguous'; candidates: Declaration[] }
  | { kind: 'unknown'; nearest: Declaration[] };

/** Levenshtein distance, bounded: returns `limit + 1` as soon as the distance exceeds `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * A JavaScript member as written in source, in the form declarations name it: `View.prototype.x`
 * is `View.x`, `exports.x` and `module.exports.x` are `x` (see syntax/js-dynamic.ts).
 */
function asDeclared(query: string): string {
  return query.replace(/^(?:module\.)?exports\./, '').replace(/\.prototype\./g, '.');
}

export function findSymbol(all: readonly Declaration[], query: string): SymbolMatch {
  const q = query.trim();
  const declared = asDeclared(q);
  if (declared !== q && !all.some((d) => d.qualifiedName === q)) return findSymbol(all, declared);
  const named = all.filter((d) => !d.local);
  const pool = named.length ? named : all;
  const exact = pool.filter((d) => d.qualifiedName === q);
  if (exact.length === 1) return { kind: 'found', declaration: exact[0]! };
  if (exact.length > 1) return { kind: 'ambiguous', candidates: exact };
  // `Class.method` also matches `Class::method` and the reverse.
  const alt = q.includes('::') ? q.replace(/::/g, '.') : q.replace(/\./g, '::');
  const sep = pool.filter((d) => d.qualifiedName === alt);
  if (sep.length === 1) return { kind: 'found', declaration: sep[0]! };
  const simple = pool.filter((d) => d.name === q);
  if (simple.length === 1) return { kind: 'found', declaration: simple[0]! };
  if (simple.length > 1) return { kind: 'ambiguous', candidates: simple };
  const lower = q.toLowerCase();
  const scored = pool
    .map((d) => {
      const n = d.name.toLowerCase();
      const score = n === lower ? 0 : n.includes(lower) || lower.includes(n) ? 1 : 1 + distance(n, lower, 3);
      return { d, score };
    })
    .filter((s) => s.score <= 3)
    .sort((a, b) => a.score - b.score || a.d.startLine - b.d.startLine);
  return { kind: 'unknown', nearest: scored.slice(0, 5).map((s) => s.d) };
}
