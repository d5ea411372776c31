import { describe, expect, it } from 'vitest';
import type { HiddenEntry } from '../../types';
import { summarizeHidden } from './summary';

const out = (p: string): HiddenEntry => ({
  path: p,
  dir: true,
  reason: { kind: 'build-output', rule: 'r', owner: '', evidence: ['x'] },
});
const ign = (p: string, dir: boolean): HiddenEntry => ({
  path: p,
  dir,
  reason: { kind: 'gitignored', source: '.gitignore', line: 1, pattern: p },
});

describe('summarizeHidden', () => {
  it('names build output folders and counts the rest', () => {
    expect(
      summarizeHidden([
        out('web/dist'),
        out('api/obj'),
        out('target'),
        ign('logs', true),
        ign('a.log', false),
      ]),
    ).toBe('hidden as build output: 3 folders (dist, obj, target); gitignored: 1 folder, 1 file');
  });

  it('merges repeated names, caps the list, and covers every kind', () => {
    const many = ['bin', 'obj', 'bin', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n, i) => out(`p${i}/${n}`));
    expect(summarizeHidden(many)).toBe(
      'hidden as build output: 10 folders (a, b, bin ×2, c, d, e, f, g, +1 more)',
    );
    expect(
      summarizeHidden([
        { path: '.DS_Store', dir: false, reason: { kind: 'os-junk' } },
        { path: 'secret', dir: true, reason: { kind: 'user-hidden' } },
        { path: 'A.txt', dir: false, reason: { kind: 'case-duplicate', tracked: 'a.txt' } },
        { path: 'x', dir: true, reason: { kind: 'unreadable', message: 'EACCES' } },
      ]),
    ).toBe(
      'OS junk: 1 file (.DS_Store); hidden by the user: 1 folder (secret); case duplicates of tracked files: 1 file; unreadable: 1 folder (x)',
    );
    expect(summarizeHidden([])).toBe('nothing hidden');
  });

  it('quotes names as JSON strings on request', () => {
    expect(
      summarizeHidden(
        [out('a/dist'), out('b/dist'), { path: 'x y', dir: true, reason: { kind: 'user-hidden' } }],
        {
          quoteNames: true,
        },
      ),
    ).toBe('hidden as build output: 2 folders ("dist" ×2); hidden by the user: 1 folder ("x y")');
  });
});
