// The token service through its real worker pool and real cache files: counts equal the counter's,
// binary and unreadable files are reported, the stat cache answers without reading, racily clean
// files are read again, damaged cache files are ignored and rebuilt, encodings never share counts,
// the content-hash count cache answers by hash, and aborts stop the work.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encoding } from '../types';
import { codeText, proseText, rng } from './corpus';
import { countTokens } from './count';
import { loadCountCache, saveCountCache, today } from './count-cache';
import { createTokenService, type FileToCount, SAVE_EVERY, type TokenService } from './service';
import { statCacheFile } from './stat-cache';

let tmp: string;
let project: string;
const open: TokenService[] = [];

function service(cacheDir: string | null, encoding: Encoding = 'o200k_base'): TokenService {
  const s = createTokenService({ cacheDir, encoding, threads: 2 });
  open.push(s);
  return s;
}

function listing(root: string): FileToCount[] {
  const out: FileToCount[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else {
        const st = statSync(abs);
        out.push({
          path: path.relative(root, abs).split(path.sep).join('/'),
          abs,
          size: st.size,
          mtimeMs: st.mtimeMs,
        });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Writes a file whose mtime is an hour old (whole seconds: utimes round-trips exactly). */
function writeOld(
  file: string,
  content: string | Buffer,
  mtime = Math.floor(Date.now() / 1000) - 3600,
): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  utimesSync(file, mtime, mtime);
}

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'loupe-tokens-'));
  project = path.join(tmp, 'project');
  const r = rng(7);
  for (let i = 0; i < 300; i++) {
    const dir = path.join(project, `pkg${i % 7}`, `sub${i % 3}`);
    writeOld(path.join(dir, `f${i}.ts`), i % 2 ? codeText(r, 10 + (i % 50)) : proseText(r, 30 + i));
  }
  writeOld(path.join(project, 'empty.txt'), '');
  writeOld(path.join(project, 'bom.md'), '\uFEFF# Title\r\nline 👨‍👩‍👧 <|endoftext|>\r\n');
  const bin = Buffer.alloc(10_000, 65);
  bin[100] = 0;
  writeOld(path.join(project, 'image.bin'), bin);
  const late = Buffer.alloc(10_000, 66);
  late[9000] = 0; // NUL after the first 8 KiB: text for the sniff
  writeOld(path.join(project, 'late-nul.txt'), late);
});

afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  rmSync(tmp, { recursive: true, force: true });
});

