// The kept priority order (warm.ts) against rankFiles itself: random projects whose sizes change
// between packs (some changes move a language past a fifth of the code, which changes scores),
// files ticked one by one, added and removed. Every order must be rankFiles' order.

import { rng } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '../workspace/file-index';
import { mainLanguages, rankFiles } from './priority';
import { PackMemo } from './warm';

const NAMES = ['index.ts', 'main.py', 'lib.rs', 'README.md', 'util.go', 'app.js', 'test_x.py', 'Cargo.toml'];
const FOLDERS = ['', 'src/', 'src/core/', 'tests/', 'vendor/dep/', 'docs/', 'examples/'];

describe('the kept priority order', () => {
  it('is rankFiles order through size changes, ticks and new and removed files', () => {
    const r = rng(1818);
    const memo = new PackMemo();
    let files: IndexEntry[] = [];
    for (let i = 0; i < 300; i++) {
      const name = NAMES[Math.floor(r() * NAMES.length)]!;
      const folder = FOLDERS[Math.floor(r() * FOLDERS.length)]!;
      files.push({
        path: `${folder}m${i}/${name}`,
        size: 1 + Math.floor(r() * 5000),
        mtimeMs: 0,
        tracked: true,
        symlink: false,
      });
    }
    let checked = 0;
    const mains = new Set<string>();
    for (let round = 0; round < 60; round++) {
      const k = r();
      if (k < 0.5) {
        // Sizes change in place (the index updates its entries), often enough to move a language's share.
        for (let j = 0; j < 20; j++) files[Math.floor(r() * files.length)]!.size = Math.floor(r() * 40_000);
      } else if (k < 0.7) files = files.filter(() => r() > 0.02);
      else if (k < 0.8)
        files = [
          ...files,
          { path: `new${round}/main.py`, size: 900, mtimeMs: 0, tracked: true, symlink: false },
        ];
      const explicit = new Set(files.filter(() => r() < (k > 0.9 ? 0.02 : 0)).map((f) => f.path));
      const want = rankFiles(files, explicit).map((x) => x.entry.path);
      expect(memo.ranked(files, explicit).map((f) => f.path)).toEqual(want);
      expect(memo.ranked([...files], explicit).map((f) => f.path)).toEqual(want);
      mains.add([...mainLanguages(files)].sort().join(','));
      checked++;
    }
    expect(checked).toBe(60);
    // The rounds moved the main languages several times (the case a size-keyed order would miss).
    expect(mains.size).toBeGreaterThan(2);
  });
});
