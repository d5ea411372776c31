// Test helper: a TreeSnapshot from file paths, built by the host's own flattening
// (@loupe/common's buildSnapshot: folders first, then files, bytewise names), so the window's
// tests see exactly the order the host sends.
import { buildSnapshot, type HiddenReason, rng, type TreeSnapshot } from '@loupe/common';

export { rng };

export interface SnapshotInput {
  files: Array<{ path: string; tokens?: number }>;
  hidden?: Array<{ path: string; dir: boolean; reason: HiddenReason }>;
  version?: number;
}

export function snapshotOf(input: SnapshotInput): TreeSnapshot & { paths: string[] } {
  const files = input.files.map((f) => ({
    path: f.path,
    size: 1,
    ...(f.tokens !== undefined ? { tokens: f.tokens } : {}),
  }));
  const { snapshot, paths } = buildSnapshot(input.version ?? 1, files, input.hidden ?? []);
  return { ...snapshot, paths };
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
