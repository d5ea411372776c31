// The markdown form is unambiguous: for generated trees full of hostile names it parses back to
// exactly the path list (and folder list), with and without fields, for the whole tree and for
// subtrees. The other forms keep every name intact and on one line.

import { compareBytewise } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { HOSTILE_NAMES, randomEntries, seeded } from './fixtures/random';
import { buildTree, type TreeModel } from './model';
import { parseMarkdownTree } from './parse';
import { renderTree } from './render';

const sorted = (a: string[]) => [...a].sort(compareBytewise);

function foldersOf(model: TreeModel, under = ''): string[] {
  return model.folders
    .map((f) => f.path)
    .filter((p) => p && (under === '' || p === under || p.startsWith(`${under}/`)));
}

/** Reads the xml form back (one element per line, as it is written). */
function xmlPaths(text: string): string[] {
  const decode = (v: string) =>
    v.replace(/&(amp|lt|gt|quot|#x[0-9A-F]+);/g, (_, e: string) =>
      e === 'amp'
        ? '&'
        : e === 'lt'
          ? '<'
          : e === 'gt'
            ? '>'
            : e === 'quot'
              ? '"'
              : String.fromCharCode(Number.parseInt(e.slice(2), 16)),
    );
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*<(tree|folder|file|\/folder|\/tree|omitted|left-out) ?(?:(?:path|name)="([^"]*)")?/.exec(
      line,
    );
    if (!m) throw new Error(`unexpected xml line ${JSON.stringify(line)}`);
    const name = decode(m[2] ?? '');
    if (m[1] === 'tree') stack.push(name);
    else if (m[1] === 'folder') stack.push(stack.at(-1) ? `${stack.at(-1)}/${name}` : name);
    else if (m[1] === '/folder') stack.pop();
    else if (m[1] === 'file') out.push(stack.at(-1) ? `${stack.at(-1)}/${name}` : name);
  }
  return out;
}

interface JsonNode {
  name: string;
  children?: JsonNode[];
}

function jsonPaths(text: string): string[] {
  const top = JSON.parse(text) as { path: string; children: JsonNode[] };
  const out: string[] = [];
  const walk = (dir: string, nodes: JsonNode[]) => {
    for (const n of nodes) {
      const p = dir ? `${dir}/${n.name}` : n.name;
      if (n.children) walk(p, n.children);
      else out.push(p);
    }
  };
  walk(top.path, top.children);
  return out;
}

describe('markdown round trip', () => {
  it('every hostile name alone, as a file and as a folder', () => {
    for (const name of HOSTILE_NAMES) {
      const paths = [name, `${name}.d/${name}`, `${name}/x`].filter((p, i, a) => a.indexOf(p) === i);
      const entries = paths
        .filter((p) => !paths.some((q) => q.startsWith(`${p}/`)))
        .map((path) => ({ path }));
      const model = buildTree(entries);
      const text = renderTree(model).text;
      const parsed = parseMarkdownTree(text);
      expect(sorted(parsed.files), text).toEqual(sorted(entries.map((e) => e.path)));
      expect(sorted(parsed.folders), text).toEqual(sorted(foldersOf(model)));
    }
  });

  it('400 generated trees with hostile names, with and without fields, whole and as subtrees', () => {
    const rnd = seeded(20260412);
    for (let t = 0; t < 400; t++) {
      const entries = randomEntries(rnd, { files: 1 + Math.floor(rnd() * 40), maxDepth: 4, hostile: true });
      const model = buildTree(entries);
      const fields = rnd() < 0.5 ? (['tokens', 'size', 'received'] as const) : [];
      const text = renderTree(model, { fields }).text;
      const parsed = parseMarkdownTree(text);
      expect(sorted(parsed.files), text).toEqual(sorted(entries.map((e) => e.path)));
      expect(sorted(parsed.folders), text).toEqual(sorted(foldersOf(model)));
      expect(parsed.markers).toEqual([]);
      if (fields.length) expect(parsed.fields.size).toBe(entries.length);

      const folders = foldersOf(model);
      if (folders.length) {
        const sub = folders[Math.floor(rnd() * folders.length)]!;
        const subText = renderTree(model, { path: sub, fields }).text;
        const back = parseMarkdownTree(subText);
        const expected = entries.map((e) => e.path).filter((p) => p.startsWith(`${sub}/`));
        expect(sorted(back.files), subText).toEqual(sorted(expected));
        // The header names the subtree's own path segments too.
        expect(sorted(back.folders)).toEqual(
          sorted([
            ...sub
              .split('/')
              .map((_, i, s) => s.slice(0, i + 1).join('/'))
              .slice(0, -1),
            ...foldersOf(model, sub),
          ]),
        );
      }

      // The other forms: every name survives, and the people's form keeps one entry per line.
      expect(sorted(jsonPaths(renderTree(model, { format: 'json', fields }).text))).toEqual(
        sorted(entries.map((e) => e.path)),
      );
      expect(sorted(xmlPaths(renderTree(model, { format: 'xml', fields }).text))).toEqual(
        sorted(entries.map((e) => e.path)),
      );
      const ascii = renderTree(model, { format: 'ascii' }).text.split('\n');
      expect(ascii.length).toBe(1 + model.root.fileCount + model.root.folderCount);
    }
  });

  it('rejects text that is not a tree rendering', () => {
    expect(() => parseMarkdownTree('"unterminated')).toThrow(/unterminated/);
    expect(() => parseMarkdownTree('  a')).toThrow(/indented below no folder/);
    expect(() => parseMarkdownTree('a/ b c/d')).toThrow(/folder name inside a list of files/);
  });
});
