import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-mask-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const TOKEN = `ghp_${'k3Yp9QwZ1x'.repeat(3)}Rt7Lm2`;
const ENV = `# app\nexport GITHUB_TOKEN=${TOKEN}\nDB_PASSWORD="v9#Qe!7wPz2x"\nPORT=8080\n`;
const TS = `const gh = "${TOKEN}";\nconst token = getToken();\n`;
mkdirSync(path.join(work, 'src'));
writeFileSync(path.join(work, '.env'), ENV);
writeFileSync(path.join(work, 'src/a.ts'), TS);
writeFileSync(path.join(work, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
writeFileSync(path.join(work, 'huge.log'), '');
truncateSync(path.join(work, 'huge.log'), 17 * 1024 * 1024);

describe('loupe mask', () => {
  it('prints the file with only the values replaced, through a real process', async () => {
    // A real process runs from the repository (tsx resolves there), so paths are absolute.
    const r = await cliProcess(['mask', path.join(work, '.env')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '# app\nexport GITHUB_TOKEN=LOUPE_REDACTED[github-pat#1]\nDB_PASSWORD="LOUPE_REDACTED[secret-value#1]"\nPORT=8080\n',
    );
    expect(r.stderr).toContain('loupe mask: 2 values masked by rules; rules can miss secrets.\n');
    expect(r.stderr).toContain('never write them back into files');
  });

  it('puts a header before each of several files and numbers a value the same in all of them', async () => {
    const r = await cli(['mask', '.env', 'src/a.ts'], work);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `==> .env <==\n${ENV.replace(TOKEN, 'LOUPE_REDACTED[github-pat#1]').replace('v9#Qe!7wPz2x', 'LOUPE_REDACTED[secret-value#1]')}` +
        `==> src/a.ts <==\n${TS.replace(TOKEN, 'LOUPE_REDACTED[github-pat#1]')}`,
    );
  });

  it('--json reports rule, file and span per finding, and no value', async () => {
    const r = await cli(['mask', '--json', '.env', 'src/a.ts', 'logo.png'], work);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(TOKEN);
    expect(r.stdout).not.toContain('v9#Qe');
    const report = JSON.parse(r.stdout);
    expect(report.files[0]).toEqual({
      file: '.env',
      findings: [
        {
          rule: 'github-pat',
          line: 2,
          column: 21,
          endLine: 2,
          endColumn: 61,
          placeholder: 'LOUPE_REDACTED[github-pat#1]',
        },
        {
          rule: 'secret-value',
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 26,
          placeholder: 'LOUPE_REDACTED[secret-value#1]',
        },
      ],
      counts: { 'github-pat': 1, 'secret-value': 1 },
    });
    expect(report.files[2]).toEqual({ file: 'logo.png', skipped: 'binary file', findings: [], counts: {} });
    expect(report.masked).toBe(3);
    expect(report.notice).toBe('3 values masked by rules; rules can miss secrets');
  });

  it('skips binary files with a reason', async () => {
    const r = await cli(['mask', 'logo.png'], work);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toContain('loupe mask: logo.png: skipped (binary file).\n');
  });

  it('withholds files over 16 MiB, never printing them, and exits 1', async () => {
    const r = await cli(['mask', 'huge.log'], work);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/huge\.log: withheld \(the file is larger than 16 MiB/);
  });

  it('answers a missing path with one sentence on stderr and exit code 2, printing nothing else', async () => {
    const missing = path.join(work, 'missing.txt');
    const r = await cliProcess(['mask', path.join(work, '.env'), missing]);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `loupe mask: The file ${missing} does not exist. Check the path and try again.\n`,
    });
  });

  it('answers a folder or no path at all with one sentence and exit code 2', async () => {
    const dir = await cli(['mask', 'src'], work);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toBe('loupe mask: src is not a file; loupe mask takes files.\n');
    const none = await cli(['mask'], work);
    expect(none.code).toBe(2);
    expect(none.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
