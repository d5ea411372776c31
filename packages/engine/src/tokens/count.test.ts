// Token identity: our counts equal plain js-tiktoken's `encode(text).length` on a generated 1.5 MB
// corpus (code, prose in twelve scripts, U+FEFF, emoji and ZWJ sequences, CRLF, lone surrogates,
// very long lines, a 500 KB single line) and on real files from this repository and node_modules,
// for both encodings and with a memo small enough to churn. js-tiktoken's own encode is most of
// the time: the generated part was 5 MB (a 3 MB line), and every deliberately broken counter we
// tried that it caught, this one catches too (docs/decisions.md).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Tiktoken } from 'js-tiktoken/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Encoding } from '../types';
import { bpeLong, bpeShort } from './bpe';
import { type CorpusDoc, corpus } from './corpus';
import { byteString, countTokens, createCounter, decodeText, withoutCaptures } from './count';
import { buildRankTable, RankTable } from './rank-table';
import { encodingData, prebuiltRankTable, rankFile, rankSource, rankTableBytes } from './ranks';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const nodeModules = path.join(repo, 'node_modules');

function repoSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|md|json|yml)$/.test(e.name)) out.push(p);
    }
  };
  for (const top of ['packages', 'apps', 'docs']) walk(path.join(repo, top));
  return out.sort();
}

/** Real text: this repository, TypeScript's lib and localized messages, READMEs, C++ sources. */
function realDocs(): CorpusDoc[] {
  const picks = [
    'typescript/lib/lib.es5.d.ts',
    'typescript/lib/ja/diagnosticMessages.generated.json',
    'typescript/lib/ru/diagnosticMessages.generated.json',
    'typescript/lib/zh-cn/diagnosticMessages.generated.json',
    're2/lib/new.js',
    're2/vendor/re2/re2/re2.cc',
    're2/vendor/re2/re2/parse.cc',
    'picomatch/README.md',
    'semver/README.md',
    'qs/CHANGELOG.md',
    'node-gyp/gyp/docs/UserDocumentation.md',
    'zod/README.md',
  ].map((p) => path.join(nodeModules, p));
  const docs: CorpusDoc[] = [];
  for (const file of [...repoSources(), ...picks]) {
    try {
      if (statSync(file).isFile())
        docs.push({ name: path.relative(repo, file), text: decodeText(readFileSync(file)) });
    } catch {
      // A package layout may change between versions; the generated corpus carries the test.
    }
  }
  // Invalid UTF-8 (a native binary) decoded the way files are: U+FFFD for bad bytes.
  try {
    const bin = readFileSync(path.join(nodeModules, 're2/build/Release/re2.node')).subarray(0, 200_000);
    docs.push({ name: 're2.node (decoded)', text: decodeText(bin) });
  } catch {
    // Not built here: skip.
  }
  return docs;
}

/** encode(text).length; for text holding a special token (it throws) the plain-text count. */
function reference(enc: Tiktoken, text: string): number {
  try {
    return enc.encode(text).length;
  } catch {
    return enc.encode(text, [], []).length;
  }
}

const generated = corpus(20261129, 1_500_000, 500_000);
const real = realDocs();

