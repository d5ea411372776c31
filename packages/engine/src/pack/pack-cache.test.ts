// The pack cache on disk (pack-cache.ts): a later process packs from it exactly what a process
// without it packs (text and coverage, down to the report's key order); it is read (a planted
// compression shows up); a damaged, foreign or truncated file is ignored and replaced; files are
// private; and its version is pinned to the sources of what it keeps. Real files, real workspaces.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { PACK_CACHE_VERSION, PackCache } from './pack-cache';
import { writeCorpus } from './testing/corpus';
import type { PackOptions } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-pack-cache-'));
const dir = path.join(work, 'corpus');
const caches: string[] = [];
const cacheDir = () => {
  const d = mkdtempSync(path.join(work, 'cache-'));
  caches.push(d);
  return d;
};

const CASES: PackOptions[] = [
  { budget: 1_500 },
  { budget: 6_000, format: 'xml' },
  { budget: 20_000, detail: 'signatures', lineNumbers: true },
  { budget: 3_000, format: 'plain', detail: 'outline' },
];

/** Packs `options` in a fresh workspace over `cache` (null: none), as a new process does. */
async function packIn(cache: string | null, options: PackOptions) {
  const ws = await Workspace.open(dir, { stateDir: null, cacheDir: cache, countTokens: false, watch: false });
  try {
    const r = await packFocus(ws, options);
    return { text: r.text, coverage: JSON.stringify(r.coverage), root: ws.root };
  } finally {
    await ws.close();
  }
}

