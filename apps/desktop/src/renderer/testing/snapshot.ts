// Test helper: a TreeSnapshot from file paths, in the host's order (folders first, then files, by
// name). Pure; the host's own flattening is tested against the engine in packages/host.
import type { HiddenReason, TreeSnapshot } from '@loupe/host/api';

interface Folder {
  folders: Map<string, Folder>;
  files: Map<string, { tokens: number; hidden?: HiddenReason }>;
  hidden?: HiddenReason;
}

export interface SnapshotInput {
  files: Array<{ path: string; tokens?: number }>;
  hidden?: Array<{ path: string; dir: boolean; reason: HiddenReason }>;
  version?: number;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function snapshotOf(input: SnapshotInput): TreeSnapshot & { paths: string[] } {
  const root: Folder = { folders: new Map(), files: new Map() };
  const folder = (parts: string[]) => {
    let f = root;
    for (const p of parts) {
      const next = f.folders.get(p) ?? { folders: new Map(), files: new Map() };
      f.folders.set(p, next);
      f = next;
    }
    return f;
  };
  for (const { path, tokens } of input.files) {
    const parts = path.split('/');
    folder(parts.slice(0, -1)).files.set(parts.at(-1)!, { tokens: tokens ?? -1 });
  }
  for (const h of input.hidden ?? []) {
    const parts = h.path.split('/');
    if (h.dir) folder(parts).hidden = h.reason;
    else folder(parts.slice(0, -1)).files.set(parts.at(-1)!, { tokens: -1, hidden: h.reason });
  }
  const s: TreeSnapshot & { paths: string[] } = {
    version: input.version ?? 1,
    names: [],
    depths: [],
    dirs: [],
    tokens: [],
    sizes: [],
    flags: [],
    hidden: [],
    paths: [],
  };
  const walk = (f: Folder, name: string, path: string, depth: number) => {
    if (f.hidden) s.hidden.push([s.names.length, f.hidden]);
    s.names.push(name);
    s.paths.push(path);
    s.depths.push(depth);
    s.dirs.push(1);
    s.tokens.push(0);
    s.sizes.push(0);
    const join = (n: string) => (path ? `${path}/${n}` : n);
    for (const [n, sub] of [...f.folders].sort((a, b) => cmp(a[0], b[0]))) walk(sub, n, join(n), depth + 1);
    for (const [n, file] of [...f.files].sort((a, b) => cmp(a[0], b[0]))) {
      if (file.hidden) s.hidden.push([s.names.length, file.hidden]);
      s.names.push(n);
      s.paths.push(join(n));
      s.depths.push(depth + 1);
      s.dirs.push(0);
      s.tokens.push(file.tokens);
      s.sizes.push(1);
    }
  };
  walk(root, '', '', 0);
  return s;
}

/** A deterministic pseudo-random generator for property tests. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** `count` files spread over nested folders. */
export function generatedFiles(count: number, seed = 1): Array<{ path: string; tokens: number }> {
  const r = rng(seed);
  const out = new Map<string, number>();
  for (let i = 0; out.size < count; i++) {
    const depth = 1 + Math.floor(r() * 4);
    const segs = Array.from({ length: depth }, (_, d) => `d${Math.floor(r() * (d === 0 ? 4 : 6))}`);
    out.set(`${segs.join('/')}/f${i}.ts`, 1 + Math.floor(r() * 500));
  }
  return [...out].map(([path, tokens]) => ({ path, tokens }));
}
