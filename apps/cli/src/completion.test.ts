// `loupe completion bash|zsh|fish` from the built CLI, run through the real shells: each script
// is checked for syntax, then asked to complete words as a person's Tab would, and the answers are
// compared with the specs: the command names, each command's options, the values of every
// enumerated option and argument, and paths. zsh completes only inside its line editor, so it is
// driven through a pseudo-terminal (zsh/zpty); fish answers `complete -C`; bash calls the function.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagName } from './args';
import { commands } from './commands/index';
import { cliBuilt } from './testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-completion-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const proj = path.join(work, 'proj');
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

/** A line as typed so far, its words (the last one being completed), and what Tab should offer. */
interface Case {
  words: string[];
  expected: string[];
}

const names = commands.map((c) => c.name);
const flags = (c: (typeof commands)[number]) => [...Object.keys(c.options).map(flagName), '--help', '-h'];

/** The cases every shell must answer alike, generated from the specs. */
function cases(): Case[] {
  const out: Case[] = [
    { words: ['loupe', 'tr'], expected: ['tree'] },
    { words: ['loupe', 'co'], expected: ['completion', 'compress'] },
  ];
  for (const c of commands) {
    out.push({ words: ['loupe', c.name, '-'], expected: flags(c) });
    for (const [name, flag] of Object.entries(c.options))
      if (flag.choices)
        out.push({ words: ['loupe', c.name, flagName(name), ''], expected: [...flag.choices] });
  }
  out.push({ words: ['loupe', 'completion', ''], expected: ['bash', 'zsh', 'fish'] });
  out.push({ words: ['loupe', 'help', ''], expected: names });
  return out;
}

beforeAll(() => {
  mkdirSync(path.join(proj, 'src'), { recursive: true });
  writeFileSync(path.join(proj, 'src/app.ts'), '');
  writeFileSync(path.join(proj, 'README.md'), '');
});

const sorted = (xs: string[]) => [...new Set(xs)].sort();

async function script(shell: string): Promise<string> {
  const r = await cliBuilt(['completion', shell]);
  expect(r.code, r.stderr).toBe(0);
  const file = path.join(work, `loupe.${shell}`);
  writeFileSync(file, r.stdout);
  return file;
}

