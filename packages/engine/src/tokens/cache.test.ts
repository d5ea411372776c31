// The cache pieces on their own: where the cache lives per platform, atomic writes, the
// content-hash count cache (lookup, merge, eviction, damage) and the stat cache format.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userCacheDir, writeFileAtomic } from './cache-dir';
import { emptyCountCache, loadCountCache, lookup, saveCountCache, validCountCache } from './count-cache';
import { sumByFolder } from './folders';
import { decodeStatCache, encodeStatCache, isFresh, RACY_MS, type StatEntry } from './stat-cache';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'loupe-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const key = (s: string) => createHash('sha256').update(s).digest();

describe('userCacheDir', () => {
  const home = () => '/home/ana';
  it('follows each platform and LOUPE_CACHE_DIR', () => {
    expect(userCacheDir({ env: {}, platform: 'linux', homedir: home })).toBe('/home/ana/.cache/loupe');
    expect(userCacheDir({ env: { XDG_CACHE_HOME: '/x/cache' }, platform: 'linux', homedir: home })).toBe(
      '/x/cache/loupe',
    );
    expect(userCacheDir({ env: { XDG_CACHE_HOME: 'relative' }, platform: 'linux', homedir: home })).toBe(
      '/home/ana/.cache/loupe',
    );
    expect(userCacheDir({ env: {}, platform: 'darwin', homedir: () => '/Users/ana' })).toBe(
      '/Users/ana/Library/Caches/Loupe',
    );
    expect(
      userCacheDir({
        env: { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' },
        platform: 'win32',
        homedir: home,
      }),
    ).toBe('C:\\Users\\ana\\AppData\\Local\\Loupe\\Cache');
    expect(userCacheDir({ env: { LOUPE_CACHE_DIR: '/tmp/lc' }, platform: 'darwin', homedir: home })).toBe(
      '/tmp/lc',
    );
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temp files', async () => {
    const file = path.join(tmp, 'atomic', 'f.bin');
    await writeFileAtomic(file, Buffer.from('one'));
    await writeFileAtomic(file, Buffer.from('two'));
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(path.dirname(file))).toEqual(['f.bin']);
  });
});

describe('content-hash count cache', () => {
  it('finds what was saved, merges with what another process saved, and survives a reload', async () => {
    const file = path.join(tmp, 'store.bin');
    const a = await saveCountCache(file, emptyCountCache(), [{ key: key('a'), tokens: 1 }], {
      cap: 100,
      day: 10,
    });
    // Another process saved 'b' meanwhile; our in-memory store only knows 'a'.
    await saveCountCache(file, emptyCountCache(), [{ key: key('b'), tokens: 2 }], { cap: 100, day: 10 });
    const merged = await saveCountCache(file, a, [{ key: key('c'), tokens: 3 }], { cap: 100, day: 10 });
    for (const store of [merged, await loadCountCache(file)]) {
      expect(lookup(store, key('a'), 11)).toBe(1);
      expect(lookup(store, key('b'), 11)).toBe(2);
      expect(lookup(store, key('c'), 11)).toBe(3);
      expect(lookup(store, key('d'), 11)).toBeUndefined();
    }
  });

  it('keeps the most recently used records when over its cap', async () => {
    let store = emptyCountCache();
    for (let day = 1; day <= 5; day++)
      store = await saveCountCache(undefined, store, [{ key: key(`k${day}`), tokens: day }], {
        cap: 100,
        day,
      });
    lookup(store, key('k1'), 9); // used today: survives
    store = await saveCountCache(undefined, store, [], { cap: 3, day: 9 });
    expect([1, 2, 3, 4, 5].map((d) => lookup(store, key(`k${d}`), 9))).toEqual([
      1,
      undefined,
      undefined,
      4,
      5,
    ]);
  });

  it('rejects damaged bytes', async () => {
    const file = path.join(tmp, 'damaged.bin');
    await saveCountCache(file, emptyCountCache(), [{ key: key('a'), tokens: 7 }], { cap: 10, day: 1 });
    const good = readFileSync(file);
    expect(validCountCache(good)).toBeDefined();
    const flipped = Buffer.from(good);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    for (const bad of [flipped, good.subarray(0, 30), Buffer.from('LPTC'), Buffer.alloc(0)]) {
      expect(validCountCache(bad)).toBeUndefined();
      writeFileSync(file, bad);
      expect(lookup(await loadCountCache(file), key('a'), 1)).toBeUndefined();
    }
  });
});

describe('stat cache', () => {
  const entry = (over: Partial<StatEntry> = {}): StatEntry => ({
    size: 10,
    mtimeMs: 1_000_000.25,
    checkedAt: 2_000_000,
    hash: key('x').toString('hex'),
    tokens: 3,
    binary: false,
    seenDay: 100,
    ...over,
  });

  it('round-trips, drops stale entries, and refuses another root or damaged bytes', () => {
    const entries = new Map([
      ['a/b.ts', entry()],
      ['ü/日本.md', entry({ binary: true, tokens: 0 })],
      ['old.txt', entry({ seenDay: 10 })],
    ]);
    const bytes = Buffer.from(encodeStatCache('/p', entries, 50));
    const back = decodeStatCache(bytes, '/p');
    expect(back).toEqual(new Map([...entries].filter(([k]) => k !== 'old.txt')));
    expect(decodeStatCache(bytes, '/other')).toBeUndefined();
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 3] = (flipped[flipped.length - 3] ?? 0) ^ 1;
    expect(decodeStatCache(flipped, '/p')).toBeUndefined();
    expect(decodeStatCache(bytes.subarray(0, bytes.length - 1), '/p')).toBeUndefined();
  });

  it('trusts unchanged stats except a racily clean file', () => {
    const e = entry();
    expect(isFresh(e, 10, 1_000_000.25)).toBe(true);
    expect(isFresh(e, 11, 1_000_000.25)).toBe(false);
    expect(isFresh(e, 10, 1_000_000.5)).toBe(false);
    expect(isFresh(entry({ checkedAt: 1_000_000.25 + RACY_MS }), 10, 1_000_000.25)).toBe(false);
  });
});

describe('sumByFolder', () => {
  it('adds each file to every ancestor folder and to the root', () => {
    const totals = sumByFolder([
      ['a/b/c.ts', 5],
      ['a/d.ts', 2],
      ['e.md', 1],
      ['a/b/f/g.ts', 10],
    ]);
    expect(Object.fromEntries(totals)).toEqual({ '': 18, a: 17, 'a/b': 15, 'a/b/f': 10 });
  });
});
