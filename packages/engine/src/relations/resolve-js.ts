// TypeScript and JavaScript specifiers: relative paths (with TypeScript's `.js` -> `.ts`), tsconfig
// `paths` and `baseUrl`, and workspace packages by name with their `exports` (conditions and
// subpath patterns). A target that only exists as built output is mapped back to its source and
// marked ambiguous.
import type { RelPath } from '../types';
import { dirOf, inside, join, type ProjectFacts, type WorkspacePackage } from './project';
import type { Resolution, Target } from './types';

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.json'];
const INDEXES = [
  '/index.ts',
  '/index.tsx',
  '/index.d.ts',
  '/index.js',
  '/index.jsx',
  '/index.mjs',
  '/index.cjs',
];
const SOURCE_FOR_JS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts'];

/** The file a module path names, as TypeScript's bundler resolution finds it. */
export function moduleFile(facts: ProjectFacts, base: string | undefined): RelPath | undefined {
  if (base === undefined) return undefined;
  for (const e of EXTENSIONS) if (facts.exists(base + e)) return base + e;
  const js = /\.[mc]?jsx?$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    for (const e of SOURCE_FOR_JS) if (facts.exists(stem + e)) return stem + e;
  }
  for (const i of INDEXES) if (facts.exists(base + i)) return base + i;
  return undefined;
}

/** A built-output path (`dist/index.js`) as its likely source (`src/index`). */
function sourceOf(target: string): string | undefined {
  const mapped = target
    .replace(/^\.?\/?(dist|build|lib|out|esm|cjs)\//, 'src/')
    .replace(/\.d\.[mc]?ts$|\.[mc]?jsx?$/, '');
  return mapped === target ? undefined : mapped;
}

const CONDITIONS = [
  'source',
  'development',
  'import',
  'module',
  'types',
  'default',
  'require',
  'node',
  'browser',
];

/** String leaves of an exports value, preferred conditions first. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (!value || typeof value !== 'object') return [];
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort((a, b) => {
    const ia = CONDITIONS.indexOf(a);
    const ib = CONDITIONS.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  return keys.flatMap((k) => leaves(obj[k]));
}

function exportTargets(exp: unknown, key: string): string[] {
  const map =
    typeof exp === 'string' ||
    Array.isArray(exp) ||
    !Object.keys(exp as object).some((k) => k.startsWith('.'))
      ? { '.': exp }
      : (exp as Record<string, unknown>);
  if (key in map) return leaves(map[key]);
  // Subpath patterns: `./features/*` -> `./src/features/*.ts`.
  let best: { prefix: string; value: unknown; star: string } | undefined;
  for (const [k, v] of Object.entries(map)) {
    const star = k.indexOf('*');
    if (star < 0) continue;
    const prefix = k.slice(0, star);
    const suffix = k.slice(star + 1);
    if (key.startsWith(prefix) && key.endsWith(suffix) && key.length >= prefix.length + suffix.length) {
      if (!best || prefix.length > best.prefix.length)
        best = { prefix, value: v, star: key.slice(prefix.length, key.length - suffix.length) };
    }
  }
  return best ? leaves(best.value).map((t) => t.replace(/\*/g, best.star)) : [];
}

function resolvePackage(facts: ProjectFacts, pkg: WorkspacePackage, sub: string): Target[] {
  const m = pkg.manifest;
  let targets: string[];
  if (m.exports !== undefined && m.exports !== null)
    targets = exportTargets(m.exports, sub ? `./${sub}` : '.');
  else if (!sub)
    targets = [m.source, m.module, m.main, m.types, m.typings, 'index'].filter(
      (x): x is string => typeof x === 'string',
    );
  else targets = [sub, `src/${sub}`];
  for (const t of targets) {
    const f = moduleFile(facts, inside(join(pkg.dir, t)));
    if (f) return [{ path: f, status: 'resolved', via: `workspace package ${pkg.name}` }];
  }
  for (const t of targets) {
    const src = sourceOf(t);
    const f = src ? moduleFile(facts, inside(join(pkg.dir, src))) : undefined;
    if (f)
      return [
        { path: f, status: 'ambiguous', via: `workspace package ${pkg.name}, built output mapped to source` },
      ];
  }
  return [];
}

function matchPattern(pattern: string, spec: string): string | undefined {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === spec ? '' : undefined;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  return spec.startsWith(prefix) && spec.endsWith(suffix) && spec.length >= prefix.length + suffix.length
    ? spec.slice(prefix.length, spec.length - suffix.length)
    : undefined;
}

export function resolveJs(facts: ProjectFacts, from: RelPath, spec: string): Resolution {
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    const f = moduleFile(facts, inside(join(dirOf(from), spec)));
    return f ? { kind: 'files', targets: [{ path: f, status: 'resolved' }] } : { kind: 'unresolved' };
  }
  const ts = facts.tsPathsFor(dirOf(from));
  if (ts) {
    // The longest matching pattern wins, as in TypeScript; its targets are tried in order.
    const matches = ts.paths
      .map(([pattern, targets]) => ({ pattern, targets, star: matchPattern(pattern, spec) }))
      .filter((m) => m.star !== undefined)
      .sort((a, b) => b.pattern.length - a.pattern.length);
    for (const m of matches) {
      for (const t of m.targets) {
        const f = moduleFile(facts, inside(join(ts.base, t.replace(/\*/g, m.star!))));
        if (f) return { kind: 'files', targets: [{ path: f, status: 'resolved', via: 'tsconfig paths' }] };
      }
    }
  }
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const pkg = facts.packages.get(name);
  if (pkg) {
    const targets = resolvePackage(facts, pkg, spec.slice(name.length + 1));
    return targets.length ? { kind: 'files', targets } : { kind: 'unresolved' };
  }
  if (ts?.baseUrl !== undefined) {
    const f = moduleFile(facts, inside(join(ts.baseUrl, spec)));
    if (f) return { kind: 'files', targets: [{ path: f, status: 'resolved', via: 'tsconfig baseUrl' }] };
  }
  return { kind: 'external' };
}
