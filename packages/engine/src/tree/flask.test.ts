// The agent form's cost target on a real project's file list (flask's 236 tracked paths, from
// `git ls-tree -r --name-only HEAD` at pallets/flask 2ac89889, April 2026), and a 100k-path tree.
import { readFileSync } from 'node:fs';
import { compareBytewise } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { countO200k } from './count';
import { seeded } from './fixtures/random';
import { buildTree } from './model';
import { parseMarkdownTree } from './parse';
import { renderTree } from './render';

const flask = readFileSync(new URL('./fixtures/flask-paths.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n');

describe('flask', () => {
  it('costs at most 1,000 o200k tokens in the markdown form and parses back exactly', () => {
    expect(flask).toHaveLength(236);
    const text = renderTree(buildTree(flask.map((path) => ({ path })))).text;
    const tokens = countO200k(text);
    expect(tokens).toBeLessThanOrEqual(1000);
    expect(parseMarkdownTree(text).files.sort(compareBytewise)).toEqual(flask);
  });

  it('a quarter of a 32k pack budget holds the whole tree; a 300-token cap keeps every top folder', () => {
    const model = buildTree(flask.map((path) => ({ path })));
    expect(renderTree(model, { maxTokens: 8000 }).leftOut).toEqual({ folders: 0, files: 0 });
    const small = renderTree(model, { maxTokens: 300 });
    expect(small.tokens).toBeLessThanOrEqual(300);
    const top = parseMarkdownTree(small.text);
    for (const name of ['.devcontainer', '.github', 'docs', 'examples', 'src', 'tests'])
      expect(top.folders).toContain(name);
  });
});

describe('100k paths', () => {
  it('builds and renders every form with exact counts; the markdown form round-trips', () => {
    const rnd = seeded(3);
    const paths = new Set<string>();
    for (let i = 0; paths.size < 100_000; i++) {
      const depth = 1 + Math.floor(rnd() * 6);
      const segs = Array.from({ length: depth }, (_, d) => `dir${Math.floor(rnd() * (d < 2 ? 8 : 20))}`);
      paths.add(`${segs.join('/')}/file_${i}.ts`);
    }
    const sorted = [...paths].sort(compareBytewise);
    const model = buildTree(sorted.map((path, i) => ({ path, tokens: i % 997, size: i })));
    expect(model.root.fileCount).toBe(100_000);
    expect(model.root.tokens).toBe(sorted.reduce((s, _, i) => s + (i % 997), 0));
    const md = renderTree(model, { fields: ['tokens'] });
    expect(parseMarkdownTree(md.text).files.sort(compareBytewise)).toEqual(sorted);
    for (const format of ['ascii', 'json', 'xml'] as const)
      expect(renderTree(model, { format }).shown.files).toBe(100_000);
    const capped = renderTree(model, { maxTokens: 8000 });
    expect(capped.tokens).toBeLessThanOrEqual(8000);
    expect(capped.shown.files + capped.leftOut.files).toBe(100_000);
    expect(parseMarkdownTree(capped.text).markers.reduce((s, m) => s + m.files + m.folders, 0)).toBe(
      capped.leftOut.files + capped.leftOut.folders,
    );
  });
});
