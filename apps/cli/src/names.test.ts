// File names are project data. Against git as the oracle: `loupe ls` quotes names exactly as
// `git ls-files` does with core.quotepath=false (and like core.quotepath=true for the C1 and bidi
// controls Loupe quotes beyond git), `loupe ls -z` and `--json` give them exactly; and no command
// that prints names lets a control character of one reach the terminal.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLine, quoteName } from './quote';
import { cliBuilt } from './testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const repo = path.join(work, 'repo');

// Every C0 control that a file name can hold (not NUL, not `/`), DEL, quotes, backslashes, UTF-8.
const GIT_QUOTED = [
  ...Array.from({ length: 31 }, (_, i) => `c0-${i + 1}-${String.fromCharCode(i + 1)}.txt`),
  'del-\x7f.txt',
  'quote-".txt',
  'back\\slash.txt',
  'esc-\x1b[31mred\x1b[0m.py',
  'new\nline.ts',
  'dir\twith tab/inner\nfile.md',
];
const PLAIN = ['plain.txt', 'é-ünïcode.txt', 'emoji-👍🏽.txt', 'space name.txt', 'src/app.ts'];
// Beyond git's quotepath=false: C1 controls and the bidi controls (Trojan Source).
const BEYOND_GIT = [
  'c1-\u009b31m.txt',
  'nel-\u0085.txt',
  'rtl-\u202egnp.exe',
  'isolate-\u2066x\u2069.txt',
  'lsep-\u2028.txt',
];
const NAMES = [...GIT_QUOTED, ...PLAIN, ...BEYOND_GIT];

const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const git = (args: string[]) => execFileSync('git', args, { cwd: repo, env: gitEnv, maxBuffer: 1 << 26 });

beforeAll(() => {
  for (const name of NAMES) {
    mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    const text = name.endsWith('.py')
      ? 'def greet():\n    return "hello"\n'
      : name.endsWith('.ts')
        ? `import { greet } from './helper';\nexport const hello = () => greet();\n`
        : 'hello\n';
    writeFileSync(path.join(repo, name), text);
  }
  git(['init', '-q']);
  git(['add', '-A']);
  git(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'names']);
});

/** `git ls-files` lines with a core.quotepath setting (names are in the same order either way). */
const gitLines = (quotepath: boolean) =>
  git(['-c', `core.quotepath=${quotepath}`, 'ls-files'])
    .toString('utf8')
    .split('\n')
    .slice(0, -1);

describe('file names in text output', () => {
  it('loupe ls quotes every name exactly as git ls-files does', async () => {
    const exact = git(['ls-files', '-z']).toString('utf8').split('\0').slice(0, -1);
    expect(exact.length).toBe(NAMES.length);
    const [loose, strict] = [gitLines(false), gitLines(true)];
    const beyond = new Set(BEYOND_GIT);
    // A name with only git's specials quotes as git's quotepath=false; C1 and bidi as quotepath=true.
    const expected = exact.map((name, i) => (beyond.has(name) ? strict[i] : loose[i]));
    const r = await cliBuilt(['ls', repo]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${expected.join('\n')}\n`);
    expect(r.stdout.split('\n').length).toBe(NAMES.length + 1); // one path per line
    expect(exact.map(quoteName)).toEqual(expected);
  });

  it('loupe ls -z and --json give every name exactly, as git ls-files -z', async () => {
    const z = await cliBuilt(['ls', repo, '-z']);
    expect(z.bytes.equals(git(['ls-files', '-z']))).toBe(true);
    const json = JSON.parse((await cliBuilt(['ls', repo, '--json'])).stdout);
    expect(json.files.map((f: { path: string }) => `${f.path}\0`).join('')).toBe(
      git(['ls-files', '-z']).toString('utf8'),
    );
    expect((await cliBuilt(['ls', repo, '-z', '--json'])).stderr).toBe(
      'loupe ls: Use -z or --json, not both.\n',
    );
  });

  it('no command that prints names lets a control character of one reach the terminal', async () => {
    const py = 'esc-\x1b[31mred\x1b[0m.py';
    const ts = 'new\nline.ts';
    const runs = [
      ['ls', repo],
      ['tree', repo],
      ['tree', repo, '--format', 'ascii'],
      ['tree', repo, '--format', 'xml'],
      ['tokens', repo],
      ['search', repo, 'hello'],
      ['compress', repo],
      ['compress', path.join(repo, py), path.join(repo, ts)],
      ['mask', path.join(repo, py), path.join(repo, ts)],
      ['symbols', path.join(repo, py)],
      ['symbols', path.join(repo, py), '--find', 'gret'],
      ['related', repo, ts],
      ['pack', repo, '--budget', 'none'],
      ['receipts', repo],
      ['ls', path.join(repo, 'missing\x1b]0;pwned\x07')],
    ];
    for (const argv of runs) {
      const r = await cliBuilt(argv);
      const shown = argv.map((a) => JSON.stringify(a)).join(' ');
      // Printed text may hold newlines and tabs (and file contents); never a name's controls.
      expect(r.stdout + r.stderr, shown).not.toMatch(/[\x1b\x07\x08\x0b\x0c\r\x7f\u0080-\u009f\u202e]/);
      expect(r.stdout + r.stderr, shown).not.toContain('new\nline');
      expect(r.code, `${shown}: ${r.stderr}`).toBeLessThan(3);
    }
  });

  it('the quoted names are the ones the names came from', async () => {
    const r = await cliBuilt(['search', repo, 'greet']);
    expect(r.stdout).toContain('"esc-\\033[31mred\\033[0m.py"');
    expect(r.stdout).toContain('"new\\nline.ts"');
    const tokens = await cliBuilt(['tokens', path.join(repo, 'new\nline.ts')]);
    expect(tokens.stdout).toMatch(/ {2}"[^\n]*new\\nline\.ts"\n/);
  });
});

describe('quoteName and oneLine', () => {
  it('leave plain names and sentences as they are, and escape every control character', () => {
    for (const name of PLAIN) expect(quoteName(name)).toBe(name);
    expect(quoteName('a\u0000b')).toBe('"a\\000b"');
    expect(quoteName('lone-\ud800')).toBe('"lone-\\355\\240\\200"');
    expect(quoteName('pair-😀')).toBe('pair-😀');
    expect(oneLine('The file "a\nb" does not exist.')).toBe('The file "a\\nb" does not exist.');
    expect(oneLine('C:\\path and "quotes"')).toBe('C:\\path and "quotes"');
  });
});
