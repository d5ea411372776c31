import { describe, expect, it } from 'vitest';
import { compress } from '../compress/compress';
import { generateCorpus } from '../compress/testing/corpus';
import { alignLines, numberLines, splitLines } from './number';

const STUB = /lines? (\d+)(?:–(\d+))?/;

describe('line numbers are the file’s own', () => {
  it('traces compressed text back to the lines it came from, in every language the corpus holds', async () => {
    const corpus = generateCorpus(8, 2);
    let aligned = 0;
    let tried = 0;
    for (const file of corpus) {
      const src = splitLines(file.text);
      expect(alignLines(src, src)).toEqual(src.map((_, i) => i + 1));
      for (const level of ['compact', 'signatures', 'outline'] as const) {
        const c = await compress(file.text, file.path, { level });
        if (c.level === 'full') continue;
        tried++;
        const out = splitLines(c.text);
        const numbers = alignLines(src, out);
        if (!numbers) continue;
        aligned++;
        expect(numbers).toHaveLength(out.length);
        for (let i = 0; i < out.length; i++) {
          if (i > 0) expect(numbers[i]!).toBeGreaterThan(numbers[i - 1]!);
          const line = out[i]!;
          const own = src[numbers[i]! - 1]!;
          const stub = STUB.exec(line);
          if (
            own === line ||
            (line.trim() !== '' && own.startsWith(line.trimEnd())) ||
            (line.trim() === '' && own.trim() === '')
          )
            continue;
          // Otherwise a stub: it stands at the line where the emptied part begins, or above it.
          expect(stub, `${file.path} ${level}: ${JSON.stringify(line)} at ${numbers[i]}`).not.toBeNull();
          expect(numbers[i]!).toBeLessThanOrEqual(Number(stub![1]));
        }
      }
    }
    expect(tried).toBeGreaterThan(60);
    // Compressed text is traced for nearly every file; the rest carry no numbers (and say so).
    expect(aligned / tried).toBeGreaterThan(0.9);
  }, 60_000);

  it('numbers a stub line with the header it shares, and skips the emptied body', () => {
    const src = ['class A {', '  m(a: number) {', '    return a;', '  }', '  // lines 2 to 4 above', '}'];
    const out = ['class A {', '  m(a: number) { /* … lines 3–4 */ }', '  // lines 2 to 4 above', '}'];
    expect(alignLines(src, out)).toEqual([1, 2, 5, 6]);
  });

  it('numbers a stub on its own line with the first line it replaced', () => {
    const src = ['def f(x):', '    """Doc."""', '    y = x', '    return y', '', 'z = 1'];
    const out = ['def f(x):', '    """Doc."""', '    ...  # lines 3–4', '', 'z = 1'];
    expect(alignLines(src, out)).toEqual([1, 2, 3, 5, 6]);
  });

  it('keeps a line cut short where a trailing comment went, and refuses what it cannot trace', () => {
    expect(alignLines(['a = 1 # one', 'b = 2'], ['a = 1', 'b = 2'])).toEqual([1, 2]);
    expect(alignLines(['a = 1', 'b = 2'], ['b = 2', 'a = 1'])).toBeUndefined();
    expect(alignLines(['a'], ['x'])).toBeUndefined();
  });

  it('right-aligns the numbers and keeps the text as it is', () => {
    expect(numberLines(['a', '', 'c'], [9, 10, 11])).toBe(' 9: a\n10: \n11: c\n');
    expect(splitLines('a\r\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('x')).toEqual(['x']);
  });
});