describe.each(['o200k_base', 'cl100k_base'] as Encoding[])('%s', (encoding) => {
  let enc: Tiktoken;
  const expected = new Map<CorpusDoc, number>();
  beforeAll(() => {
    enc = new Tiktoken(rankFile(encoding));
  });

  it('uses exactly js-tiktoken ranks, and every single byte is a token', () => {
    const ours = encodingData(encoding).ranks;
    const theirs = (enc as unknown as { rankMap: Map<string, number> }).rankMap;
    expect(ours.size).toBe(theirs.size);
    for (const [key, rank] of theirs) {
      // Looked up inside a longer string, as byte-pair merging asks.
      const bytes = `\u00ff${String.fromCharCode(...key.split(',').map(Number))}\u0000`;
      const got = ours.rank(bytes, 1, bytes.length - 1);
      if (got !== rank) expect.fail(`rank of ${key}: ${got} != ${rank}`);
    }
    for (let b = 0; b < 256; b++) expect(ours.rank(String.fromCharCode(b), 0, 1)).toBeGreaterThanOrEqual(0);
    const listed = new Map(ours.entries());
    expect(listed.size).toBe(theirs.size);
    // Strings that are not tokens: near misses of real ones.
    let misses = 0;
    for (const [bytes] of listed) {
      for (const probe of [`${bytes}\u0000\u0000`, `\u0001${bytes}\u0001`]) {
        if (listed.has(probe)) continue;
        misses++;
        if (ours.rank(probe, 0, probe.length) !== -1) expect.fail(`${JSON.stringify(probe)} is not a token`);
      }
      if (misses > 50_000) break;
    }
    expect(misses).toBeGreaterThan(50_000);
    expect(ours.meta).toMatchObject({ encoding, source: rankSource() });
  });

  it('reads its serialized table back exactly (the form the CLI bundle ships)', () => {
    const bytes = rankTableBytes(encoding);
    const table = new RankTable(bytes);
    const ours = encodingData(encoding).ranks;
    expect([...table.entries()]).toEqual([...ours.entries()]);
    expect(table.meta).toEqual(ours.meta);
    // Unaligned input is copied, damaged input refused.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(new RankTable(shifted.subarray(1)).size).toBe(table.size);
    expect(() => new RankTable(bytes.subarray(0, bytes.length - 4))).toThrow(/truncated/);
    expect(() => new RankTable(new Uint8Array(64))).toThrow(/not a rank table/);
    // Ranks that are not the token indices are stored with the tokens.
    const meta = { ...table.meta, encoding: 'test' };
    const gaps = new RankTable(buildRankTable('x 5 MA== MQ==\nx 9 YWI=\n', meta));
    expect([...gaps.entries()]).toEqual([
      ['0', 5],
      ['1', 6],
      ['ab', 9],
    ]);
    expect(gaps.rank('xaby', 1, 3)).toBe(9);
    expect(gaps.rank('abc', 0, 3)).toBe(-1);
    expect(() => buildRankTable('x 0 MA== MA==\n', meta)).toThrow(/repeats/);
  });

  it('takes a prebuilt table beside a bundle only when it is whole and from the installed release', () => {
    const top = mkdtempSync(path.join(tmpdir(), 'loupe-ranks-'));
    const dist = path.join(top, 'dist');
    mkdirSync(dist);
    try {
      const chunk = pathToFileURL(path.join(dist, 'chunk.js')).href;
      const worker = pathToFileURL(path.join(dist, 'workers', 'x.js')).href;
      expect(prebuiltRankTable(encoding, chunk)).toBeUndefined();
      mkdirSync(path.join(dist, 'ranks'));
      const file = path.join(dist, 'ranks', `${encoding}.bin`);
      const bytes = rankTableBytes(encoding);
      writeFileSync(file, bytes);
      expect(prebuiltRankTable(encoding, chunk)?.size).toBe(encodingData(encoding).ranks.size);
      expect(prebuiltRankTable(encoding, worker)?.size).toBe(encodingData(encoding).ranks.size);
      expect(prebuiltRankTable(encoding, pathToFileURL(path.join(dist, 'x.ts')).href)).toBeUndefined();
      writeFileSync(file, bytes.subarray(0, 1000));
      expect(prebuiltRankTable(encoding, chunk)).toBeUndefined();
      const other = buildRankTable('x 0 MA==\n', {
        ...encodingData(encoding).ranks.meta,
        source: 'js-tiktoken@0.0.1',
      });
      writeFileSync(file, other);
      expect(prebuiltRankTable(encoding, chunk)).toBeUndefined();
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });

  it('matches encode(text).length on 1.5 MB of generated text and on real files', () => {
    const docs = [...generated, ...real];
    const bytes = (list: CorpusDoc[]) => list.reduce((n, d) => n + Buffer.byteLength(d.text), 0);
    expect(bytes(generated)).toBeGreaterThan(1_500_000);
    expect(bytes(real)).toBeGreaterThan(3_000_000);
    expect(generated.some((d) => Buffer.byteLength(d.text) >= 500_000 && !/[\r\n]/.test(d.text))).toBe(true);
    const counter = createCounter(encoding);
    const mismatches: string[] = [];
    for (const doc of docs) {
      const want = reference(enc, doc.text);
      expected.set(doc, want);
      const got = counter.count(doc.text);
      if (got !== want) mismatches.push(`${doc.name}: ${got} != ${want}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the same counts with a churning memo and through countTokens', () => {
    const tiny = createCounter(encoding, { memoEntries: 64, memoMaxLength: 4 });
    const mismatches: string[] = [];
    for (const [doc, want] of expected) {
      if (tiny.count(doc.text) !== want) mismatches.push(`${doc.name} (tiny memo)`);
      if (countTokens(doc.text, encoding) !== want) mismatches.push(`${doc.name} (countTokens)`);
    }
    expect(expected.size).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  });

  it('counts text holding special tokens as plain text, where encode(text) refuses it', () => {
    const text = 'a<|endoftext|>b <|endofprompt|>\n<|fim_prefix|> x <|endoftext|';
    expect(() => enc.encode(text)).toThrow(/special token/);
    expect(countTokens(text, encoding)).toBe(enc.encode(text, [], []).length);
  });

  it('handles the small corners exactly', () => {
    const cases = [
      '',
      ' ',
      '\uFEFF',
      '\uFEFFhello',
      'a\uFEFF b',
      '\uD800',
      '\uDC00\uD800',
      'x\uD83D',
      '👨‍👩‍👧‍👦',
      'e\u0301\u0301\u0301',
      '\r\n\r\n',
      '\r',
      '  \n  x',
      "it's WE'LL they'Re",
      '1234567',
      '\u0663\u0664\u0665\u0666',
      '\t\t\tfoo  ',
      'x'.repeat(1000),
      ' '.repeat(2000),
    ];
    for (const text of cases)
      expect(countTokens(text, encoding), JSON.stringify(text)).toBe(enc.encode(text).length);
  });

  it('merges long pieces with the heap exactly as with the flat array', () => {
    const { ranks, pattern } = encodingData(encoding);
    const splitter = new RegExp(pattern, 'gu');
    let compared = 0;
    for (const doc of generated.slice(0, 40)) {
      for (const m of doc.text.matchAll(splitter)) {
        const bytes = byteString(m[0]);
        if (bytes.length < 2 || bytes.length > 400) continue;
        compared++;
        if (bpeLong(bytes, ranks) !== bpeShort(bytes, ranks)) expect.fail(`piece ${JSON.stringify(m[0])}`);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('withoutCaptures', () => {
  it('makes groups non-capturing and leaves escapes, classes and other groups alone', () => {
    expect(withoutCaptures("('s|'t)?[(x)]\\(a\\)(?:b)(?!c)(d)")).toBe(
      "(?:'s|'t)?[(x)]\\(a\\)(?:b)(?!c)(?:d)",
    );
    for (const encoding of ['o200k_base', 'cl100k_base'] as Encoding[]) {
      const source = withoutCaptures(encodingData(encoding).pattern);
      expect(new RegExp(`${source}|`, 'u').exec('x')!.length).toBe(1); // no groups left
    }
  });
});

describe('byteString', () => {
  it('is the UTF-8 of the piece, U+FFFD for lone surrogates', () => {
    for (const s of ['abc', 'é', '😀', '\uD800', 'a\uDFFFb', '\uFEFF']) {
      expect(Buffer.from(byteString(s), 'latin1')).toEqual(Buffer.from(new TextEncoder().encode(s)));
    }
  });
});
