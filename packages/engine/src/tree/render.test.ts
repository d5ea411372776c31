// Golden renderings of a small project in every form, with and without fields, and the options
// (subtree, depth, entry cap) on it. Hand-checked; a change here is a change of the format.
import { describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { SAMPLE } from './fixtures/sample';
import { buildTree } from './model';
import { renderTree } from './render';

const model = buildTree(SAMPLE);
const ALL = ['tokens', 'size', 'received'] as const;
const lines = (...l: string[]) => l.join('\n');

describe('renderTree goldens', () => {
  it('markdown', () => {
    expect(renderTree(model).text).toBe(
      lines(
        '.github/workflows/ ci.yml',
        'docs/',
        ' guide/ intro.md setup.md',
        ' index.md',
        'src/',
        ' lib/ "my file.ts" util.ts',
        ' app.ts main.ts',
        'README.md package.json',
      ),
    );
  });

  it('markdown with every field', () => {
    expect(renderTree(model, { fields: ALL }).text).toBe(
      lines(
        '.github/workflows/ (120 tok, 400 B) ci.yml (120 tok, 400 B)',
        'docs/ (1.3k tok, 4.9 KiB, 1 received)',
        ' guide/ (1.2k tok, 4.7 KiB, 1 received) intro.md (500 tok, 2 KiB) setup.md (700 tok, 2.7 KiB, received, changed since)',
        ' index.md (50 tok, 200 B)',
        'src/ (2.4k tok, 9.5 KiB, 1 received)',
        ' lib/ (820 tok, 3.2 KiB) "my file.ts" (20 tok, 80 B) util.ts (800 tok, 3.1 KiB)',
        ' app.ts (1.5k tok, 5.9 KiB, received) main.ts (100 tok, 400 B)',
        'README.md (300 tok, 1.2 KiB, received) package.json (200 tok, 800 B)',
      ),
    );
  });

  it('markdown emits only the fields asked for, in canonical order', () => {
    const text = renderTree(model, { fields: ['received', 'tokens'] }).text;
    expect(text.split('\n')[0]).toBe('.github/workflows/ (120 tok) ci.yml (120 tok)');
    expect(text).toContain('setup.md (700 tok, received, changed since)');
    expect(text).not.toMatch(/KiB| B\b/);
  });

  it('ascii', () => {
    expect(renderTree(model, { format: 'ascii' }).text).toBe(
      lines(
        '.',
        '├── .github/',
        '│   └── workflows/',
        '│       └── ci.yml',
        '├── docs/',
        '│   ├── guide/',
        '│   │   ├── intro.md',
        '│   │   └── setup.md',
        '│   └── index.md',
        '├── src/',
        '│   ├── lib/',
        '│   │   ├── my file.ts',
        '│   │   └── util.ts',
        '│   ├── app.ts',
        '│   └── main.ts',
        '├── README.md',
        '└── package.json',
      ),
    );
  });

  it('ascii with tokens and a root name', () => {
    const text = renderTree(model, { format: 'ascii', fields: ['tokens'], rootName: 'sample' }).text;
    expect(text.split('\n').slice(0, 5)).toEqual([
      'sample (4.3k tok)',
      '├── .github/ (120 tok)',
      '│   └── workflows/ (120 tok)',
      '│       └── ci.yml (120 tok)',
      '├── docs/ (1.3k tok)',
    ]);
  });

  it('json', () => {
    expect(JSON.parse(renderTree(model, { format: 'json', fields: ALL, path: 'src' }).text)).toEqual({
      path: 'src',
      total: { folders: 1, files: 4 },
      tokens: 2420,
      size: 9680,
      received: 1,
      children: [
        {
          name: 'lib',
          tokens: 820,
          size: 3280,
          children: [
            { name: 'my file.ts', tokens: 20, size: 80 },
            { name: 'util.ts', tokens: 800, size: 3200 },
          ],
        },
        { name: 'app.ts', tokens: 1500, size: 6000, received: 'unchanged' },
        { name: 'main.ts', tokens: 100, size: 400 },
      ],
    });
    expect(renderTree(model, { format: 'json' }).text).toBe(
      '{"path":"","total":{"folders":6,"files":10},"children":[{"name":".github","children":[{"name":"workflows","children":[{"name":"ci.yml"}]}]},{"name":"docs","children":[{"name":"guide","children":[{"name":"intro.md"},{"name":"setup.md"}]},{"name":"index.md"}]},{"name":"src","children":[{"name":"lib","children":[{"name":"my file.ts"},{"name":"util.ts"}]},{"name":"app.ts"},{"name":"main.ts"}]},{"name":"README.md"},{"name":"package.json"}]}',
    );
  });

  it('xml', () => {
    expect(renderTree(model, { format: 'xml', fields: ['tokens', 'received'], path: 'docs' }).text).toBe(
      lines(
        '<tree path="docs" folders="1" files="3" tokens="1250" received="1">',
        ' <folder name="guide" tokens="1200" received="1">',
        '  <file name="intro.md" tokens="500"/>',
        '  <file name="setup.md" tokens="700" received="changed"/>',
        ' </folder>',
        ' <file name="index.md" tokens="50"/>',
        '</tree>',
      ),
    );
  });
});

describe('names', () => {
  it('quotes exactly the names that need it, as one visible line', () => {
    const names = [
      'plain.ts',
      'a b',
      'a,b',
      '"q',
      'x"y',
      '…',
      '(p)',
      'new\nline',
      'ls\u2028x',
      'nb\u00a0sp',
      '```',
      'é😀',
      '-',
    ];
    const m = buildTree(
      names.map((n) => ({ path: `d/${n}` })).concat([{ path: '(f)/x' }, { path: 'a b/x' }]),
    );
    expect(renderTree(m).text).toBe(
      lines(
        '(f)/ x',
        '"a b"/ x',
        String.raw`d/ "\"q" "(p)" - "${'```'}" "a b" a,b "ls\u2028x" "nb\u00a0sp" "new\nline" plain.ts x"y é😀 "…"`,
      ),
    );
    const ascii = renderTree(m, { format: 'ascii' }).text;
    expect(ascii).toContain('├── a b\n');
    expect(ascii).toContain('├── "new\\nline"\n');
    expect(ascii).toContain('├── "\\"q"\n');
  });

  it('an empty tree renders in every form, capped or not', () => {
    const empty = buildTree([]);
    expect(renderTree(empty).text).toBe('');
    expect(renderTree(empty, { format: 'ascii', rootName: 'p' }).text).toBe('p');
    expect(JSON.parse(renderTree(empty, { format: 'json', maxTokens: 10 }).text)).toEqual({
      path: '',
      total: { folders: 0, files: 0 },
      children: [],
    });
    expect(renderTree(empty, { format: 'xml', depth: 0 }).text).toBe(
      '<tree path="" folders="0" files="0">\n</tree>',
    );
  });
});

describe('renderTree options', () => {
  it('a subtree starts with its path as the header and keeps paths relative to the root', () => {
    expect(renderTree(model, { path: 'src', fields: ['tokens'] }).text).toBe(
      lines(
        'src/ (2.4k tok)',
        ' lib/ (820 tok) "my file.ts" (20 tok) util.ts (800 tok)',
        ' app.ts (1.5k tok) main.ts (100 tok)',
      ),
    );
    expect(renderTree(model, { path: 'docs/guide/' }).text).toBe('docs/guide/ intro.md setup.md');
    expect(renderTree(model, { path: '.github' }).text).toBe('.github/workflows/ ci.yml');
    expect(renderTree(model, { format: 'ascii', path: 'docs/guide' }).text).toBe(
      lines('docs/guide/', '├── intro.md', '└── setup.md'),
    );
  });

  it('depth keeps whole levels and marks each cut folder with what it holds', () => {
    const r = renderTree(model, { depth: 1 });
    expect(r.text).toBe(
      lines(
        '.github/ … 2 more (1 folder, 1 file)',
        'docs/ … 4 more (1 folder, 3 files)',
        'src/ … 5 more (1 folder, 4 files)',
        'README.md package.json',
        '… 11 of 16 entries left out (3 folders, 8 files): depth 1',
      ),
    );
    expect(r).toMatchObject({
      shown: { folders: 3, files: 2 },
      leftOut: { folders: 3, files: 8 },
      by: ['depth'],
    });
    expect(renderTree(model, { format: 'ascii', depth: 1 }).text).toBe(
      lines(
        '.',
        '├── .github/',
        '│   └── … 2 more (1 folder, 1 file)',
        '├── docs/',
        '│   └── … 4 more (1 folder, 3 files)',
        '├── src/',
        '│   └── … 5 more (1 folder, 4 files)',
        '├── README.md',
        '└── package.json',
        '… 11 of 16 entries left out (3 folders, 8 files): depth 1',
      ),
    );
    const deep = renderTree(model, { depth: 3 });
    expect(deep.by).toEqual([]);
    expect(deep.text).toBe(renderTree(model).text);
  });

  it('an entry cap takes levels breadth first and folders in turns', () => {
    const r = renderTree(model, { maxEntries: 7 });
    expect(r.text).toBe(
      lines(
        '.github/workflows/ … 1 more file',
        'docs/',
        ' guide/ … 2 more files',
        ' … 1 more file',
        'src/ … 5 more (1 folder, 4 files)',
        'README.md package.json',
        '… 9 of 16 entries left out (1 folder, 8 files): 7-entry cap',
      ),
    );
    expect(renderTree(model, { format: 'xml', maxEntries: 7 }).text).toBe(
      lines(
        '<tree path="" folders="6" files="10">',
        ' <folder name=".github">',
        '  <folder name="workflows">',
        '   <omitted folders="0" files="1"/>',
        '  </folder>',
        ' </folder>',
        ' <folder name="docs">',
        '  <folder name="guide">',
        '   <omitted folders="0" files="2"/>',
        '  </folder>',
        '  <omitted folders="0" files="1"/>',
        ' </folder>',
        ' <folder name="src">',
        '  <omitted folders="1" files="4"/>',
        ' </folder>',
        ' <file name="README.md"/>',
        ' <file name="package.json"/>',
        ' <left-out folders="1" files="8" by="max-entries"/>',
        '</tree>',
      ),
    );
    expect(
      JSON.parse(renderTree(model, { format: 'json', maxEntries: 7, path: 'docs', depth: 1 }).text),
    ).toEqual({
      path: 'docs',
      total: { folders: 1, files: 3 },
      leftOut: { folders: 0, files: 2, by: ['depth'] },
      children: [{ name: 'guide', children: [], omitted: { folders: 0, files: 2 } }, { name: 'index.md' }],
    });
  });

  it('depth 0 and a zero entry cap show only what is left out', () => {
    expect(renderTree(model, { depth: 0 }).text).toBe(
      lines('… 16 more (6 folders, 10 files)', '… 16 of 16 entries left out (6 folders, 10 files): depth 0'),
    );
    expect(renderTree(model, { maxEntries: 0, path: 'src' }).text).toBe(
      lines(
        'src/ … 5 more (1 folder, 4 files)',
        '… 5 of 5 entries left out (1 folder, 4 files): 0-entry cap',
      ),
    );
  });

  it('names both limits when both cut', () => {
    const r = renderTree(model, { depth: 2, maxEntries: 3 });
    expect(r.by).toEqual(['depth', 'max-entries']);
    expect(r.text.split('\n').at(-1)).toBe(
      '… 13 of 16 entries left out (3 folders, 10 files): depth 2, 3-entry cap',
    );
  });

  it.each([
    [{ path: 'nope' }, 'not-found'],
    [{ path: 'README.md' }, 'not-a-directory'],
    [{ depth: -1 }, 'invalid-argument'],
    [{ depth: 1.5 }, 'invalid-argument'],
    [{ maxTokens: 0 }, 'invalid-argument'],
    [{ maxEntries: Number.NaN }, 'invalid-argument'],
    [{ format: 'yaml' }, 'invalid-argument'],
    [{ fields: ['mtime'] }, 'invalid-argument'],
  ])('refuses %j with one sentence', (options, code) => {
    try {
      renderTree(model, options as never);
      expect.unreachable();
    } catch (error) {
      expect(isLoupeError(error) && error.code).toBe(code);
      expect((error as Error).message).toMatch(/^[^\n]+\.$/);
    }
  });

  it('renders a 3,000-level chain in every form', () => {
    const path = `${Array.from({ length: 3000 }, (_, i) => `d${i}`).join('/')}/f`;
    const deep = buildTree([{ path }, { path: 'x' }]);
    expect(renderTree(deep).text).toBe(`${path.slice(0, -1)} f\nx`);
    expect(JSON.parse(renderTree(deep, { format: 'json' }).text).total).toEqual({ folders: 3000, files: 2 });
    expect(renderTree(deep, { format: 'xml' }).text).toContain('<file name="f"/>');
    expect(renderTree(deep, { format: 'ascii' }).text).toContain('└── f');
    expect(renderTree(deep, { maxTokens: 50_000 }).text).toBe(`${path.slice(0, -1)} f\nx`);
  });
});
