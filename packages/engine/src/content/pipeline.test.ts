import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { ContentPipeline } from './pipeline';
import type { ProcessedFile } from './process';
import { sliceLines } from './select';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-content-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A GitHub token shape Gitleaks' rules recognise; assembled so this file holds no literal secret.
const TOKEN = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
const ARMOR = (edge: string) => `${'-'.repeat(5)}${edge} RSA PRIVATE KEY${'-'.repeat(5)}`;
const PEM_BODY = Array.from({ length: 4 }, (_, i) => `${'MIIEowIBAAKCAQEA'}${String(i).repeat(48)}`).join(
  '\n',
);

const files: Record<string, string> = {
  '.env': `DB_HOST=db.internal\nDB_PASSWORD=s3cr3t-Value-4242\nGITHUB_TOKEN=${TOKEN}\n`,
  'src/settings.ts': `export const token = "${TOKEN}";\nexport const host = "db.internal";\n`,
  'src/cart.ts': [
    '/** A shopping cart. */',
    'export class Cart {',
    '  private items: string[] = [];',
    '',
    '  add(item: string): number {',
    '    this.items.push(item);',
    '    return this.items.length;',
    '  }',
    '',
    '  total(): number {',
    '    return this.items.length * 2;',
    '  }',
    '}',
    '',
    'export function add(a: number, b: number): number {',
    '  return a + b;',
    '}',
    '',
    'export class Till {',
    '  total(): number {',
    '    return 0;',
    '  }',
    '}',
    '',
  ].join('\n'),
  // The armour lines are assembled too, so the masking false-positive test (which scans these
  // sources) never sees a key block here.
  'key.pem': `${ARMOR('BEGIN')}\n${PEM_BODY}\n${ARMOR('END')}\nafter = 1\n`,
  'bin.dat': 'abc\0def',
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
  writeFileSync(path.join(work, rel), text);
}

const entry = (p: string) => ({ path: p, size: Buffer.byteLength(files[p] ?? '') });
const content = (r: ProcessedFile) => {
  if (r.kind !== 'content') throw new Error(`expected content, got ${r.kind}: ${JSON.stringify(r)}`);
  return r;
};