describe('loupe completion bash', () => {
  it('passes bash -n, registers with complete, and completes commands, options, values and paths', async () => {
    const file = await script('bash');
    execFileSync('bash', ['-n', file]);
    const all: Case[] = [
      ...cases(),
      { words: ['loupe', ''], expected: [...names, '--help', '--version'] },
      { words: ['loupe', 'tree', '--format', '=', 'as'], expected: ['ascii'] },
      { words: ['loupe', 'pack', '.', '--focus', 'src/'], expected: ['src/app.ts'] },
      // The second word after --focus is its value too: a path.
      { words: ['loupe', 'pack', '.', '--focus', 'src', 'R'], expected: ['README.md'] },
      { words: ['loupe', 'search', ''], expected: ['src'] }, // DIR: folders only
      { words: ['loupe', 'search', '.', ''], expected: [] }, // QUERY: nothing to guess
      { words: ['loupe', 'pack', '--budget', ''], expected: [] },
    ];
    const lines = all.map((c, i) => {
      const words = c.words.map((w) => `'${w}'`).join(' ');
      return `COMP_WORDS=(${words}); COMP_CWORD=${c.words.length - 1}; COMPREPLY=(); _loupe; printf '%s\\n' "#${i}" "\${COMPREPLY[@]}"`;
    });
    const program = `source '${file}'\ncomplete -p loupe\n${lines.join('\n')}\n`;
    const out = execFileSync('bash', ['--norc', '--noprofile', '-c', program], {
      cwd: proj,
      encoding: 'utf8',
    });
    const [registered, ...rest] = out.split('\n');
    expect(registered).toBe('complete -F _loupe loupe');
    const answers = rest
      .join('\n')
      .split(/^#\d+\n?/m)
      .slice(1);
    all.forEach((c, i) => {
      const got = answers[i]!.split('\n').filter(Boolean);
      expect(sorted(got), c.words.join(' ')).toEqual(sorted(c.expected));
    });
  });
});

describe.skipIf(!has('zsh'))('loupe completion zsh (skipped when zsh is not installed)', () => {
  it('passes zsh -n and completes in the line editor as the specs say', async () => {
    const file = await script('zsh');
    execFileSync('zsh', ['-n', file]);
    const fpath = path.join(work, 'zfunc');
    mkdirSync(fpath, { recursive: true });
    writeFileSync(path.join(fpath, '_loupe'), readFileSync(file));
    const all: Case[] = [
      ...cases(),
      { words: ['loupe', 'pack', '.', '--focus', 'src/'], expected: ['app.ts'] },
      { words: ['loupe', 'pack', '--detail=s'], expected: ['signatures'] },
      { words: ['loupe', 'search', ''], expected: ['src'] },
    ];
    const out = path.join(work, 'zsh-hits');
    // One interactive zsh under a pseudo-terminal: compadd is wrapped to write what it offers;
    // each line is typed with a Tab, then cleared, then a marker is printed to the same file. The
    // next line waits for that marker: typed while a command runs, ^U would reach the terminal's
    // own line editing instead of zsh's.
    // While waiting, the terminal's output is read (and dropped): a full pty would block zsh.
    const wait = (mark: string) =>
      `while ! grep -q '^#${mark}$' ${out} 2>/dev/null; do while zpty -r -t z echoed; do :; done; sleep 0.02; done`;
    const typed = all
      .map(
        (c, i) =>
          `${wait(i ? `${i - 1}` : 'start')}\nzpty -n -w z ${quote(`${c.words.join(' ')}\t\x15print -- '#${i}' >> ${out}\n`)}`,
      )
      .join('\n');
    const driver = `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z ${quote(`PS1= LISTMAX=10000; fpath=(${fpath} $fpath); autoload -U compinit; compinit -u -D`)}
zpty -w z ${quote(`compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return; fi; local -a hits; builtin compadd -A hits "$@"; (( $#hits )) && print -l -- $hits >> ${out}; builtin compadd "$@"; }`)}
zpty -w z ${quote(`print -- '#start' > ${out}`)}
${typed}
${wait(`${all.length - 1}`)}
zpty -w z ${quote(`print -- '#done' >> ${out}; exit`)}
${wait('done')}
zpty -d z
`;
    execFileSync('zsh', ['-f', '-c', driver], { cwd: proj, timeout: 60_000 });
    const text = readFileSync(out, 'utf8');
    const answers = text.split(/^#(?:start|\d+|done)\n/m).slice(1);
    all.forEach((c, i) => {
      const got = answers[i]!.split('\n').filter(Boolean);
      expect(sorted(got), c.words.join(' ')).toEqual(sorted(c.expected));
    });
  });
});

describe.skipIf(!has('fish'))('loupe completion fish (skipped when fish is not installed)', () => {
  it('passes fish -n and answers complete -C as the specs say', async () => {
    const file = await script('fish');
    execFileSync('fish', ['-n', file]);
    const all: Case[] = [
      ...cases(),
      { words: ['loupe', 'pack', '.', '--focus', 'src/'], expected: ['src/app.ts'] },
      { words: ['loupe', 'search', ''], expected: ['src/'] },
      { words: ['loupe', 'pack', '--detail=s'], expected: ['--detail=signatures'] },
    ];
    const program = [
      `source ${quote(file)}`,
      ...all.map((c, i) => `echo '#${i}'; complete -C ${quote(c.words.join(' '))}`),
    ].join('\n');
    const out = execFileSync('fish', ['-N', '-c', program], { cwd: proj, encoding: 'utf8' });
    const answers = out.split(/^#\d+\n/m).slice(1);
    all.forEach((c, i) => {
      // complete -C prints "candidate<TAB>description".
      const got = answers[i]!.split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]!);
      expect(sorted(got), c.words.join(' ')).toEqual(sorted(c.expected));
    });
  });
});

/** A single-quoted word for zsh and fish (neither expands inside single quotes). */
function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
