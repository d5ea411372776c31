import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countTokens } from '@loupe/engine';
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
// A .NET project with proven build output, a look-alike, and OS junk.
for (const [rel, text] of Object.entries({
  'net/App.csproj': '<Project/>',
  'net/Program.cs': '',
  'net/bin/Debug/net8.0/App.dll': 'MZ',
  'net/obj/project.assets.json': '{}',
  'net/scripts/bin/run.sh': '#!/bin/sh',
  'net/.DS_Store': '',
})) {
  mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
  writeFileSync(path.join(work, rel), text);
}
const net = path.join(work, 'net');

describe('loupe ls', () => {
  it('prints visible paths, one per line, sorted bytewise, through a real process', async () => {
    const r = await cliProcess(['ls', path.join(work, 'p')]);
    expect(r).toEqual({
      code: 0,
      stdout: '.gitignore\nb.txt\nimg.png\nsub/a.txt\n',
      stderr: 'loupe ls: gitignored: 1 file (--json --all lists them with reasons)\n',
    });
  });

  it('--json --all adds sizes, flags, hidden entries with reasons and notes', async () => {
    const r = await cli(['ls', path.join(work, 'p'), '--json', '--all']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.files.find((f: { path: string }) => f.path === 'img.png')).toMatchObject({
      flag: 'binary',
      size: 3,
    });
    // Exact tokens (o200k) and the language, per readable file; none for binary files.
    expect(report.files.find((f: { path: string }) => f.path === 'sub/a.txt')).toEqual({
      path: 'sub/a.txt',
      size: 1,
      tokens: countTokens('a'),
      language: 'text',
      tracked: false,
    });
    expect(report.files.find((f: { path: string }) => f.path === 'img.png').tokens).toBeUndefined();
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
    expect((await cli(['frobnicate'])).stderr).toMatch(/There is no command "frobnicate"/);
  });

  it('hides proven build output and OS junk by default, and says so on stderr', async () => {
    const r = await cli(['ls', net]);
    expect(r.stdout).toBe('App.csproj\nProgram.cs\nscripts/bin/run.sh\n');
    expect(r.stderr).toBe(
      'loupe ls: hidden as build output: 2 folders (bin, obj); OS junk: 1 file (.DS_Store) (--json --all lists them with reasons)\n',
    );
    const off = await cli(['ls', net, '--no-smart-ignore']);
    expect(off.stdout.split('\n')).toEqual(
      expect.arrayContaining(['.DS_Store', 'bin/Debug/net8.0/App.dll', 'obj/project.assets.json']),
    );
  });

  it('--json --all gives each hidden entry its rule, owner marker and evidence', async () => {
    const report = JSON.parse((await cli(['ls', net, '--json', '--all'])).stdout);
    expect(report.hidden).toEqual([
      { path: '.DS_Store', dir: false, reason: { kind: 'os-junk' } },
      {
        path: 'bin',
        dir: true,
        reason: { kind: 'build-output', rule: 'dotnet.bin', owner: 'App.csproj', evidence: ['Debug/'] },
      },
      {
        path: 'obj',
        dir: true,
        reason: {
          kind: 'build-output',
          rule: 'dotnet.obj',
          owner: 'App.csproj',
          evidence: ['project.assets.json'],
        },
      },
    ]);
    expect(report.hiddenSummary).toBe(
      'hidden as build output: 2 folders (bin, obj); OS junk: 1 file (.DS_Store)',
    );
  });

  it('--show and --hide (repeatable) override every rule, through a real process', async () => {
    const r = await cliProcess([
      'ls',
      net,
      '--show',
      'obj',
      '--show',
      'bin/Debug/net8.0/App.dll',
      '--hide',
      'scripts',
      '--hide',
      'Program.cs',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('App.csproj\nbin/Debug/net8.0/App.dll\nobj/project.assets.json\n');
    expect(r.stderr).toMatch(/hidden by the user: 1 folder, 1 file \(Program\.cs, scripts\)/);
  });

  it('refuses an override outside the folder with one sentence', async () => {
    const r = await cli(['ls', net, '--show', '../p']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^loupe ls: \.\.\/p points outside the project; give a path inside it\.\n$/);
  });

  it('--max-file-size sets the size limit: larger files are listed as too large, and a bad size is one sentence', async () => {
    const dir = path.join(work, 'sizes');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'small.txt'), 'x'.repeat(1000));
    writeFileSync(path.join(dir, 'big.txt'), 'y'.repeat(3000));
    const flags = async (extra: string[]) => {
      const r = await cli(['ls', dir, '--json', ...extra]);
      expect(r.code).toBe(0);
      const files: Array<{ path: string; flag?: string; tokens?: number }> = JSON.parse(r.stdout).files;
      return Object.fromEntries(files.map((f) => [f.path, f.flag ?? `${f.tokens} tokens`]));
    };
    expect(await flags([])).toEqual({
      'big.txt': expect.stringMatching(/tokens$/),
      'small.txt': expect.stringMatching(/tokens$/),
    });
    expect(await flags(['--max-file-size', '2k'])).toEqual({
      'big.txt': 'too-large',
      'small.txt': expect.stringMatching(/tokens$/),
    });
    expect(await flags(['--max-file-size', '2000'])).toMatchObject({ 'big.txt': 'too-large' });
    const bad = await cli(['ls', dir, '--json', '--max-file-size', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'loupe ls: --max-file-size takes a size above zero in bytes or with a unit (500k, 8MiB), not "lots".\n',
    );
  });

  it('--hide with a state folder that cannot be written: one sentence, exit 2, nothing listed', async () => {
    const blocker = path.join(work, 'state-is-a-file');
    writeFileSync(blocker, '');
    const r = await cli(['ls', net, '--hide', 'scripts'], process.cwd(), { LOUPE_STATE_DIR: blocker });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^loupe ls: Loupe could not write its state in .* \(ENOTDIR\); make that folder writable, or set LOUPE_STATE_DIR to a folder that is\.\n$/,
    );
  });
});
