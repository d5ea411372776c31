// processFile's own contract: the stages run in order on what the stage before gave (compression
// only ever sees masked text), the dependencies are injectable, a file outside any project is
// masked by default, a masker that fails withholds the file, and binary is judged as git judges it
// by every executor that reads (the read stage, the token count of the index, the mask workers).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompressOptions } from '../compress/types';
import { createMaskPool } from '../mask/pool';
import { MaskSession } from '../mask/session';
import { Workspace } from '../workspace/workspace';
import type { Masker } from './mask-stage';
import { processFile } from './process';
import { readBytesSync, readResult } from './read';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Assembled at run time: this source holds no secret-shaped literal.
const TOKEN = ['ghp', '_', 'Lm3nB7vC9xZ1qW5eR8tY2uI4oP6aS0dF4gH7'].join('');
const SOURCE = `export const token = "${TOKEN}";\n\nexport function f(a: number): number {\n  return a + 1;\n}\n`;

describe('processFile', () => {
  it('masks a file outside any project by default, and passes only masked text to the later stages', async () => {
    const seen: string[] = [];
    const r = await processFile(
      { path: 'src/settings.ts', file: '/nowhere/settings.ts' },
      { detail: 'signatures' },
      {
        read: () => Buffer.from(SOURCE),
        compress: async (text: string, _path: string, options: CompressOptions) => {
          seen.push(text);
          return {
            text: `${text}// ${options.level}\n`,
            level: options.level,
            requested: options.level,
            stats: { bodies: 0, comments: 0, docstrings: 0, tests: 0 },
          };
        },
      },
    );
    expect(r.kind).toBe('content');
    if (r.kind !== 'content') return;
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain(TOKEN);
    expect(seen[0]).toContain('LOUPE_REDACTED[github-pat#1]');
    expect(r.text.endsWith('// signatures\n')).toBe(true);
    expect(r.maskedByRule).toEqual({ 'github-pat': 1 });
    expect(r.tokens).toBeGreaterThan(0);
  });

  it('withholds the file when its masker fails, and never hands on the text', async () => {
    const broken: Masker = {
      on: true,
      mask: () => {
        throw new TypeError(`cannot mask ${TOKEN}`);
      },
    };
    const r = await processFile(
      { path: 'a.ts', file: '/nowhere/a.ts' },
      {},
      { read: () => Buffer.from(SOURCE), masker: broken },
    );
    expect(r).toMatchObject({
      kind: 'withheld',
      cause: 'masking',
      reason: 'Withheld: masking failed (TypeError); the file was withheld.',
    });
    expect(JSON.stringify(r)).not.toContain(TOKEN);
  });

  it('refuses a file over the masker’s size limit without reading it', async () => {
    let reads = 0;
    const r = await processFile(
      { path: 'big.log', file: '/nowhere/big.log', size: 17 << 20 },
      {},
      {
        read: () => {
          reads++;
          return Buffer.from('x');
        },
        masker: {
          on: true,
          limit: { bytes: 16 << 20, why: 'too big to mask' },
          mask: (text) => ({ text, findings: [] }),
        },
      },
    );
    expect(r).toMatchObject({ kind: 'withheld', reason: 'Withheld: too big to mask.' });
    expect(reads).toBe(0);
  });
});

describe('binary, as git judges it', () => {
  // A NUL byte at each position, in a file of 9000 bytes; git's verdict from its own numstat.
  const positions = [0, 100, 7999, 8000, 8100, 8191, 8192, 8999];
  const files = positions.map((pos) => {
    const bytes = Buffer.alloc(9000, 'a');
    bytes[pos] = 0;
    const rel = `nul-${pos}.txt`;
    writeFileSync(path.join(work, rel), bytes);
    return rel;
  });
  // `git diff --no-index` exits 1 when the files differ (always, here): read its output.
  const gitBinary = (rel: string) =>
    spawnSync('git', ['diff', '--no-index', '--numstat', '/dev/null', rel], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    }).stdout.startsWith('-\t-\t');

  it('in the read stage, the index’s token count and the mask workers alike', async () => {
    const verdicts = files.map((f) => gitBinary(f));
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
    const read = files.map((f) => readResult(f, readBytesSync(path.join(work, f))).kind === 'withheld');
    expect(read).toEqual(verdicts);
    const ws = await Workspace.open(work, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      await ws.tokensReady;
      expect(files.map((f) => ws.index.get(f)?.flag === 'binary')).toEqual(verdicts);
    } finally {
      await ws.close();
    }
    const pool = await createMaskPool({ maxThreads: 1 });
    try {
      const inWorkers = await pool.readMasked(
        files.map((f) => ({ path: f, file: path.join(work, f) })),
        new MaskSession(),
      );
      expect(inWorkers.map((r) => r.kind === 'withheld' && r.cause === 'binary')).toEqual(verdicts);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
