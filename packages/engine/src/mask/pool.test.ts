// The worker pool against the in-process path: same bytes, same numbering across files and
// workers, values never in what crosses threads, and every failure withholds the file.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskText, prepareMask } from './mask';
import { createMaskPool, type MaskPool } from './pool';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

// Built at run time so this source holds no secret-shaped literal (the false-positive corpus reads it).
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}Z9y8x7`;
const PW = ['Tr0ub4dor', '&3xyz'].join('');
const FILES: Record<string, string> = {
  '.env': `GITHUB_TOKEN=${TOKEN}\nDB_PASSWORD="${PW}"\nPORT=8080\n`,
  'src/client.ts': `export const token = "${TOKEN}";\nconst url = "postgres://app:${PW}@db.internal/app";\n`,
  'config/app.yaml': `db:\n  password: ${PW}\n  host: db.internal\n`,
  'README.md': '# Plain\n\nNothing to see.\n',
};

let dir: string;
let rules: MaskRules;
let pool: MaskPool;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-mask-pool-'));
  for (const [rel, text] of Object.entries(FILES)) {
    const abs = path.join(dir, rel);
    await import('node:fs').then((fs) => fs.mkdirSync(path.dirname(abs), { recursive: true }));
    writeFileSync(abs, text);
  }
  writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
  rules = await loadMaskRules();
  pool = await createMaskPool({ maxThreads: 2 });
});

afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('mask worker pool', () => {
  it('gives the same bytes and findings as masking in this thread, for texts and for files read in the workers', async () => {
    const texts = Object.entries(FILES).map(([p, text]) => ({ path: p, text }));
    const viaPool = await pool.maskMany(texts, new MaskSession());
    const local = new MaskSession();
    const inThread = Object.entries(FILES).map(([p, t]) => maskText(t, p, rules, local));
    expect(viaPool).toEqual(inThread);
    expect(viaPool.some((r) => r.findings.length > 0)).toBe(true);
    const files = Object.keys(FILES).map((p) => ({ path: p, file: path.join(dir, p) }));
    const read = await pool.readMasked(files, new MaskSession());
    expect(read.map((r) => (r.kind === 'masked' ? { text: r.text, findings: r.findings } : r))).toEqual(
      inThread.map(({ text, findings }) => ({ text, findings })),
    );
  });

  it('numbers the same value the same way in every file, whichever worker read it', async () => {
    const session = new MaskSession();
    const one = (p: string) =>
      pool.readMasked([{ path: p, file: path.join(dir, p) }], session).then(([r]) => {
        if (r?.kind !== 'masked') throw new Error(`${p} was withheld`);
        return r;
      });
    const results = await Promise.all([
      one('.env'),
      one('src/client.ts'),
      pool.maskText(`token: "${TOKEN}"\n`, 'other.yaml', session),
    ]);
    const gh = results.flatMap((r) =>
      r.findings.filter((f) => f.rule === 'github-pat').map((f) => f.placeholder),
    );
    expect(gh).toHaveLength(3);
    expect(new Set(gh).size).toBe(1);
    for (const r of results) expect(r.text).not.toContain(TOKEN);
  });

  it('sends no value across threads: prepared pieces and marks hold none', () => {
    const prepared = prepareMask(FILES['src/client.ts']!, 'src/client.ts', rules, new MaskSession().key);
    const wire = JSON.stringify(prepared);
    expect(wire).not.toContain(TOKEN);
    expect(wire).not.toContain(PW);
    expect(prepared.marks.length).toBe(2);
  });

  it('keeps working after a pool is closed and another is made (a closed handle refuses work)', async () => {
    const first = await createMaskPool({ maxThreads: 1 });
    await first.close();
    await expect(first.maskText('x', 'a.txt', new MaskSession())).rejects.toThrow(/closed/);
    const second = await createMaskPool({ maxThreads: 1 });
    const r = await second.maskText(`k: "${TOKEN}"\n`, 'a.yaml', new MaskSession());
    expect(r.findings.map((f) => f.rule)).toEqual(['github-pat']);
    await second.close();
  });

  it('withholds binary files, oversized files and files a worker cannot read', async () => {
    const session = new MaskSession();
    // Read in the workers by the content pipeline's own read stage: the same sentences as any read.
    const [bin, missing] = await pool.readMasked(
      [
        { path: 'logo.png', file: path.join(dir, 'logo.png') },
        { path: 'nope.txt', file: path.join(dir, 'nope.txt') },
      ],
      session,
    );
    expect(bin).toMatchObject({
      kind: 'withheld',
      reason: 'Not read: it is a binary file, never read as text.',
    });
    expect(missing).toMatchObject({
      kind: 'withheld',
      reason: 'Not read: it was removed since the project was scanned.',
    });
    const few = await createMaskPool({ maxThreads: 1, limits: { maxMatches: 0 } });
    try {
      const over = await few.maskText(FILES['src/client.ts']!, 'src/client.ts', session);
      expect(over).toEqual({
        text: '',
        findings: [],
        withheld: 'more than 0 rule matches; the file was withheld',
      });
    } finally {
      await few.close();
    }
    const small = await createMaskPool({ maxThreads: 1, limits: { maxBytes: 10 } });
    try {
      const big = await small.maskText('x'.repeat(11), 'big.txt', session);
      expect(big.text).toBe('');
      expect(big.withheld).toMatch(/larger than/);
    } finally {
      await small.close();
    }
  });
});

describe('mask pool lifetime', () => {
  it("keeps its threads while a handle is open and ends them with the last handle's close", async () => {
    // Threads of this (forked test) process: each worker adds its own.
    const threads = () => readdirSync('/proc/self/task').length;
    const settle = async (want: number) => {
      for (let i = 0; i < 40 && threads() !== want; i++) await new Promise((r) => setTimeout(r, 250));
    };
    const before = threads();
    // A size no other test uses: these handles share a pool of their own.
    const first = await createMaskPool({ maxThreads: 3 });
    const second = await createMaskPool({ maxThreads: 3 });
    const texts = Object.entries(FILES).map(([p, text]) => ({ path: p, text }));
    await first.maskMany(texts, new MaskSession());
    const running = threads();
    expect(running).toBeGreaterThan(before);
    await first.close();
    await settle(before);
    expect(threads()).toBe(running); // the second handle still holds the threads
    expect((await second.maskMany(texts, new MaskSession())).length).toBe(texts.length);
    await second.close();
    await settle(before);
    expect(threads()).toBe(before);
    // A handle made afterwards gets a new pool that works.
    const third = await createMaskPool({ maxThreads: 3 });
    expect(await third.maskMany(texts, new MaskSession())).toEqual(
      await pool.maskMany(texts, new MaskSession()),
    );
    await third.close();
  });
});