describe('content pipeline', () => {
  const pipeline = new ContentPipeline(work);

  it('masks values, keeps keys, numbers the same value the same way across files of one session', async () => {
    const session = new MaskSession();
    const env = content(await pipeline.read(entry('.env'), {}, session));
    expect(env.text).toContain('DB_HOST=db.internal\n');
    expect(env.text).not.toContain('s3cr3t-Value-4242');
    expect(env.text).not.toContain(TOKEN);
    const ts = content(await pipeline.read(entry('src/settings.ts'), {}, session));
    const placeholder = (t: string) =>
      /LOUPE_REDACTED\[[^\]]+\]/.exec(
        t.split('\n').find((l) => l.includes('REDACTED') && /(TOKEN|token)/.test(l))!,
      )?.[0];
    expect(placeholder(env.text)).toBeDefined();
    expect(placeholder(ts.text)).toBe(placeholder(env.text));
    expect(env.findings.length).toBeGreaterThanOrEqual(2);
    expect(env.tokens).toBe(countTokens(env.text));
    expect(env.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps line numbers when a multi-line value is masked', async () => {
    const r = content(await pipeline.read(entry('key.pem'), {}, new MaskSession()));
    expect(r.text).not.toContain('MIIEowIBAAKCAQEA');
    expect(r.text.split('\n').length).toBe(files['key.pem']!.split('\n').length);
    expect(sliceLines(r.text, 7, 7)).toBe('after = 1\n');
  });

  it('reads a line range, with the file line count', async () => {
    const r = content(
      await pipeline.read(entry('src/cart.ts'), { lines: { start: 5, end: 8 } }, new MaskSession()),
    );
    expect(r.text).toBe(
      '  add(item: string): number {\n    this.items.push(item);\n    return this.items.length;\n  }\n',
    );
    expect(r.range).toEqual({ start: 5, end: 8, total: 23 });
  });

  it('reads one declaration by qualified name, with its doc comment, and refuses ambiguous or unknown names with candidates', async () => {
    const s = new MaskSession();
    const r = content(await pipeline.read(entry('src/cart.ts'), { symbol: 'Cart.total' }, s));
    expect(r.text).toBe('  total(): number {\n    return this.items.length * 2;\n  }\n');
    expect(r.symbol?.qualifiedName).toBe('Cart.total');
    const cls = content(await pipeline.read(entry('src/cart.ts'), { symbol: 'Cart' }, s));
    expect(cls.range.start).toBe(1);
    // An exact qualified name wins over simple names (`add` is the function, not Cart.add).
    const fn = content(await pipeline.read(entry('src/cart.ts'), { symbol: 'add' }, s));
    expect(fn.range).toMatchObject({ start: 15, end: 17 });
    const amb = await pipeline.read(entry('src/cart.ts'), { symbol: 'total' }, s);
    expect(
      amb.kind === 'symbol-miss' &&
        amb.match.kind === 'ambiguous' &&
        amb.match.candidates.map((d) => d.qualifiedName),
    ).toEqual(['Cart.total', 'Till.total']);
    const unknown = await pipeline.read(entry('src/cart.ts'), { symbol: 'totl' }, s);
    expect(
      unknown.kind === 'symbol-miss' &&
        unknown.match.kind === 'unknown' &&
        unknown.match.nearest.slice(0, 2).map((d) => d.qualifiedName),
    ).toEqual(['Cart.total', 'Till.total']);
  });

  it('compresses a whole-file read and labels the level', async () => {
    const r = content(await pipeline.read(entry('src/cart.ts'), { detail: 'signatures' }, new MaskSession()));
    expect(r.level).toBe('signatures');
    expect(r.text).toContain('add(item: string): number');
    expect(r.text).not.toContain('this.items.push(item)');
    const lines = content(
      await pipeline.read(
        entry('src/cart.ts'),
        { detail: 'signatures', lines: { start: 1, end: 2 } },
        new MaskSession(),
      ),
    );
    expect(lines).toMatchObject({
      level: 'full',
      requested: 'signatures',
      levelReason: expect.stringMatching(/always full/),
    });
  });

  it('withholds binary and flagged files with a sentence', async () => {
    const bin = await pipeline.read(entry('bin.dat'), {}, new MaskSession());
    expect(bin).toMatchObject({
      kind: 'withheld',
      reason: 'Not read: it is a binary file, never read as text.',
    });
    const big = await pipeline.read(
      { path: 'src/cart.ts', size: 1, flag: 'too-large' },
      {},
      new MaskSession(),
    );
    expect(big.kind).toBe('withheld');
    const gone = await pipeline.read({ path: 'nope.ts', size: 1 }, {}, new MaskSession());
    expect(gone).toMatchObject({ kind: 'withheld', reason: expect.stringMatching(/removed since/) });
  });

  it('fails closed when the masking rules cannot be used: withheld, never unmasked', async () => {
    const bad = path.join(work, 'not-the-rules.toml');
    writeFileSync(bad, 'title = "x"\n');
    const broken = new ContentPipeline(work, { rulesPath: bad });
    const r = await broken.read(entry('.env'), {}, new MaskSession());
    expect(r.kind).toBe('withheld');
    expect(JSON.stringify(r)).not.toContain('s3cr3t');
    const many = await broken.readMany(
      Array.from({ length: 10 }, () => ({ entry: entry('.env'), request: {} })),
      new MaskSession(),
    );
    expect(many.every((m) => m.kind === 'withheld')).toBe(true);
    await broken.close();
  });

  it('with masking off (an explicit setting) delivers the raw text and says so', async () => {
    const off = new ContentPipeline(work, { mask: false });
    const r = content(await off.read(entry('.env'), {}, new MaskSession()));
    expect(r.masked).toBe(false);
    expect(r.text).toBe(files['.env']);
  });

  it('readMany (worker pool) gives the same bytes and numbering as read, in input order', async () => {
    const order = [
      '.env',
      'src/settings.ts',
      'src/cart.ts',
      'key.pem',
      '.env',
      'src/settings.ts',
      'src/cart.ts',
      'key.pem',
      'bin.dat',
    ];
    const items = order.map((p) => ({ entry: entry(p), request: {} }));
    const viaPool = await pipeline.readMany(items, new MaskSession());
    const oneByOne: ProcessedFile[] = [];
    const s = new MaskSession();
    for (const i of items) oneByOne.push(await pipeline.read(i.entry, i.request, s));
    const texts = (rs: ProcessedFile[]) => rs.map((r) => (r.kind === 'content' ? r.text : r.kind));
    expect(texts(viaPool)).toEqual(texts(oneByOne));
    await pipeline.close();
  });
});
