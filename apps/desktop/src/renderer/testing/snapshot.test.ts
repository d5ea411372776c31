import { describe, expect, it } from 'vitest';
import { snapshotOf } from './snapshot';

describe('the test trees', () => {
  it("come in the host's order: folders first, names bytewise, astral names after U+E000–U+FFFF", () => {
    const s = snapshotOf({
      files: [
        { path: '😀.ts' },
        { path: '\ue000.ts' },
        { path: 'ｚ.ts' },
        { path: 'a.ts' },
        { path: 'b/😀' },
        { path: 'b/\ue000' },
      ],
    });
    expect(s.names).toEqual(['', 'b', '\ue000', '😀', 'a.ts', '\ue000.ts', 'ｚ.ts', '😀.ts']);
    expect(s.paths).toEqual(['', 'b', 'b/\ue000', 'b/😀', 'a.ts', '\ue000.ts', 'ｚ.ts', '😀.ts']);
  });
});
