// The scanner against git itself: for randomized repositories, `loupe ls DIR --no-smart-ignore`
// must equal `git ls-files --cached --others --exclude-standard` (nested repositories expanded,
// core.excludesFile empty) byte for byte.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../apps/cli/src/main';
import { gitVisible } from './testing/git-oracle';
import { makeRandomRepo } from './testing/random-repo';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function loupeLs(dir: string): Promise<string> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  const code = await runCli(['ls', dir, '--no-smart-ignore'], { stdout, stderr, cwd: work, env: {} });
  expect(code).toBe(0);
  return Buffer.concat(chunks).toString('utf8');
}

const SEEDS = Array.from({ length: Number(process.env.LOUPE_DIFF_SEEDS ?? 40) }, (_, i) => 1000 + i * 7919);

describe('scanner equals git ls-files on randomized repositories', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const dir = path.join(work, `repo-${seed}`);
      const fs = await import('node:fs');
      fs.mkdirSync(dir);
      makeRandomRepo(dir, seed);
      const expected = gitVisible(dir);
      const actual = await loupeLs(dir);
      expect(actual).toBe(expected.length ? `${expected.join('\n')}\n` : '');
    });
  }
});
