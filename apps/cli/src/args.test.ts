// The command line against the specs: list options, values, defaults, the errors' sentences; and
// the specs themselves: every option described, with a default and an example that parses, and
// the enumerations the same as the engine's.
import * as engine from '@loupe/engine';
import { describe, expect, it } from 'vitest';
import { flagName, parseCommandLine } from './args';
import { type CommandSpec, UsageError } from './command';
import { commands } from './commands/index';
import { DIRECTIONS, TREE_FORMATS } from './options';

const spec = (name: string) => commands.find((c) => c.name === name)!;
const parse = (name: string, argv: string[]) => parseCommandLine(spec(name), argv);
const refusal = (name: string, argv: string[]) => {
  try {
    parse(name, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${name} ${argv.join(' ')} was accepted`);
};

/** Splits an example the way a shell would, up to a pipe or redirection (single quotes only). */
const words = (example: string) =>
  [...example.split(/ [|>] /)[0]!.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe('parseCommandLine', () => {
  it('takes the words after a list option, until the next option, as its values', () => {
    expect(parse('pack', ['.', '--focus', 'a', 'b', 'c']).values.focus).toEqual(['a', 'b', 'c']);
    expect(parse('pack', ['--focus', 'a', '--focus', 'b']).values.focus).toEqual(['a', 'b']);
    const after = parse('pack', ['--focus', 'a', 'b', '--json', 'dir']);
    expect(after).toMatchObject({ positionals: ['dir'], values: { focus: ['a', 'b'], json: true } });
    // `--focus=a` takes one value; `--` ends the list and the options.
    expect(parse('pack', ['--focus=a', 'dir']).positionals).toEqual(['dir']);
    expect(parse('pack', ['--focus', 'a', '--', '--odd']).positionals).toEqual(['--odd']);
    expect(parse('mcp', ['--focus', 'src', 'docs', '--http']).values).toMatchObject({
      focus: ['src', 'docs'],
      http: true,
    });
    // A repeat option takes one value per flag: the next word is an argument.
    expect(parse('ls', ['--hide', 'a', 'dir'])).toMatchObject({
      positionals: ['dir'],
      values: { hide: ['a'] },
    });
  });

  it('converts values and applies the defaults, so bodies get numbers and choices', () => {
    expect(parse('pack', []).values).toMatchObject({ budget: 32_000, format: 'markdown', detail: 'full' });
    expect(parse('pack', ['--budget', 'none']).values.budget).toBeNull();
    expect(parse('pack', ['--budget=8000']).values.budget).toBe(8000);
    expect(parse('tree', ['--depth', '0']).values.depth).toBe(0);
    expect(parse('tree', []).values.depth).toBeUndefined();
    expect(parse('related', ['d', 'p']).values.depth).toBe(1);
    expect(parse('ls', ['--max-file-size', '8MiB']).values['max-file-size']).toBe(8 << 20);
    expect(parse('serve', ['--port', '0']).values.port).toBe(0);
    expect(parse('ls', ['-z']).values.z).toBe(true);
    expect(parse('ls', ['--help']).help).toBe(true);
    expect(parse('search', ['-h']).help).toBe(true); // before its arguments are counted
  });

  it('refuses what it cannot take with one sentence a person can act on', () => {
    expect(refusal('pack', ['--budget', '0'])).toBe(
      '--budget takes a whole number of tokens above 0, or "none" for no cap, not "0".',
    );
    expect(refusal('pack', ['--budget', '-5'])).toMatch(/not "-5"\.$/);
    expect(refusal('pack', ['--budget'])).toBe(
      '--budget N|none needs a value, e.g. `loupe pack . --budget 8000`.',
    );
    expect(refusal('pack', ['--budget', '--json'])).toMatch(/^--budget N\|none needs a value/);
    expect(refusal('pack', ['--budgte', '5'])).toBe(
      'There is no option --budgte; did you mean --budget? `loupe help pack` lists the options.',
    );
    expect(refusal('ls', ['--bogus'])).toBe('There is no option --bogus; `loupe help ls` lists the options.');
    expect(refusal('ls', ['--json=yes'])).toBe('--json takes no value, not "yes".');
    expect(refusal('tree', ['--format', 'yaml'])).toBe(
      '--format takes one of markdown, ascii, json, xml, not "yaml".',
    );
    expect(refusal('serve', ['--port', '65536'])).toBe(
      '--port takes a port number from 0 to 65535 (0 picks a free port), not "65536".',
    );
    expect(refusal('ls', ['a', 'b'])).toBe(
      'This command takes [DIR], not 2 arguments (quote a name with spaces), e.g. `loupe ls .`.',
    );
    expect(refusal('search', ['.'])).toBe(
      'This command needs DIR QUERY, e.g. `loupe search . createServer`.',
    );
    expect(refusal('mcp', ['x'])).toMatch(/^This command takes options only, not 1 argument/);
  });
});

describe('the command specs', () => {
  const every = commands.flatMap((c) => Object.entries(c.options).map(([name, flag]) => ({ c, name, flag })));

  it('describe every option, say its default and give an example that parses with that option', () => {
    expect(every.length).toBeGreaterThan(50);
    for (const { c, name, flag } of every) {
      const where = `${c.name} ${flagName(name)}`;
      expect(flag.describe, where).toMatch(/^[A-Z"].*\.$/);
      if (flag.value || flag.choices)
        expect(flag.default !== undefined || flag.unset !== undefined, `${where} says its default`).toBe(
          true,
        );
      // Parsing applies every default of the command too: each default is a value it takes.
      const parsed = parseCommandLine(c, words(flag.example));
      expect(parsed.values[name], `${where}: ${flag.example}`).not.toBeUndefined();
    }
    for (const c of commands)
      for (const example of c.examples ?? [])
        expect(() => parseCommandLine(c, words(example)), example).not.toThrow();
  });

  it('offer the values the engine takes', () => {
    // Detail levels, pack formats and encodings are @loupe/common's lists, the engine's too.
    expect(TREE_FORMATS).toEqual(engine.TREE_FORMATS);
    const directions: readonly engine.Direction[] = DIRECTIONS;
    expect(directions).toEqual(['imports', 'imported_by', 'both']);
  });

  it('name each command once, in a known group, with a summary of one line', () => {
    const names = commands.map((c: CommandSpec) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of commands) expect(c.summary).toMatch(/^[A-Z].*\.$/);
  });
});
