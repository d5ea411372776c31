import { describe, expect, it } from 'vitest';
import { Focus, FocusMatcher } from './focus';

const files = ['README.md', 'src/a.ts', 'src/b.ts', 'src/lib/c.ts', 'src/lib/d.ts', 'test/t.ts'];
const inFocus = (f: Focus) => files.filter((p) => f.matcher().has(p));

describe('focus', () => {
  it('starts empty, meaning the whole project, at revision 0', () => {
    const f = new Focus();
    expect(f.snapshot).toEqual({ revision: 0, include: [], exclude: [] });
    expect(inFocus(f)).toEqual(files);
  });

  it('ticks a folder, unticks a file inside it, re-ticks it: tri-state by rules', () => {
    const f = new Focus();
    f.toggle('src', true);
    expect(inFocus(f)).toEqual(['src/a.ts', 'src/b.ts', 'src/lib/c.ts', 'src/lib/d.ts']);
    f.toggle('src/lib/c.ts', false);
    expect(f.snapshot).toMatchObject({ revision: 2, include: ['src'], exclude: ['src/lib/c.ts'] });
    expect(inFocus(f)).toEqual(['src/a.ts', 'src/b.ts', 'src/lib/d.ts']);
    f.toggle('src/lib/c.ts', true);
    expect(f.snapshot).toMatchObject({ include: ['src'], exclude: [] });
  });

  it('a tick inside an unticked folder inside a ticked folder wins by nearness', () => {
    const f = new Focus();
    f.toggle('src', true);
    f.toggle('src/lib', false);
    f.toggle('src/lib/d.ts', true);
    expect(inFocus(f)).toEqual(['src/a.ts', 'src/b.ts', 'src/lib/d.ts']);
  });

  it('unticking a ticked folder drops the rules below it', () => {
    const f = new Focus();
    f.set({ include: ['src', 'test'], exclude: ['src/a.ts'] });
    f.toggle('src', false);
    expect(f.snapshot).toMatchObject({ include: ['test'], exclude: [] });
  });

  it('does not bump the revision when nothing changes', () => {
    const f = new Focus();
    f.toggle('src', true);
    expect(f.toggle('src/a.ts', true)).toBeUndefined();
    expect(f.snapshot.revision).toBe(1);
  });

  it('reports what changed since any kept revision and fires an event', () => {
    const f = new Focus();
    const seen: number[] = [];
    f.onDidChange((d) => seen.push(d.to));
    f.toggle('src', true); // r1
    f.toggle('test', true); // r2
    f.toggle('src/a.ts', false); // r3
    expect(f.delta(1)).toEqual({ from: 1, to: 3, added: ['test'], removed: ['src/a.ts'] });
    expect(f.delta(0)).toEqual({ from: 0, to: 3, added: ['src', 'test'], removed: ['src/a.ts'] });
    expect(f.delta(99)).toBeUndefined();
    expect(seen).toEqual([1, 2, 3]);
  });

  it('normalizes paths and drops exclusions that sit under no inclusion', () => {
    const f = new Focus();
    f.set({ include: ['./src/', 'src//lib'], exclude: ['test/t.ts'] });
    expect(f.snapshot).toMatchObject({ include: ['src', 'src/lib'], exclude: [] });
    expect(new FocusMatcher({ include: [''], exclude: ['test'] }).has('test/t.ts')).toBe(false);
  });
});
