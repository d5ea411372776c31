// The declarations on disk: what one process stores, the next reads back as it was; damaged or
// foreign files are ignored; folders stay within their cap; files are private; a search in a
// fresh index ranks from the stored declarations exactly as the parsing one did; texts with
// masked values in them are never stored. Real files in a temporary cache folder.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { searchFocus } from '../search/search';
import { SearchIndex } from '../search/search-index';
import { openProject } from '../search/testing';
import { DECLARATIONS_VERSION, DeclarationCache } from './declaration-cache';
import { declarations } from './declarations';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'loupe-decl-cache-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const files = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const SOURCE =
  '/** Adds. */\nexport function add(a: number, b: number) {\n  class Local {}\n  return new Local() ? a + b : 0;\n}\nres.send = function send() {};\n';

describe('DeclarationCache', () => {
  it('gives back what was stored, in a new cache over the same folder (another process)', async () => {
    const cache = tempDir();
    const list = await declarations(SOURCE, 'a.ts');
    expect(list.some((d) => d.local && d.docLine === undefined)).toBe(true);
    expect(list.some((d) => d.docLine === 1)).toBe(true);
    const key = DeclarationCache.key('typescript', SOURCE);
    const first = new DeclarationCache(cache);
    expect(first.get(key)).toBeUndefined();
    first.put(key, list);
    await first.flush();
    expect(new DeclarationCache(cache).get(key)).toEqual(list);
    expect(DeclarationCache.key('javascript', SOURCE)).not.toBe(key);
    const [file] = files(cache);
    expect(path.relative(cache, file!)).toBe(
      path.join('declarations', `v${DECLARATIONS_VERSION}`, key.slice(0, 2), `${key}.json`),
    );
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file!)).mode & 0o777).toBe(0o700);
  });

  it('ignores a damaged file, a file of another key and rows of the wrong shape', async () => {
    const cache = tempDir();
    const decls = new DeclarationCache(cache);
    const key = DeclarationCache.key('typescript', SOURCE);
    decls.put(key, await declarations(SOURCE, 'a.ts'));
    await decls.flush();
    const [file] = files(cache);
    const good = readFileSync(file!, 'utf8');
    for (const bad of [
      good.slice(0, good.length / 2),
      good.replace(key, createHash('sha256').update('other').digest('hex')),
      JSON.stringify({ key, declarations: [['function', 'add', 'add', 'two', 5, 0, 0]] }),
      JSON.stringify({ key, declarations: {} }),
    ]) {
      writeFileSync(file!, bad);
      expect(new DeclarationCache(cache).get(key)).toBeUndefined();
    }
  });

  it('keeps a folder within its cap, least recently used out first', async () => {
    const cache = tempDir();
    const decls = new DeclarationCache(cache);
    // Keys of one folder (the same first two hex digits): as many as the cap, and one more.
    const keys: string[] = [];
    for (let i = 0; keys.length < 257; i++) {
      const k = createHash('sha256').update(String(i)).digest('hex');
      if (k.startsWith('a7')) keys.push(k);
    }
    for (const k of keys.slice(0, 256)) decls.put(k, []);
    await decls.flush();
    const folder = path.join(cache, 'declarations', `v${DECLARATIONS_VERSION}`, 'a7');
    // Used in key order, the first longest ago; reading one marks it used now.
    keys.slice(0, 256).forEach((k, i) => {
      const t = new Date(Date.UTC(2024, 0, 1) + i * 1000);
      utimesSync(path.join(folder, `${k}.json`), t, t);
    });
    expect(new DeclarationCache(cache).get(keys[0]!)).toEqual([]);
    // A later process writes one more: its first write prunes the folder back to the cap.
    const later = new DeclarationCache(cache);
    later.put(keys[256]!, []);
    await later.flush();
    const left = readdirSync(folder);
    expect(left).toHaveLength(256);
    expect(left).toContain(`${keys[0]}.json`);
    expect(left).not.toContain(`${keys[1]}.json`);
    expect(left).toContain(`${keys[256]}.json`);
  });

  it('a cache without a folder keeps nothing', async () => {
    const decls = new DeclarationCache(null);
    decls.put('k', []);
    await decls.flush();
    expect(decls.get('k')).toBeUndefined();
  });
});

describe('declarations on disk in search', () => {
  it('a fresh index ranks from the stored declarations as the parsing one did; masked texts are never stored', async () => {
    const secret = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
    const p = await openProject({
      'lib/response.js': 'var res = {};\nres.sendFile = function sendFile(path) {\n  return path;\n};\n',
      'examples/app.js': "res.sendFile('a');\nres.sendFile('b');\n",
      'lib/keys.ts': `export const token = "${secret}";\nexport function sendFileKey() { return token; }\n`,
    });
    const cache = tempDir();
    try {
      const first = new SearchIndex(p.ws.content, p.ws.maskKey, cache);
      await first.ensure(p.ws.focusedFiles());
      const one = await searchFocus(p.ws, 'sendFile', { files: p.ws.focusedFiles() });
      expect(one.best?.path).toBe('lib/response.js');
      // Declarations through this index's declaration cache.
      const { declarationsOf } = await import('../search/classify');
      for (const f of p.ws.focusedFiles())
        await declarationsOf(first.get(f.path)!.entry!, f.path, first.declarations);
      await first.declarations.flush();
      const stored = files(cache);
      // Two texts without placeholders stored; the one with a masked value is not.
      expect(stored).toHaveLength(2);
      for (const f of stored) expect(readFileSync(f, 'utf8')).not.toContain('token');
      const fresh = new SearchIndex(p.ws.content, p.ws.maskKey, cache);
      await fresh.ensure(p.ws.focusedFiles());
      const entry = fresh.get('lib/response.js')!.entry!;
      const fromDisk = fresh.declarations.get(DeclarationCache.key('javascript', entry.text));
      expect(fromDisk?.map((d) => d.qualifiedName)).toEqual(['res', 'res.sendFile']);
      expect(await declarationsOf(entry, 'lib/response.js', fresh.declarations)).toEqual(fromDisk);
    } finally {
      await p.close();
    }
  });
});

describe('the rules version', () => {
  it('is bumped with every change to what the rules find (stored declarations of older rules are never read)', () => {
    // What the rules find, as the golden tests pin it. When this hash changes, raise
    // DECLARATIONS_VERSION in declaration-cache.ts and record both here.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const fixtures = path.join(here, '../../fixtures/compress');
    const pinned = [
      ...files(fixtures).filter((f) => f.endsWith('.declarations')),
      path.join(here, 'declarations.test.ts'),
      path.join(here, 'dynamic.test.ts'),
    ].sort();
    const hash = createHash('sha256');
    for (const f of pinned) hash.update(path.relative(fixtures, f)).update(readFileSync(f));
    expect({ version: DECLARATIONS_VERSION, rules: hash.digest('hex').slice(0, 16) }).toEqual({
      version: 2,
      rules: '4c86aa901e5422c1',
    });
  });
});
