// The scanner against git itself: for randomized repositories, `loupe ls DIR --no-smart-ignore -z`
// must equal `git ls-files -z --cached --others --exclude-standard` (nested repositories expanded,
// core.excludesFile empty) byte for byte. (Without -z, names are quoted as git quotes them:
// names.test.ts.)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gitVisible } from '@loupe/engine/scan/testing/git-oracle';
import { makeRandomRepo } from '@loupe/engine/scan/testing/random-repo';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function loupeLs(dir: string): Promise<string> {
  const r = await cli(['ls', dir, '--no-smart-ignore', '-z'], work);
  expect(r.code).toBe(0);
  return r.stdout;
}

const SEEDS = Array.from({ length: Number(process.env.LOUPE_DIFF_SEEDS ?? 40) }, (_, i) => 1000 + i * 7919);

describe('scanner equals git ls-files on randomized repositories', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const dir = path.join(work, `repo-${seed}`);
      mkdirSync(dir);
      makeRandomRepo(dir, seed);
      const expected = gitVisible(dir);
      const actual = await loupeLs(dir);
      expect(actual).toBe(expected.map((p) => `${p}\0`).join(''));
    });
  }
});
