import { type IndexEntry, MaskSession } from '@loupe/engine';
import { describe, expect, it } from 'vitest';
import type { ContentSource, ReadResult } from '../content/source';
import { basicSearch } from './basic-search';

const TEXTS: Record<string, string> = {
  'src/a.ts': 'needle one\nnothing\nneedle two\nneedle three',
  'src/b.ts': 'a Needle here',
  'src/needle.ts': 'no match inside',
  'lib/c.py': 'needle in python',
  'docs/d.md': 'plain',
};

// A stand-in for the content pipeline that serves fixed texts (the unit here is the search).
const source: ContentSource = {
  maskingActive: true,
  async read(path): Promise<ReadResult> {
    const text = TEXTS[path]!;
    return {
      path,
      text,
      level: 'full',
      lines: [1, text.split('\n').length],
      totalLines: text.split('\n').length,
      masked: {},
      maskingActive: true,
      hash: `h-${path}`,
    };
  },
};

const files = Object.keys(TEXTS)
  .sort()
  .map((path) => ({ path, size: 10, mtimeMs: 0, tracked: true, symlink: false }) as IndexEntry);

describe('basicSearch', () => {
  it('puts name matches and rare matches first, and gives every file one line before any gets a second', async () => {
    const r = await basicSearch(
      { query: 'needle', regex: false, maxResults: 4, files },
      source,
      new MaskSession(),
      10_000,
    );
    expect(r.data.split('\n')).toEqual([
      'src/needle.ts',
      'lib/c.py',
      '  1: needle in python',
      'src/b.ts',
      '  1: a Needle here',
      'src/a.ts (2 of 3 matching lines)',
      '  1: needle one',
      '  3: needle two',
    ]);
    expect(r.trailer[0]).toContain(
      '5 matching lines in 4 files (searched 5 files of the focus); shown: 4 lines in 4 files',
    );
    expect(r.delivered?.map((d) => [d.path, d.lines])).toEqual([
      ['src/needle.ts', []],
      ['lib/c.py', [[1, 1]]],
      ['src/b.ts', [[1, 1]]],
      [
        'src/a.ts',
        [
          [1, 1],
          [3, 3],
        ],
      ],
    ]);
  });

  it('is case-sensitive when the query has capitals, and keeps to the given paths and globs', async () => {
    const caps = await basicSearch(
      { query: 'Needle', regex: false, maxResults: 50, files },
      source,
      new MaskSession(),
      10_000,
    );
    expect(caps.data).toBe('src/b.ts\n  1: a Needle here');
    const scoped = await basicSearch(
      { query: 'needle', regex: false, maxResults: 50, files, paths: ['lib', '**/*.md'] },
      source,
      new MaskSession(),
      10_000,
    );
    expect(scoped.data).toBe('lib/c.py\n  1: needle in python');
    expect(scoped.trailer[0]).toContain('searched 2 files of the focus in the given paths');
  });

  it('states what a time budget left unsearched', async () => {
    const r = await basicSearch(
      { query: 'needle', regex: false, maxResults: 50, files },
      source,
      new MaskSession(),
      10_000,
      -1,
    );
    expect(r.trailer[0]).toMatch(/^Stopped after .* 5 files of the focus not searched/);
    expect(r.data).toBe('(no matches)');
  });
});
