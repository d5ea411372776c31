import { describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { SAMPLE } from './fixtures/sample';
import { buildTree, childAt, childCount, type FolderNode } from './model';

const names = (f: FolderNode) => Array.from({ length: childCount(f) }, (_, i) => childAt(f, i).name);

describe('buildTree', () => {
  it('sums tokens, size, received marks and counts per folder', () => {
    const model = buildTree(SAMPLE);
    const { root } = model;
    expect(root).toMatchObject({ fileCount: 10, folderCount: 6, tokens: 4290, size: 17080, received: 3 });
    expect(model.find('docs')).toMatchObject({ fileCount: 3, folderCount: 1, tokens: 1250, received: 1 });
    expect(model.find('src/lib')).toMatchObject({ fileCount: 2, folderCount: 0, tokens: 820, size: 3280 });
    expect(model.has).toEqual({ tokens: true, size: true, received: true });
    expect(model.fileCount).toBe(10);
  });

  it('orders folders first, then files, each bytewise, whatever the input order', () => {
    const paths = ['b.txt', 'a-b/x', 'a/y', 'B/z', 'A.md', 'é', 'z/😀', 'z/\uE000', 'z/_', 'Z'];
    const forward = buildTree(paths.map((path) => ({ path })));
    const backward = buildTree([...paths].reverse().map((path) => ({ path })));
    for (const model of [forward, backward]) {
      expect(names(model.root)).toEqual(['B', 'a', 'a-b', 'z', 'A.md', 'Z', 'b.txt', 'é']);
      expect(names(model.find('z') as FolderNode)).toEqual(['_', '\uE000', '😀']);
    }
  });

  it('numbers folders in preorder, each subtree a contiguous run', () => {
    const model = buildTree(SAMPLE);
    expect(model.folders.map((f) => f.path)).toEqual([
      '',
      '.github',
      '.github/workflows',
      'docs',
      'docs/guide',
      'src',
      'src/lib',
    ]);
    model.folders.forEach((f, i) => {
      expect(f.order).toBe(i);
    });
  });

  it('finds folders and files; unknown paths are undefined', () => {
    const model = buildTree(SAMPLE);
    expect(model.find('')).toBe(model.root);
    expect(model.find('./src/')?.path).toBe('src');
    expect(model.find('src/lib/my file.ts')?.kind).toBe('file');
    expect(model.find('src/nope')).toBeUndefined();
    expect(model.find('nope/x')).toBeUndefined();
  });

  it('keeps folder sums honest when some files carry no count (binary files)', () => {
    const model = buildTree([{ path: 'a/x.png' }, { path: 'a/y.ts', tokens: 7 }]);
    expect(model.find('a')).toMatchObject({ tokens: 7, fileCount: 2 });
    expect(model.find('a/x.png')).not.toHaveProperty('tokens');
  });

  it.each([
    [['a', 'a'], 'listed twice'],
    [['a', 'a/b'], 'both a file and a folder'],
    [['x/a/b', 'x/a'], 'both a file and a folder'],
    [['a//b'], 'not a relative file path'],
    [['/a'], 'not a relative file path'],
    [['a/'], 'not a relative file path'],
    [[''], 'not a relative file path'],
  ])('refuses %j', (paths, message) => {
    try {
      buildTree(paths.map((path) => ({ path })));
      expect.unreachable();
    } catch (error) {
      expect(isLoupeError(error) && error.code).toBe('invalid-argument');
      expect((error as Error).message).toContain(message);
    }
  });

  it('builds a deep chain without recursion limits', () => {
    const path = `${Array.from({ length: 3000 }, (_, i) => `d${i}`).join('/')}/f`;
    const model = buildTree([{ path }]);
    expect(model.folders).toHaveLength(3001);
    expect(model.root.folderCount).toBe(3000);
  });
});