const cacheFiles = (cache: string) => {
  const folder = path.join(cache, 'packs');
  return readdirSync(folder).map((n) => path.join(folder, n));
};

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  writeCorpus(dir, 27, { rounds: 2 });
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the pack cache', () => {
  it('gives a later process the very pack a process without it makes', async () => {
    const cache = cacheDir();
    for (const options of CASES) {
      const without = await packIn(null, options);
      const first = await packIn(cache, options);
      const later = await packIn(cache, options);
      expect(first.text).toBe(without.text);
      expect(later.text).toBe(without.text);
      // As JSON: the report's keys in the same order too (the CLI prints it).
      expect(first.coverage).toBe(without.coverage);
      expect(later.coverage).toBe(without.coverage);
    }
    const [file, ...more] = cacheFiles(cache);
    expect(more).toEqual([]);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file!)).mode & 0o777).toBe(0o700);
    // Offsets, stubs, counts and paths: no file's text.
    expect(readFileSync(file!, 'utf8')).not.toContain('ghp_');
  });

  it('is read: a compression stored for a text is the one packed', async () => {
    const cache = cacheDir();
    const rel = 'src/planted.ts';
    const text = 'export function planted(a: number) {\n  return a * 2;\n}\n';
    writeFileSync(path.join(dir, rel), text);
    try {
      const options: PackOptions = { budget: 8_000, detail: 'signatures', paths: [rel] };
      const made = await packIn(cache, options);
      expect(made.text).toContain('export function planted(a: number)');
      const stored = new PackCache(cache, made.root);
      const key = PackCache.compressionKey(text, rel, { level: 'signatures' });
      const c = stored.compression(key, text, { level: 'signatures' });
      expect(c?.level).toBe('signatures');
      stored.putCompression(key, {
        ...c!,
        edits: [{ start: 0, end: text.length, text: '// from the cache\n' }],
      });
      await stored.save();
      const planted = await packIn(cache, options);
      expect(planted.text).toContain('// from the cache');
      expect(planted.text).not.toContain('planted(a: number)');
    } finally {
      rmSync(path.join(dir, rel));
    }
  });

  it('ignores a damaged, truncated or foreign file, and replaces it', async () => {
    const cache = cacheDir();
    const options = CASES[2]!;
    const without = await packIn(null, options);
    await packIn(cache, options);
    const [file] = cacheFiles(cache);
    const good = readFileSync(file!, 'utf8');
    const nl = good.indexOf('\n');
    const head = JSON.parse(good.slice(0, nl)) as { root: string };
    const body = good.slice(nl + 1);
    // A digit changed in the entries: an edit's offset, a count, a day.
    const flipped = body.replace(/[0-9]/, (d) => String((Number(d) + 1) % 10));
    const resealed = (b: string, root = head.root) =>
      `${JSON.stringify({ format: 'loupe-pack-cache/1', root, sha256: createHash('sha256').update(b).digest('hex') })}\n${b}`;
    for (const bad of [
      good.slice(0, good.length - 9),
      `${good.slice(0, nl + 1)}${flipped}`,
      resealed(body, '/somewhere/else'),
      resealed('{"not": "rows"}'),
      resealed(JSON.stringify([['k', 1, 'not json']])),
      'garbage',
      '',
    ]) {
      writeFileSync(file!, bad);
      const again = await packIn(cache, options);
      expect(again.text).toBe(without.text);
      expect(again.coverage).toBe(without.coverage);
      // Replaced by a sound file.
      const after = readFileSync(file!, 'utf8');
      const at = after.indexOf('\n');
      const sealed = JSON.parse(after.slice(0, at)) as { root: string; sha256: string };
      expect(sealed.root).toBe(head.root);
      expect(sealed.sha256).toBe(
        createHash('sha256')
          .update(after.slice(at + 1))
          .digest('hex'),
      );
    }
  });

  it('keeps what another process saved meanwhile', async () => {
    const cache = cacheDir();
    const a = new PackCache(cache, '/p');
    const b = new PackCache(cache, '/p');
    const order = Uint32Array.from([2, 0, 1]);
    const tree = {
      section: '## Tree\n',
      tokens: 3,
      cap: 10,
      total: { folders: 1, files: 3 },
      shown: { folders: 1, files: 3 },
      leftOut: { folders: 0, files: 0 },
    };
    const orderKey = PackCache.orderKey(['a', 'b', 'c'], new Set(), 'python');
    const treeKey = PackCache.treeKey(['a', 'b', 'c'], 'markdown:10:o200k_base');
    expect(a.order(orderKey, 3)).toBeUndefined();
    expect(b.tree(treeKey)).toBeUndefined();
    a.putOrder(orderKey, order);
    b.putTree(treeKey, tree);
    await a.save();
    await b.save();
    const c = new PackCache(cache, '/p');
    expect(c.order(orderKey, 3)).toEqual(order);
    expect(JSON.stringify(c.tree(treeKey))).toBe(JSON.stringify(tree));
    // An order of another length, or not a permutation, is not one of these files.
    expect(c.order(orderKey, 4)).toBeUndefined();
    expect(new PackCache(cache, '/q').order(orderKey, 3)).toBeUndefined();
  });

  it('keeps nothing without a cache folder', async () => {
    const none = new PackCache(null, '/p');
    const key = PackCache.orderKey(['a'], new Set(), '');
    none.putOrder(key, Uint32Array.from([0]));
    await none.save();
    expect(none.order(key, 1)).toBeUndefined();
  });
});

describe('the pack cache version', () => {
  it('is bumped with every change to how the order or the tree section come out', () => {
    // When this hash changes, check whether the order or the tree section can come out otherwise
    // for the same paths; if they can (or you cannot tell), raise PACK_CACHE_VERSION in
    // pack-cache.ts; then record both here.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const tree = readdirSync(path.join(here, '../tree'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `../tree/${f}`);
    const files = [
      'priority.ts',
      'folder-facts.ts',
      'formats.ts',
      'context.ts',
      'pack-cache.ts',
      '../compress/testfiles.ts',
      '../lang/languages.ts',
      '../tokens/within.ts',
      ...tree,
    ].sort();
    const hash = createHash('sha256');
    for (const f of files) hash.update(f).update(readFileSync(path.join(here, f)));
    expect({ version: PACK_CACHE_VERSION, sources: hash.digest('hex').slice(0, 16) }).toEqual({
      version: 1,
      sources: '001e2da527d3360e',
    });
  });
});
