// `loupe help`, `loupe help COMMAND`, `loupe --version` through the built CLI, help's cold start
// (no command's body loaded), and the README's command table and docs/cli.md against the specs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paths, readmeWithTable } from '../scripts/docs';
import { flagName, flagSyntax } from './args';
import { GROUPS } from './command';
import { commands } from './commands/index';
import { defaultOf, referenceDoc } from './help';
import { cli, cliBuilt } from './testing/run';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('loupe help', () => {
  it('lists every command under its group, in the registry order, with its summary', async () => {
    const r = await cliBuilt(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(`Loupe ${pkg.version}: the focus window for coding agents.\n`)).toBe(true);
    const titles = Object.values(GROUPS) as string[];
    const seen: Array<[string, string, string]> = [];
    let group = '';
    for (const line of r.stdout.split('\n')) {
      if (titles.includes(line)) group = line;
      const m = /^ {2}(\S+) +(.+)$/.exec(line);
      if (m) seen.push([group, m[1]!, m[2]!]);
    }
    expect(seen).toEqual(commands.map((c) => [GROUPS[c.group], c.name, c.summary]));
    expect(new Set(commands.map((c) => c.group))).toEqual(new Set(['project', 'agents', 'window', 'shell']));
    // No arguments, --help and -h print the same.
    for (const argv of [[], ['--help'], ['-h']]) expect((await cli(argv)).stdout).toBe(r.stdout);
  });

  it('gives every option of every command with its description, default and example', async () => {
    for (const c of commands) {
      const r = await cliBuilt(['help', c.name]);
      expect(r.code, c.name).toBe(0);
      expect(r.stdout.startsWith(`loupe ${c.name}: ${c.summary}\n\nUsage: loupe ${c.name}`)).toBe(true);
      for (const [name, flag] of Object.entries(c.options)) {
        const block = `  ${flag.short ? `-${flag.short}, ` : ''}${flagSyntax(name, flag)}\n      ${flag.describe}\n      Default: ${defaultOf(flag)}`;
        expect(r.stdout, `${c.name} ${flagName(name)}`).toContain(block);
        expect(r.stdout).toContain(`Example: loupe ${c.name} ${flag.example}\n`);
      }
      expect(r.stdout).toContain('  -h, --help\n');
      // `loupe COMMAND --help` prints the same help, whatever else the line holds.
      expect((await cli([c.name, '--help', '--bogus-is-not-checked'])).stdout).not.toBe('');
      expect((await cli([c.name, '-h'])).stdout).toBe(r.stdout);
    }
  });

  it('pack says its budget default and that --focus takes several paths', async () => {
    const { stdout } = await cliBuilt(['help', 'pack']);
    expect(stdout).toContain(
      '  --budget N|none\n      Most tokens in the pack, or "none" to pack everything.\n      Default: 32000. Example: loupe pack . --budget 8000\n',
    );
    expect(stdout).toContain('Default: the saved focus (several after one flag, or the flag repeated).');
  });

  it('answers an unknown command or help topic with one sentence, exit 2', async () => {
    for (const argv of [['frob'], ['help', 'frob']]) {
      const r = await cliBuilt(argv);
      expect(r).toMatchObject({ code: 2, stdout: '' });
      expect(r.stderr).toMatch(
        /^loupe( help)?: There is no command "frob"; `loupe help` lists the commands\.\n$/,
      );
    }
    expect((await cli(['lss'])).stderr).toBe(
      'loupe: There is no command "lss"; did you mean ls? `loupe help` lists the commands.\n',
    );
  });

  it('loads no command body: `loupe help`, `loupe help pack` and `loupe pack --help` read only the specs', async () => {
    const loaded: string[] = [];
    const loads = commands.map((c) => c.load);
    commands.forEach((c, i) => {
      c.load = () => {
        loaded.push(c.name);
        return loads[i]!();
      };
    });
    try {
      await cli(['help']);
      await cli(['help', 'pack']);
      await cli(['pack', '--help']);
      await cli(['pack', '--budget', '0']); // refused before its body is loaded
      expect(loaded).toEqual(['help', 'help']);
      await cli(['completion', 'bash']);
      expect(loaded).toEqual(['help', 'help', 'completion']);
    } finally {
      commands.forEach((c, i) => {
        c.load = loads[i]!;
      });
    }
  });
});

describe('loupe --version', () => {
  it("prints the CLI package's version", async () => {
    for (const flag of ['--version', '-v']) {
      const r = await cliBuilt([flag]);
      expect(r).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    }
  });
});

describe('the docs', () => {
  it("README's command table is the one the specs give (`npm run docs -w apps/cli` writes it)", () => {
    const readme = readFileSync(paths.readme, 'utf8');
    expect(readme).toBe(readmeWithTable(readme));
    for (const c of commands) expect(readme).toContain(`| \`loupe ${c.name}`);
  });

  it("docs/cli.md is every command's help as `loupe help COMMAND` prints it", async () => {
    const doc = readFileSync(paths.reference, 'utf8');
    expect(doc).toBe(referenceDoc(commands));
    expect(doc).toContain((await cliBuilt(['help', 'search'])).stdout);
  });
});
