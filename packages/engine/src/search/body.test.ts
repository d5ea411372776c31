// Body capping: whole when it fits, else the head (or signature + a window around the match),
// with every left-out range named by a get_file call that reads exactly those lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capBody, clip } from './body';
import { searchFocus } from './search';
import { openProject, type TestProject } from './testing';

const lines = (n: number, width = 30) => Array.from({ length: n }, (_, i) => `l${i + 1}`.padEnd(width, '.'));

describe('capBody', () => {
  const text = lines(100);
  const line = (n: number) => text[n - 1]!;

  it('keeps a body that fits whole', () => {
    const r = capBody({ start: 1, end: 10 }, 5, 1800, line);
    expect(r).toEqual({
      parts: [{ start: 1, end: 10, text: text.slice(0, 10).join('\n') }],
      omitted: [],
      chars: 310,
    });
  });

  it('shows the head when the match is in it, and names the rest', () => {
    // 31 characters a line with its break: 58 lines fit 1,800.
    const r = capBody({ start: 1, end: 100 }, 3, 1800, line);
    expect(r.parts).toEqual([{ start: 1, end: 58, text: text.slice(0, 58).join('\n') }]);
    expect(r.omitted).toEqual([{ start: 59, end: 100 }]);
    expect(r.chars).toBeLessThanOrEqual(1800);
  });

  it('shows the signature and a window around a match further down', () => {
    const r = capBody({ start: 1, end: 100 }, 80, 620, line);
    expect(r.parts.map(({ start, end }) => [start, end])).toEqual([
      [1, 3],
      [72, 88],
    ]);
    expect(r.omitted).toEqual([
      { start: 4, end: 71 },
      { start: 89, end: 100 },
    ]);
    expect(r.chars).toBeLessThanOrEqual(620);
  });

  it('cuts a single line longer than the cap', () => {
    const long = ['x'.repeat(5000), 'y'];
    const r = capBody({ start: 1, end: 2 }, 1, 300, (n) => long[n - 1]!);
    expect(r.parts[0]!.text.length).toBeLessThanOrEqual(300);
    expect(r.omitted).toEqual([{ start: 2, end: 2 }]);
    expect(clip('abcdef', 4, 3)).toBe('…cdef');
    expect(clip('abcdef', 4)).toBe('abcd…');
    expect(clip('abcdefgh', 3, 4)).toBe('…def…');
  });
});

describe('best match body in a search result', () => {
  let p: TestProject;
  const body = Array.from({ length: 120 }, (_, i) => `  const step${i + 1} = input * ${i + 1};`);
  const source = [
    'export function longWork(input: number): number {',
    ...body,
    '  return input;',
    '}',
    '',
  ].join('\n');
  beforeAll(async () => {
    p = await openProject({ 'src/work.ts': source, 'src/use.ts': 'longWork(2);\n' });
  });
  afterAll(() => p.close());

  it('caps the declaration at 1,800 characters and names the lines not shown with the call that reads them', async () => {
    const r = await searchFocus(p.ws, 'longWork');
    expect(r.best?.range).toEqual({ start: 1, end: 123 });
    const shown = r.best!.parts.map((x) => x.text).join('\n');
    expect(shown.length).toBeLessThanOrEqual(1800);
    const [gap] = r.best!.omitted;
    expect(gap).toBeDefined();
    expect(gap!.call).toEqual({ path: 'src/work.ts', lines: `${gap!.start}-${gap!.end}` });
    // The call reads exactly what was left out: shown + read = the whole declaration.
    const read = await p.ws.content.read(
      p.ws.index.get('src/work.ts')!,
      { path: 'src/work.ts', lines: { start: gap!.start, end: gap!.end } },
      p.ws.newMaskSession(),
    );
    expect(read.kind === 'content' && `${shown}\n${read.text}`).toBe(source);
  });

  it('keeps a match deep in the body visible, with the signature, and a larger cap shows more', async () => {
    const r = await searchFocus(p.ws, 'step100 ');
    expect(r.best?.line).toBe(101);
    expect(r.best?.parts[0]?.text.startsWith('export function longWork')).toBe(true);
    expect(r.best?.parts.some((x) => x.text.includes('step100 '))).toBe(true);
    // Parts and left-out ranges tile the declaration.
    const tiles = [...r.best!.parts, ...r.best!.omitted]
      .map((x) => [x.start, x.end])
      .sort((a, b) => a[0]! - b[0]!);
    expect(tiles[0]![0]).toBe(1);
    expect(tiles.at(-1)![1]).toBe(123);
    for (let i = 1; i < tiles.length; i++) expect(tiles[i]![0]).toBe(tiles[i - 1]![1]! + 1);
    expect(r.best?.omitted[0]?.start).toBe(r.best!.parts[0]!.end + 1);
    const wide = await searchFocus(p.ws, 'longWork', { bodyChars: 10_000 });
    expect(wide.best?.omitted).toEqual([]);
    expect(wide.best?.parts[0]?.text).toBe(source.trimEnd());
  });
});
