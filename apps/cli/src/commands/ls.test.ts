import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-ls-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
mkdirSync(path.join(work, 'p/sub'), { recursive: true });
writeFileSync(path.join(work, 'p/.gitignore'), '*.log\n');
writeFileSync(path.join(work, 'p/b.txt'), 'b');
writeFileSync(path.join(work, 'p/sub/a.txt'), 'a');
writeFileSync(path.join(work, 'p/x.log'), 'x');
writeFileSync(path.join(work, 'p/img.png'), 'png');

describe('loupe ls', () => {
  it('prints visible paths, one per line, sorted bytewise, through a real process', async () => {
    const r = await cliProcess(['ls', path.join(work, 'p')]);
    expect(r).toEqual({ code: 0, stdout: '.gitignore\nb.txt\nimg.png\nsub/a.txt\n', stderr: '' });
  });

  it('--json --all adds sizes, flags, hidden entries with reasons and notes', async () => {
    const r = await cli(['ls', path.join(work, 'p'), '--json', '--all']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.files.find((f: { path: string }) => f.path === 'img.png')).toMatchObject({
      flag: 'binary',
      size: 3,
    });
    expect(report.hidden).toEqual([
      {
        path: 'x.log',
        dir: false,
        reason: { kind: 'gitignored', source: '.gitignore', line: 1, pattern: '*.log' },
      },
    ]);
    expect(report.notes[0]).toMatch(/not a git repository/);
  });

  it('answers a missing folder with one sentence and exit code 2', async () => {
    const r = await cliProcess(['ls', path.join(work, 'missing')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^loupe ls: The folder .*missing does not exist\. Check the path and try again\.\n$/,
    );
  });

  it('answers a file with one sentence and exit code 2', async () => {
    const r = await cli(['ls', path.join(work, 'p/b.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/is a file, not a folder/);
  });

  it('rejects unknown options and commands with usage, exit code 2', async () => {
    expect((await cli(['ls', '--bogus'])).code).toBe(2);
    expect((await cli(['frobnicate'])).stderr).toMatch(/unknown command "frobnicate"/);
  });
});
