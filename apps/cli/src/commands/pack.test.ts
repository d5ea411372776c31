import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { countO200k, parsePack } from '@loupe/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../main';
import { cliBuilt, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const repo = path.join(work, 'proj');
const body = Array.from(
  { length: 30 },
  (_, i) => `  const v${i} = input.slice(${i}) + '${'x'.repeat(i)}';`,
).join('\n');
const files: Record<string, string> = {
  'README.md': '# Project\n\nA project to pack.\n\n```ts\nconst fenced = 1;\n```\n',
  'package.json': '{ "name": "proj", "version": "1.0.0" }\n',
  'src/app.ts': `export function run(input: string): string {\n${body}\n  return input;\n}\n`,
  'src/util.ts': 'export const twice = (x: number) => x * 2;\n',
  'tests/app.test.ts': "import { it } from 'vitest';\nit('runs', () => {});\n",
};
for (const [p, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(repo, p)), { recursive: true });
  writeFileSync(path.join(repo, p), text);
}
const stateDir = path.join(work, 'state');

/** runCli with an environment (the clipboard reads PATH and DISPLAY from it). */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await runCli(argv, { stdout, stderr, cwd: work, env: { LOUPE_STATE_DIR: stateDir, ...env } });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** A stand-in clipboard tool on PATH: keeps what it is given in a file (or fails like xclip without X). */
function fakeTool(name: string, behaviour: 'keep' | 'fail'): { bin: string; kept: string } {
  const bin = mkdtempSync(path.join(work, 'bin-'));
  const kept = path.join(bin, 'clipboard.txt');
  const script =
    behaviour === 'keep'
      ? `#!/bin/sh\ncat > '${kept}'\n`
      : "#!/bin/sh\n/bin/cat > /dev/null\necho 'Error: Can'\"'\"'t open display: :0' >&2\nexit 1\n";
  writeFileSync(path.join(bin, name), script);
  chmodSync(path.join(bin, name), 0o755);
  return { bin, kept };
}

