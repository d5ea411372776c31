import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { projectStateDir } from '../state/state-file';
import { countTokens } from '../tokens/count';
import { Workspace } from './workspace';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-ws-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(): string {
  const dir = path.join(work, `p${Math.random().toString(36).slice(2)}`);
  const files: Record<string, string> = {
    '.gitignore': 'dist/\n',
    'README.md': '# Hello\n\nA small project.\n',
    'src/a.ts': 'export const a = 1;\n',
    'src/lib/b.ts': 'export function b(x: number) { return x * 2; }\n',
    'dist/out.js': 'ignored',
    'img.png': 'binary by name',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('Workspace', () => {
  it('indexes the visible files and counts tokens exactly in the background', async () => {
    const dir = project();
    const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      expect(ws.index.all().map((e) => e.path)).toEqual([
        '.gitignore',
        'README.md',
        'img.png',
        'src/a.ts',
        'src/lib/b.ts',
      ]);
      await ws.tokensReady;
      expect(ws.index.get('src/lib/b.ts')?.tokens).toBe(
        countTokens('export function b(x: number) { return x * 2; }\n'),
      );
      expect(ws.index.get('img.png')?.tokens).toBeUndefined();
      expect(ws.index.get('src/a.ts')?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(ws.hidden.map((h) => h.path)).toEqual(['dist']);
    } finally {
      await ws.close();
    }
  });

  it('summarizes the focus: everything when nothing is ticked, then the ticked part, and missing paths', async () => {
    const dir = project();
    const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      await ws.tokensReady;
      const all = ws.focusSummary();
      expect(all).toMatchObject({ revision: 0, everything: true, files: 5, totalFiles: 5, missing: [] });
      ws.toggleFocus('src', true);
      ws.toggleFocus('gone/file.ts', true);
      const some = ws.focusSummary();
      expect(some).toMatchObject({ revision: 2, everything: false, files: 2, missing: ['gone/file.ts'] });
      expect(some.tokens).toBe(
        (ws.index.get('src/a.ts')?.tokens ?? 0) + (ws.index.get('src/lib/b.ts')?.tokens ?? 0),
      );
      expect(ws.focusedFiles().map((f) => f.path)).toEqual(['src/a.ts', 'src/lib/b.ts']);
    } finally {
      await ws.close();
    }
  });

  it('persists the focus per project and continues its revisions after a reopen', async () => {
    const dir = project();
    const stateDir = path.join(work, 'state');
    const first = await Workspace.open(dir, { stateDir, cacheDir: null, countTokens: false });
    first.toggleFocus('src/lib', true);
    first.toggleFocus('README.md', true);
    await first.close();
    const second = await Workspace.open(dir, { stateDir, cacheDir: null, countTokens: false });
    expect(second.focus.snapshot).toEqual({ revision: 2, include: ['README.md', 'src/lib'], exclude: [] });
    second.toggleFocus('src/lib', false);
    expect(second.focus.snapshot.revision).toBe(3);
    await second.close();
  });

  it('sets a corrupt focus file aside and holds nothing, never the whole project (state/damage.test.ts)', async () => {
    const dir = project();
    const stateDir = path.join(work, 'state2');
    const ws0 = await Workspace.open(dir, { stateDir, cacheDir: null, countTokens: false });
    const file = path.join(projectStateDir(stateDir, ws0.root), 'focus.json');
    await ws0.close();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version":1,"revision":"x"');
    const ws = await Workspace.open(dir, { stateDir, cacheDir: null, countTokens: false, openDamaged: true });
    expect(ws.focus.snapshot.revision).toBe(0);
    expect(ws.focusedFiles()).toEqual([]);
    expect(ws.damage.notices().join(' ')).toMatch(/focus\.json\) could not be read/);
    await ws.close();
  });
});

describe('Workspace.setEncoding', () => {
  it('counts again in the new encoding (js-tiktoken agrees); files, hashes and focus stay', async () => {
    const dir = project();
    // Text the two encodings split differently, so a count left over from o200k would show.
    writeFileSync(path.join(dir, 'src/words.md'), 'Größenänderung — 東京都の天気は晴れです。 '.repeat(20));
    const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      await ws.tokensReady;
      ws.toggleFocus('src', true);
      const revision = ws.focus.snapshot.revision;
      const hashes = ws.index.all().map((e) => e.hash);
      const cl100k = getEncoding('cl100k_base');
      const o200k = getEncoding('o200k_base');
      const text = readFileSync(path.join(dir, 'src/words.md'), 'utf8');
      expect(cl100k.encode(text).length).not.toBe(o200k.encode(text).length);
      expect(ws.index.get('src/words.md')?.tokens).toBe(o200k.encode(text).length);
      let changes = 0;
      ws.onDidChangeIndex(() => changes++);

      await ws.setEncoding('cl100k_base');
      expect(ws.encoding).toBe('cl100k_base');
      expect(changes).toBeGreaterThan(0); // the old counts are gone at once (the window shows counting)
      await ws.tokensReady;
      for (const e of ws.index.all()) {
        if (e.flag) continue;
        const raw = readFileSync(path.join(dir, e.path), 'utf8');
        expect(e.tokens, e.path).toBe(cl100k.encode(raw, [], []).length);
      }
      expect(ws.index.all().map((e) => e.hash)).toEqual(hashes);
      expect(ws.focus.snapshot.revision).toBe(revision);
      expect(ws.content.encoding).toBe('cl100k_base');
      const read = await ws.content.read(
        ws.index.get('src/words.md')!,
        { path: 'src/words.md' },
        ws.newMaskSession(),
      );
      expect(read.kind === 'content' && read.tokens).toBe(cl100k.encode(text, [], []).length);
    } finally {
      await ws.close();
    }
  });
});
