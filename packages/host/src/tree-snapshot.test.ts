import { buildSnapshot, sliceSnapshot } from '@loupe/common';
import { buildTree, type FolderNode, type HiddenEntry } from '@loupe/engine';
import { describe, expect, it } from 'vitest';

/** Preorder of the engine's tree model: folder, its subfolders (recursively), then its files. */
function enginePreorder(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (f: FolderNode) => {
    out.push(f.path);
    for (const sub of f.folders) walk(sub);
    for (const file of f.files) out.push(file.path);
  };
  walk(buildTree(paths.map((path) => ({ path }))).root);
  return out;
}

function randomPaths(seed: number, n: number): string[] {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const names = ['a', 'b', 'B', 'a-b', 'a.b', 'ä', 'z', '_', 'a b', '日本', '\ue000', 'ｚ', '😀'];
  const out = new Set<string>();
  while (out.size < n) {
    const depth = 1 + Math.floor(rnd() * 4);
    const segs = Array.from({ length: depth }, () => names[Math.floor(rnd() * names.length)]!);
    out.add(`${segs.join('/')}.${Math.floor(rnd() * 3)}`);
  }
  return [...out];
}

describe('buildSnapshot', () => {
  it('flattens in the same order as the engine tree model (differential, random trees)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const paths = randomPaths(seed, 60);
      const { paths: got, snapshot } = buildSnapshot(
        1,
        paths.map((path) => ({ path, size: 1 })),
        [],
      );
      expect(got).toEqual(enginePreorder(paths));
      // depth of a node = number of segments (root 0)
      got.forEach((p, i) => {
        expect(snapshot.depths[i]).toBe(p === '' ? 0 : p.split('/').length);
      });
    }
  });

  it('carries tokens, sizes, flags, and hidden entries with reasons (a hidden folder has no children)', () => {
    const hidden: HiddenEntry[] = [
      {
        path: 'dist',
        dir: true,
        reason: { kind: 'gitignored', source: '.gitignore', line: 1, pattern: 'dist/' },
      },
      { path: 'src/x.log', dir: false, reason: { kind: 'os-junk' } },
    ];
    const { snapshot: s, paths } = buildSnapshot(
      7,
      [
        { path: 'src/a.ts', size: 10, tokens: 3 },
        { path: 'src/b.png', size: 99, flag: 'binary' },
        { path: 'z.md', size: 5 },
      ],
      hidden,
    );
    expect(paths).toEqual(['', 'dist', 'src', 'src/a.ts', 'src/b.png', 'src/x.log', 'z.md']);
    expect(s.version).toBe(7);
    expect(s.dirs).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(s.tokens).toEqual([0, 0, 0, 3, -1, -1, -1]);
    expect(s.sizes).toEqual([0, 0, 0, 10, 99, 0, 5]);
    expect(s.flags).toEqual([[4, 'binary']]);
    expect(s.hidden.map(([i, r]) => [paths[i], r.kind])).toEqual([
      ['dist', 'gitignored'],
      ['src/x.log', 'os-junk'],
    ]);
  });

  it('slices a folder with rebased depths and indexes', () => {
    const built = buildSnapshot(
      1,
      ['a/b/c.ts', 'a/d.ts', 'e.ts'].map((path) => ({ path, size: 1, tokens: 2 })),
      [{ path: 'a/b/junk', dir: false, reason: { kind: 'os-junk' } }],
    );
    const slice = sliceSnapshot(built, built.paths.indexOf('a'));
    expect(slice.paths).toEqual(['a', 'a/b', 'a/b/c.ts', 'a/b/junk', 'a/d.ts']);
    expect(slice.snapshot.depths).toEqual([0, 1, 2, 2, 1]);
    expect(slice.snapshot.hidden.map(([i]) => i)).toEqual([3]);
  });

  it('handles 100k paths and deep paths without recursion (speed: npm run bench -- window)', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      path: `d${i % 97}/e${i % 13}/f${i}.ts`,
      size: i,
    }));
    const { snapshot } = buildSnapshot(1, many, []);
    expect(snapshot.names.length).toBe(100_000 + 1 + 97 + 97 * 13);
    const deep = `${Array.from({ length: 3000 }, (_, i) => `d${i}`).join('/')}/leaf.txt`;
    expect(buildSnapshot(1, [{ path: deep, size: 1 }], []).snapshot.depths.at(-1)).toBe(3001);
  });
});