describe('loupe pack', () => {
  it('prints a pack within the budget through a real process, with a summary on stderr', async () => {
    const r = await cliProcess(['pack', repo, '--budget', '900']);
    expect(r.code).toBe(0);
    expect(countO200k(r.stdout)).toBeLessThanOrEqual(900);
    const parsed = parsePack(r.stdout, 'markdown');
    expect(parsed.files[0]?.path).toBe('README.md');
    expect(parsed.footer[0]).toBe(
      `- Tokens: ${countO200k(r.stdout).toLocaleString('en-US')} of 900 used (o200k_base, counted on this whole document); tree ${/tree (\d+)/.exec(parsed.footer[0]!)?.[1]} (cap 225).`,
    );
    expect(r.stderr).toMatch(
      /^loupe pack: [\d,]+ tokens of 900 \(o200k_base\); \d+ files full, \d+ compressed, \d+ omitted; 0 values masked\.\n$/,
    );
  });

  it('writes the same document to --out as to stdout, and --json reports the coverage', async () => {
    const printed = await run(['pack', repo, '--format', 'xml', '--line-numbers', '--budget', '5000']);
    const file = path.join(work, 'pack.xml');
    const written = await run([
      'pack',
      repo,
      '--format',
      'xml',
      '--line-numbers',
      '--budget',
      '5000',
      '--out',
      file,
      '--json',
    ]);
    expect(written.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(printed.stdout);
    const report = JSON.parse(written.stdout);
    expect(report).toMatchObject({ format: 'xml', budget: 5000, lineNumbers: true, out: file });
    expect(report.tokens).toBe(countO200k(printed.stdout));
    expect(report.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['README.md', 'package.json', 'src/app.ts', 'src/util.ts', 'tests/app.test.ts']),
    );
    expect(written.stderr).toContain(`to ${file}.`);
    expect(printed.stdout).toMatch(/<file path="src\/app.ts">\n 1: export function run/);
  });

  it('packs given paths with --focus (relative to DIR, or from the working folder) and never saves them', async () => {
    const r = await run(['pack', repo, '--focus', 'src', '--focus', 'proj/README.md', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.scope).toEqual({ kind: 'paths', everything: false, outside: 2 });
    expect(report.files.map((f: { path: string }) => f.path)).toEqual([
      'README.md',
      'src/app.ts',
      'src/util.ts',
    ]);
    expect(() => readFileSync(path.join(stateDir, 'focus.json'))).toThrow();
  });

  it('packs everything with --budget none, at the detail asked for', async () => {
    const none = await run(['pack', repo, '--budget', 'none', '--detail', 'signatures', '--json']);
    const a = JSON.parse(none.stdout);
    expect(a.budget).toBeNull();
    // README and package.json have no bodies to empty; the three TypeScript files are at signatures.
    expect(a.counts).toMatchObject({ scope: 5, full: 2, omitted: 0, compressed: { signatures: 3 } });
  });

  it('refuses --budget 0 and a negative budget (0 used to mean no cap), through the built CLI', async () => {
    for (const budget of ['0', '-5', '00']) {
      const r = await cliBuilt(['pack', repo, '--budget', budget]);
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `loupe pack: --budget takes a whole number of tokens above 0, or "none" for no cap, not "${budget}".\n`,
      });
    }
    expect((await cliBuilt(['pack', repo, '--budget=-1'])).code).toBe(2);
  });

  it('takes several --focus paths after one flag, the same as the flag repeated, through the built CLI', async () => {
    const listed = await cliBuilt(['pack', repo, '--focus', 'src/app.ts', 'README.md', 'tests', '--json']);
    const repeated = await cliBuilt([
      'pack',
      repo,
      '--focus',
      'src/app.ts',
      '--focus',
      'README.md',
      '--focus=tests',
      '--json',
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    const paths = (r: { stdout: string }) => JSON.parse(r.stdout).files.map((f: { path: string }) => f.path);
    expect(paths(listed)).toEqual(['README.md', 'src/app.ts', 'tests/app.test.ts']);
    expect(paths(repeated)).toEqual(paths(listed));
    // The list ends at the next option; DIR may come after it.
    const after = await cliBuilt(['pack', '--focus', 'src/util.ts', '--json', repo]);
    expect(paths(after)).toEqual(['src/util.ts']);
  });

  it('refuses bad arguments with one sentence and exit 2', async () => {
    for (const [args, message] of [
      [
        ['--budget', 'lots'],
        /--budget takes a whole number of tokens above 0, or "none" for no cap, not "lots"\./,
      ],
      [['--format', 'html'], /--format takes one of markdown, xml, plain, not "html"\./],
      [['--detail', 'tiny'], /--detail takes one of full, compact, signatures, outline, not "tiny"\./],
      [['--out', 'x', '--copy'], /Use --out FILE or --copy, not both\./],
      [['--focus', 'nope.ts'], /No visible file or folder "nope.ts" in this project/],
      [['--budget', '40'], /give a budget of at least \d+\./],
    ] as const) {
      const r = await run(['pack', repo, ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('loupe pack --copy', () => {
  it('copies with xclip on X11 and says so; the clipboard holds exactly the document', async () => {
    const { bin, kept } = fakeTool('xclip', 'keep');
    const r = await run(['pack', repo, '--copy', '--budget', '3000'], {
      PATH: `${bin}:/usr/bin:/bin`,
      DISPLAY: ':0',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^loupe pack: copied [\d,]+ tokens of 3,000 .* to the clipboard with xclip\.\n$/,
    );
    const printed = await run(['pack', repo, '--budget', '3000']);
    expect(readFileSync(kept, 'utf8')).toBe(printed.stdout);
  });

  it('prefers wl-copy on Wayland', async () => {
    const { bin, kept } = fakeTool('wl-copy', 'keep');
    const r = await run(['pack', repo, '--copy'], {
      PATH: `${bin}:/usr/bin:/bin`,
      WAYLAND_DISPLAY: 'wayland-0',
      DISPLAY: ':0',
    });
    expect(r.stderr).toContain('to the clipboard with wl-copy.');
    expect(readFileSync(kept, 'utf8')).toContain('# Packed context: proj');
  });

  it('says plainly why nothing was copied', async () => {
    const failing = fakeTool('xclip', 'fail');
    // PATH holds the failing xclip alone: whether this machine has xsel (fish recommends it) does not matter.
    const r = await run(['pack', repo, '--copy'], { PATH: failing.bin, DISPLAY: ':0' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "loupe pack: Could not copy to the clipboard: xclip failed (exit 1: Error: Can't open display: :0); xsel is not installed (not on PATH). Use --out FILE to write the pack to a file, or leave out --copy to print it.\n",
    );
    const headless = await run(['pack', repo, '--copy'], { PATH: '/usr/bin:/bin' });
    expect(headless.stderr).toMatch(
      /no graphical session here \(neither WAYLAND_DISPLAY nor DISPLAY is set\)/,
    );
    const none = await run(['pack', repo, '--copy'], { PATH: path.join(work, 'empty'), DISPLAY: ':0' });
    expect(none.stderr).toMatch(/xclip, xsel are not installed \(not on PATH\)/);
  });
});
