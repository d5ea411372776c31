import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-compress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
mkdirSync(path.join(work, 'dir'));
const py = path.join(work, 'app.py');
writeFileSync(
  py,
  [
    'def handler(event):',
    '    """Handle one event."""',
    '    # look it up',
    '    value = event["x"]',
    '    return value * 2',
    '',
  ].join('\n'),
);
const broken = path.join(work, 'broken.ts');
writeFileSync(broken, 'export function f( {\n  return 1;\n}\n');
const notes = path.join(work, 'notes.md');
writeFileSync(notes, '# Notes\n');
writeFileSync(path.join(work, 'blob.bin.ts'), Buffer.from([1, 0, 2]));

describe('loupe compress', () => {
  it('labels each file with the level applied, through a real process', async () => {
    const r = await cliProcess(['compress', py]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `==> ${py} <== signatures: 1 bodies emptied\ndef handler(event):\n    """Handle one event."""\n    ...  # lines 3–5\n`,
    );
    expect(r.stderr).toBe('');
  });

  it('says why a file stays in full, and counts fallbacks on stderr', async () => {
    const r = await cli(['compress', broken, notes, '--level', 'outline']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `==> ${broken} <== full (requested outline): the typescript parser reports a syntax error at line 2`,
    );
    expect(r.stdout).toContain(`==> ${notes} <== full (requested outline): no grammar for markdown`);
    expect(r.stderr).toBe('loupe compress: 2 of 2 files not at outline; see their labels.\n');
  });

  it('--strip-comments at signatures also drops docstrings unless --keep-docstrings', async () => {
    const stripped = await cli(['compress', py, '--strip-comments']);
    expect(stripped.stdout).toContain('def handler(event):\n    ...  # lines 2–5\n');
    const kept = await cli(['compress', py, '--strip-comments', '--keep-docstrings']);
    expect(kept.stdout).toContain('    """Handle one event."""\n    ...  # lines 3–5\n');
  });

  it('compact removes comments and blank lines and keeps docstrings unless --strip-docstrings', async () => {
    const r = await cli(['compress', py, '--level', 'compact', '--json']);
    const [report] = JSON.parse(r.stdout);
    expect(report).toMatchObject({ requested: 'compact', level: 'compact', language: 'python' });
    expect(report.text).toBe(
      'def handler(event):\n    """Handle one event."""\n    value = event["x"]\n    return value * 2\n',
    );
    expect(report.stats.comments).toBe(1);
    const r2 = await cli(['compress', py, '--level', 'compact', '--strip-docstrings', '--json']);
    expect(JSON.parse(r2.stdout)[0].text).toBe(
      'def handler(event):\n    value = event["x"]\n    return value * 2\n',
    );
  });

  it('a folder stands for its visible files that have a grammar', async () => {
    const dir = path.join(work, 'proj');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src/a.go'), 'package a\n\nfunc A() int {\n\treturn 1 +\n\t\t2\n}\n');
    writeFileSync(path.join(dir, 'README.md'), '# proj\n');
    writeFileSync(path.join(dir, '.gitignore'), 'ignored.go\n');
    writeFileSync(path.join(dir, 'ignored.go'), 'package x\n');
    const r = await cli(['compress', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `==> ${path.join(dir, 'src/a.go')} <== signatures: 1 bodies emptied\npackage a\n\nfunc A() int { /* … lines 3–6 */ }\n`,
    );
    expect(r.stderr).toMatch(/2 visible files in the folders given were left out/);
  });

  it('refuses bad input with one sentence and exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['compress'], /This command needs PATH\.\.\., e\.g\. `loupe compress src\/app\.ts --level compact`\./],
      [
        ['compress', py, '--level', 'tiny'],
        /--level takes one of compact, signatures, outline, not "tiny"\./,
      ],
      [['compress', path.join(work, 'missing.ts')], /missing\.ts does not exist/],
      [['compress', path.join(work, 'blob.bin.ts')], /is a binary file/],
      [['compress', py, '--strip-docstrings', '--keep-docstrings'], /not both/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
