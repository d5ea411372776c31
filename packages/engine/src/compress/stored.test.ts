// A stored compression gives back exactly what compress gives (the text, level, reason, language
// and stats, keys in the same order), for every fixture at every level; what fails a check counts
// as not stored; and the compressor's version is pinned to its sources and grammars.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_SOURCES } from '../parse/grammars';
import { applyCompression } from './applied';
import { compress, compression } from './compress';
import { COMPRESS_VERSION, compressionFrom, compressionKey, storedCompression } from './stored';
import type { CompressOptions } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../../fixtures/compress');

const inputs = readdirSync(fixtures).flatMap((lang) =>
  readdirSync(path.join(fixtures, lang), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${lang}/${e.name}`),
);

const OPTIONS: CompressOptions[] = [
  { level: 'compact' },
  { level: 'signatures' },
  { level: 'signatures', stripComments: true, stripDocstrings: true },
  { level: 'outline' },
];

/** Through JSON, as the pack cache keeps it. */
const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('stored compressions', () => {
  it('give what compress gives, for every fixture at every level', async () => {
    let changed = 0;
    for (const rel of inputs) {
      const text = readFileSync(path.join(fixtures, rel), 'utf8');
      for (const options of OPTIONS) {
        const fresh = await compress(text, rel, options);
        const made = await compression(text, rel, options);
        const back = compressionFrom(roundTrip(storedCompression(made)), text, options);
        expect(back).toBeDefined();
        const stored = applyCompression(text, back!);
        expect(JSON.stringify(stored)).toBe(JSON.stringify(fresh));
        if (fresh.text !== text) changed++;
      }
    }
    // The fixtures do compress (the comparison above is not of unchanged texts only).
    expect(changed).toBeGreaterThan(inputs.length);
  });

  it('count as not stored when a check fails', async () => {
    const text = 'export function add(a: number, b: number) {\n  return a + b;\n}\n';
    const options: CompressOptions = { level: 'signatures' };
    const good = storedCompression(await compression(text, 'a.ts', options));
    expect(good.edits.length).toBeGreaterThan(0);
    expect(compressionFrom(roundTrip(good), text, options)).toBeDefined();
    const [first] = good.edits;
    for (const bad of [
      { ...good, edits: [[first![0], text.length + 1, '']] },
      {
        ...good,
        edits: [
          [5, 9, ''],
          [7, 12, ''],
        ],
      },
      { ...good, edits: [[9, 5, '']] },
      { ...good, edits: [[0, 1]] },
      { ...good, level: 'tiny' },
      { ...good, requested: 'outline' },
      { ...good, language: 'klingon' },
      { ...good, stats: [1, 2, 3] },
      { ...good, reason: 7 },
      null,
      'text',
    ])
      expect(compressionFrom(roundTrip(bad), text, options)).toBeUndefined();
  });

  it('are keyed by the text, the name, the level and the options', () => {
    const text = 'def f():\n    return 1\n';
    const key = compressionKey(text, 'a.py', { level: 'signatures' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    for (const other of [
      compressionKey(`${text} `, 'a.py', { level: 'signatures' }),
      compressionKey(text, 'b.py', { level: 'signatures' }),
      compressionKey(text, 'a.py', { level: 'outline' }),
      compressionKey(text, 'a.py', { level: 'signatures', stripComments: true }),
      compressionKey(text, 'a.py', { level: 'signatures', stripDocstrings: false }),
    ])
      expect(other).not.toBe(key);
    expect(compressionKey(text, 'a.py', { level: 'signatures' })).toBe(key);
  });
});

describe('the compressor version', () => {
  it('is bumped with every change to what compression gives (stored compressions of an older one are never applied)', () => {
    // What compression is made of: its sources, the syntax specs, the parser's loading, language
    // detection and the grammars' packages. When this hash changes, check whether compression can
    // give another text; if it can (or you cannot tell), raise COMPRESS_VERSION in stored.ts;
    // then record both here.
    const sources = (dir: string) =>
      readdirSync(path.join(here, dir))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => path.join(dir, f));
    const files = [
      ...sources('.'),
      ...sources('../syntax'),
      ...sources('../parse'),
      '../lang/languages.ts',
    ].sort();
    const hash = createHash('sha256');
    for (const f of files) hash.update(f).update(readFileSync(path.join(here, f)));
    // The grammars' and the runtime's versions, as the lockfile pins them.
    const lock = JSON.parse(readFileSync(path.join(here, '../../../../package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const pkgs = [...new Set(Object.values(GRAMMAR_SOURCES).map((s) => s.pkg)), 'web-tree-sitter'].sort();
    for (const pkg of pkgs) {
      const version = lock.packages[`node_modules/${pkg}`]?.version;
      expect(version, pkg).toBeDefined();
      hash.update(pkg).update(version!);
    }
    expect({ version: COMPRESS_VERSION, sources: hash.digest('hex').slice(0, 16) }).toEqual({
      version: 1,
      sources: '230113e08aef4490',
    });
  });
});