describe('createTokenService', () => {
  it('counts every file as the counter does, through the worker pool, leaving the project untouched', async () => {
    const before = listing(project).map((f) => f.path);
    const files = listing(project);
    const progress: Array<[number, number]> = [];
    const result = await service(path.join(tmp, 'cache-a')).countFiles(files, {
      root: project,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(result.size).toBe(files.length);
    for (const f of files) {
      const content = (await import('node:fs')).readFileSync(f.abs);
      const got = result.get(f.path);
      expect(got?.hash, f.path).toBe(sha(content));
      if (f.path === 'image.bin') expect(got).toMatchObject({ binary: true, tokens: 0 });
      else
        expect(got, f.path).toMatchObject({ binary: false, tokens: countTokens(content.toString('utf8')) });
    }
    expect(result.get('empty.txt')?.tokens).toBe(0);
    expect(result.get('late-nul.txt')?.tokens).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual([files.length, files.length]);
    expect(listing(project).map((f) => f.path)).toEqual(before);
  });

  it('answers a warm reopen from the stat cache without reading files', async () => {
    const cacheDir = path.join(tmp, 'cache-warm');
    const files = listing(project);
    const first = await service(cacheDir).countFiles(files, { root: project });
    // Same size, same (old) mtime, different content: only a cache that does not read keeps the old count.
    const target = files.find((f) => f.path.endsWith('f1.ts')) as FileToCount;
    const old = statSync(target.abs);
    writeOld(target.abs, 'x'.repeat(old.size), old.mtimeMs / 1000);
    expect(statSync(target.abs).mtimeMs).toBe(old.mtimeMs);
    const warm = await service(cacheDir).countFiles(listing(project), { root: project });
    expect(warm.get(target.path)).toEqual(first.get(target.path));
    // A changed mtime is a changed file: counted again.
    writeOld(target.abs, 'x'.repeat(old.size), old.mtimeMs / 1000 + 5);
    const changed = await service(cacheDir).countFiles(listing(project), { root: project });
    expect(changed.get(target.path)?.tokens).toBe(countTokens('x'.repeat(old.size)));
    expect(changed.get(target.path)?.hash).toBe(sha('x'.repeat(old.size)));
  });

  it('reads a racily clean file again (modified within the timestamp granularity of its read)', async () => {
    const root = path.join(tmp, 'racy');
    const file = path.join(root, 'now.txt');
    mkdirSync(root, { recursive: true });
    writeFileSync(file, 'hello world');
    const cacheDir = path.join(tmp, 'cache-racy');
    const before = listing(root);
    const first = service(cacheDir);
    await first.countFiles(before, { root });
    await first.close(); // one file: written on close (see the next test)
    const mtime = statSync(file).mtime;
    writeFileSync(file, 'hello there');
    utimesSync(file, mtime, mtime);
    const again = await service(cacheDir).countFiles(listing(root), { root });
    expect(again.get('now.txt')?.hash).toBe(sha('hello there'));
  });

  it('writes its caches every SAVE_EVERY changes and on close, not after each new file', async () => {
    const cacheDir = path.join(tmp, 'cache-batched');
    const root = path.join(tmp, 'batched');
    const s = service(cacheDir);
    const statFile = statCacheFile(cacheDir, root, 'o200k_base');
    const storeFile = path.join(cacheDir, 'tokens', 'counts-o200k_base.v1.bin');
    const { readFileSync } = await import('node:fs');
    const saved = () => [readFileSync(statFile), readFileSync(storeFile)];
    // A first count of SAVE_EVERY files is written at once.
    for (let i = 0; i < SAVE_EVERY; i++) writeOld(path.join(root, `old${i}.txt`), `old file ${i}`);
    await s.countFiles(listing(root), { root });
    const first = saved();
    // New files one count at a time (the watcher's way): held until SAVE_EVERY changes wait.
    const counted = async (name: string) => {
      writeOld(path.join(root, name), `new file ${name}`);
      const [f] = listing(root).filter((x) => x.path === name);
      await s.countFiles([f as FileToCount], { root });
    };
    for (let i = 0; i < 3; i++) await counted(`new${i}.txt`);
    expect(saved()).toEqual(first);
    // close() writes them: a new service answers every file from the stat cache, reading none.
    await s.close();
    expect(saved()[0]).not.toEqual(first[0]);
    expect(saved()[1]).not.toEqual(first[1]);
    const progress: number[] = [];
    const all = listing(root);
    await service(cacheDir).countFiles(all, { root, onProgress: (done) => progress.push(done) });
    expect(progress[0]).toBe(all.length);
    // The SAVE_EVERY-th change writes without a close.
    const before = saved();
    for (let i = 0; i < SAVE_EVERY - 1; i++) await counted(`more${i}.txt`);
    expect(saved()).toEqual(before);
    await counted('last.txt');
    expect(saved()[0]).not.toEqual(before[0]);
  });

  it('ignores damaged cache files, counts correctly and rewrites them', async () => {
    const cacheDir = path.join(tmp, 'cache-corrupt');
    const files = listing(project);
    const good = await service(cacheDir).countFiles(files, { root: project });
    const statFile = statCacheFile(cacheDir, project, 'o200k_base');
    const storeFile = path.join(cacheDir, 'tokens', 'counts-o200k_base.v1.bin');
    const variants: Array<(b: Buffer) => Buffer> = [
      () => Buffer.from('not a cache'),
      (b) => b.subarray(0, b.length - 7),
      (b) => {
        const c = Buffer.from(b);
        c[c.length >> 1] = (c[c.length >> 1] ?? 0) ^ 0xff;
        return c;
      },
      () => Buffer.alloc(0),
    ];
    const { readFileSync } = await import('node:fs');
    for (const damage of variants) {
      writeFileSync(statFile, damage(readFileSync(statFile)));
      writeFileSync(storeFile, damage(readFileSync(storeFile)));
      const again = await service(cacheDir).countFiles(files, { root: project });
      expect(again).toEqual(good);
      // Rebuilt: a fresh service answers from the stat cache again.
      const warm = await service(cacheDir).countFiles(files, { root: project });
      expect(warm).toEqual(good);
    }
  });

  it('keeps encodings apart', async () => {
    const cacheDir = path.join(tmp, 'cache-enc');
    const files = listing(project).filter((f) => f.path.startsWith('pkg1/'));
    const o200k = await service(cacheDir, 'o200k_base').countFiles(files, { root: project });
    const cl100k = await service(cacheDir, 'cl100k_base').countFiles(files, { root: project });
    const { readFileSync } = await import('node:fs');
    let differ = 0;
    for (const f of files) {
      const text = readFileSync(f.abs, 'utf8');
      expect(o200k.get(f.path)?.tokens).toBe(countTokens(text, 'o200k_base'));
      expect(cl100k.get(f.path)?.tokens).toBe(countTokens(text, 'cl100k_base'));
      if (countTokens(text, 'o200k_base') !== countTokens(text, 'cl100k_base')) differ++;
    }
    expect(differ).toBeGreaterThan(0);
    const warm = await service(cacheDir, 'cl100k_base').countFiles(files, { root: project });
    expect(warm).toEqual(cl100k);
  });

  it('takes a count from the content-hash store when the stat cache misses', async () => {
    const cacheDir = path.join(tmp, 'cache-store');
    const root = path.join(tmp, 'store-project');
    writeOld(path.join(root, 'a.txt'), 'some text to count');
    const storeFile = path.join(cacheDir, 'tokens', 'counts-o200k_base.v1.bin');
    // A planted record proves the lookup goes by content hash, not by counting.
    const key = createHash('sha256').update('some text to count').digest();
    await saveCountCache(storeFile, await loadCountCache(undefined), [{ key, tokens: 424242 }], {
      cap: 10,
      day: today(),
    });
    const got = await service(cacheDir).countFiles(listing(root), { root });
    expect(got.get('a.txt')?.tokens).toBe(424242);
  });

  it('reports files that vanished or cannot be read, and does not cache them', async () => {
    const root = path.join(tmp, 'vanish');
    writeOld(path.join(root, 'here.txt'), 'here');
    writeOld(path.join(root, 'gone.txt'), 'gone');
    const files = listing(root);
    rmSync(path.join(root, 'gone.txt'));
    const s = service(path.join(tmp, 'cache-vanish'));
    const got = await s.countFiles([...files, { path: 'dir', abs: root, size: 0, mtimeMs: 0 }], { root });
    expect(got.get('gone.txt')).toEqual({
      tokens: 0,
      hash: '',
      binary: false,
      error: 'removed since it was listed',
    });
    expect(got.get('dir')).toMatchObject({ tokens: 0, error: 'is a folder' });
    expect(got.get('here.txt')?.tokens).toBe(countTokens('here'));
    const small = createTokenService({ cacheDir: null, threads: 1, maxFileBytes: 3 });
    open.push(small);
    const limited = await small.countFiles(files.filter((f) => f.path === 'here.txt'));
    expect(limited.get('here.txt')).toMatchObject({
      tokens: 0,
      error: expect.stringMatching(/^too large to count/),
    });
  });

  it('stops on abort', async () => {
    const files = listing(project);
    const s = service(null);
    const controller = new AbortController();
    controller.abort();
    await expect(s.countFiles(files, { signal: controller.signal })).rejects.toThrow();
    const late = new AbortController();
    const run = s.countFiles(files, { signal: late.signal, onProgress: (d) => d > 0 && late.abort() });
    await expect(run).rejects.toThrow();
    // The service still works afterwards.
    const ok = await s.countFiles(files.slice(0, 5));
    expect(ok.size).toBe(5);
  });

  it('queues many batches under one signal without a listener warning', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-many-batches-'));
    try {
      // 1,600 files: 13 batches of at most 128 files, all queued at once on the same signal.
      for (let i = 0; i < 1600; i++) writeFileSync(path.join(dir, `f${i}.txt`), `file ${i}\n`);
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.name);
      process.on('warning', onWarning);
      try {
        const counts = await service(null).countFiles(listing(dir), { signal: new AbortController().signal });
        expect(counts.size).toBe(1600);
        await new Promise((r) => setImmediate(r));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a cache folder keeps everything in memory', async () => {
    const s = service(null);
    const files = listing(project).slice(0, 20);
    const a = await s.countFiles(files, { root: project });
    const b = await s.countFiles(files, { root: project });
    expect(b).toEqual(a);
  });
});
