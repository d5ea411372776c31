// `loupe ls` (and `loupe tree` once it is registered) on a hostile repository, as real processes
// whose PATH starts with the project's own folder and `.`, run from inside it: no program named by
// the repository's config, and not the project's own `git`, may run.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostileRepo } from '@loupe/engine/scan/testing/hostile-repo';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from './index';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));
// Absolute, because the process runs inside the hostile folder (no node_modules there), and with
// this checkout's tsconfig so `@loupe/*` resolve to these sources.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const tsconfig = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));

let runs = 0;
function loupe(argv: string[], cwd: string, PATH: string): Promise<{ code: number; stdout: string }> {
  // Each run has its own empty Loupe state: overrides saved by one run do not reach the next.
  const LOUPE_STATE_DIR = path.join(work, 'state', String(runs++));
  mkdirSync(LOUPE_STATE_DIR, { recursive: true });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, bin, ...argv],
      {
        cwd,
        env: { ...process.env, PATH, TSX_TSCONFIG_PATH: tsconfig, LOUPE_STATE_DIR },
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('hostile repository through the CLI', () => {
  it('loupe ls (plain, --json --all, --no-smart-ignore, overrides, a subfolder) runs nothing', async () => {
    const h = hostileRepo(work);
    h.reset();
    const runs = [
      ['ls', h.dir],
      ['ls', h.dir, '--json', '--all'],
      ['ls', h.dir, '--no-smart-ignore'],
      ['ls', h.dir, '--show', 'node_modules', '--hide', 'a.txt'],
      ['ls', 'build'],
    ];
    if (commands.some((c) => c.name === 'tree')) runs.push(['tree', h.dir]);
    for (const argv of runs) {
      const r = await loupe(argv, h.dir, h.path);
      expect(r.code, argv.join(' ')).toBe(0);
    }
    const plain = await loupe(['ls', '.'], h.dir, h.path);
    expect(plain.stdout.split('\n')).toEqual(
      expect.arrayContaining(['a.txt', 'build/x.txt', 'package.json']),
    );
    expect(h.fired()).toEqual([]);
  });
});
