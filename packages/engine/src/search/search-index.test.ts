// The incremental index: entries keyed by content hash, re-read only when a file changed (stat, or
// named by the watcher's `update`), shared between identical files, kept for a revert.
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationsOf } from './classify';
import { searchFocus, searchIndexOf } from './search';
import { openProject, type TestProject } from './testing';

let p: TestProject;
beforeAll(async () => {
  p = await openProject({
    'a.ts': 'export function alpha() { return 1; }\n',
    'copy/a.ts': 'export function alpha() { return 1; }\n',
    'b.py': 'def beta():\n    return 2\n',
    'blob.bin': Buffer.from([0, 1, 2, 3]).toString('latin1'),
  });
});
afterAll(() => p.close());

/** What the watcher does: the index entry gets the file's new size and mtime. */
function touchIndex(rel: string): void {
  const info = statSync(path.join(p.dir, rel));
  const e = p.ws.index.get(rel)!;
  p.ws.index.upsert({ ...e, size: info.size, mtimeMs: info.mtimeMs });
}

describe('search index', () => {
  it('reads each file once; identical files share one entry', async () => {
    const index = searchIndexOf(p.ws);
    const first = await index.ensure(p.ws.focusedFiles());
    expect(first).toMatchObject({ read: 4, reused: 1, files: 4, entries: 2 });
    expect(index.get('a.ts')?.entry).toBe(index.get('copy/a.ts')?.entry);
    // The pipeline withholds it (NUL bytes): known, never searched.
    expect(index.get('blob.bin')).toMatchObject({ withheld: expect.stringMatching(/binary/) });
    expect(index.get('blob.bin')?.entry).toBeUndefined();
    expect((await index.ensure(p.ws.focusedFiles())).read).toBe(0);
  });

  it('re-reads a file named by update(), even when its size and mtime look the same', async () => {
    const index = searchIndexOf(p.ws);
    const before = index.get('a.ts')!;
    await declarationsOf(before.entry!, 'a.ts');
    p.write('a.ts', 'export function gamma() { return 1; }\n'); // same length as before
    index.update(['a.ts']);
    expect((await searchFocus(p.ws, 'gamma')).files.map((f) => f.path)).toEqual(['a.ts']);
    expect((await searchFocus(p.ws, 'alpha')).files.map((f) => f.path)).toEqual(['copy/a.ts']);
    // Reverted: the old entry (and its parsed declarations) comes back by content hash.
    p.write('a.ts', 'export function alpha() { return 1; }\n');
    index.update(['a.ts']);
    const stats = await index.ensure(p.ws.focusedFiles());
    expect(stats).toMatchObject({ read: 1, reused: 1 });
    expect(index.get('a.ts')?.entry).toBe(before.entry);
    expect(before.entry!.declarations.size).toBe(1);
  });

  it("follows the workspace's file changes (the watcher's updates)", async () => {
    await searchFocus(p.ws, 'beta');
    p.write('b.py', 'def beta():\n    return 9\n\ndef omega():\n    return 4\n');
    const info = statSync(path.join(p.dir, 'b.py'));
    const e = p.ws.index.get('b.py')!;
    p.ws.applyUpdate({
      upsert: [{ ...e, size: info.size, mtimeMs: info.mtimeMs }],
      remove: [],
      added: [],
      changed: ['b.py'],
      removed: [],
      cause: 'test',
    });
    expect((await searchFocus(p.ws, 'omega')).files.map((f) => f.path)).toEqual(['b.py']);
  });

  it('re-reads a file whose size or mtime changed in the file index', async () => {
    p.write('b.py', 'def beta():\n    return 2\n\ndef delta():\n    return 4\n');
    touchIndex('b.py');
    const r = await searchFocus(p.ws, 'delta');
    expect(r.files.map((f) => `${f.path} ${f.bestTier}`)).toEqual(['b.py name']);
    expect(searchIndexOf(p.ws).last.read).toBe(1);
  });

  it('drops files that left the project, and states files that vanished since the scan', async () => {
    p.write('gone.ts', 'export const gone = 1;\n');
    await p.ws.rescan();
    expect((await searchFocus(p.ws, 'gone')).files.map((f) => f.path)).toEqual(['gone.ts']);
    p.remove('gone.ts');
    touchIndex('b.py'); // the scan does not know yet; the read finds it missing
    searchIndexOf(p.ws).update(['gone.ts']);
    const r = await searchFocus(p.ws, 'gone');
    expect(r.files).toEqual([]);
    expect(r.coverage.notSearched).toEqual({ binary: 1, 'removed since the scan': 1 });
    await p.ws.rescan();
    expect(searchIndexOf(p.ws).get('gone.ts')).toBeUndefined();
  });
});
