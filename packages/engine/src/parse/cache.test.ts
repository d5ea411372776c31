import { describe, expect, it } from 'vitest';
import type { Tree } from 'web-tree-sitter';
import { ParseCache } from './cache';
import { loadGrammar } from './runtime';

async function python() {
  const loaded = await loadGrammar('python');
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.grammar;
}

describe('ParseCache', () => {
  it('parses once per content hash and grammar', async () => {
    const g = await python();
    const cache = new ParseCache();
    let parses = 0;
    const make = (text: string) => () => {
      parses++;
      return g.parser.parse(text)!;
    };
    const a = 'x = 1\n';
    const count = (text: string) =>
      cache.use(ParseCache.key('python', text), text.length, make(text), (t) => t.rootNode.childCount);
    expect(count(a)).toBe(1);
    expect(count(a)).toBe(1);
    expect(count('x = 1\ny = 2\n')).toBe(2);
    expect(parses).toBe(2);
    expect({ hits: cache.hits, misses: cache.misses, size: cache.size }).toEqual({
      hits: 1,
      misses: 2,
      size: 2,
    });
    expect(ParseCache.key('python', a)).not.toBe(ParseCache.key('ruby', a));
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('evicts least recently used trees past its byte budget and frees them', async () => {
    const g = await python();
    const cache = new ParseCache(10);
    const trees: Tree[] = [];
    const use = (text: string) =>
      cache.use(
        ParseCache.key('python', text),
        text.length,
        () => g.parser.parse(text)!,
        (t) => trees.push(t),
      );
    use('a = 1\n'); // 6
    use('b = 22\n'); // 7: over budget, `a` goes
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(7);
    // A freed tree cannot be read any more.
    expect(() => trees[0]!.rootNode.text).toThrow();
    expect(trees[1]!.rootNode.text).toBe('b = 22\n');
  });

  it('keeps a tree alive while it is in use, even when evicted meanwhile', async () => {
    const g = await python();
    const cache = new ParseCache(8);
    const text = 'outer = 1\n';
    const inner = 'inner = 2\n';
    const result = cache.use(
      ParseCache.key('python', text),
      text.length,
      () => g.parser.parse(text)!,
      (outer) => {
        cache.use(
          ParseCache.key('python', inner),
          inner.length,
          () => g.parser.parse(inner)!,
          () => undefined,
        );
        // `outer` was evicted by the nested use but is still readable until this callback ends.
        return outer.rootNode.text;
      },
    );
    expect(result).toBe(text);
    expect(cache.size).toBe(1);
  });
});
