// The registry of subcommands: each command's spec (arguments, options with a description, a
// default and an example), from which the parser, `loupe help`, the completion scripts and the
// README's command table all follow. `loupe help` lists them in this order, by group. A command's
// body is loaded only when it runs (the bundle splits per command), so `loupe help` and
// `loupe pack` never load what the MCP server or the search needs. Adding a command: an entry
// here and its body in commands/NAME.ts (docs/architecture.md, "Where to add a CLI command").
import type { CommandSpec } from '../command';
import {
  DETAILS,
  DIRECTIONS,
  ENCODINGS,
  focus,
  json,
  PACK_FORMATS,
  SHELLS,
  scanFlags,
  TREE_FORMATS,
} from '../options';
import { budget, port, whole } from '../values';

const DIR = {
  name: 'DIR',
  describe: 'The project folder (default: the working folder).',
  optional: true,
  complete: 'dir',
} as const;
const COMPRESSED = DETAILS.filter((l) => l !== 'full');

export const commands: CommandSpec[] = [
  {
    name: 'ls',
    group: 'project',
    summary: 'List the visible files of a folder: git ignore rules, then build output hidden by evidence.',
    args: [DIR],
    options: {
      ...json(
        'Print sizes, exact tokens, languages and flags per file, and the hidden count, as JSON.',
        '. --json',
      ),
      all: { describe: 'With --json: list each hidden entry with its reason.', example: '. --json --all' },
      z: {
        describe: 'End each path with a NUL byte and print it exactly, unquoted (as git ls-files -z).',
        example: '. -z',
      },
      ...scanFlags,
    },
    examples: ['.', 'src -z | xargs -0 wc -l'],
    load: async () => (await import('./ls')).ls,
  },
  {
    name: 'tree',
    group: 'project',
    summary: 'Print the visible files as a tree (markdown for agents, ascii for people, json, xml).',
    args: [DIR],
    options: {
      format: {
        describe: 'How the tree is written.',
        choices: TREE_FORMATS,
        default: 'markdown',
        example: '. --format ascii',
      },
      ...json('The same as --format json (wins over --format).', '. --json'),
      tokens: { describe: 'Show exact token counts per file and folder.', example: '. --tokens' },
      size: { describe: 'Show sizes in bytes per file and folder.', example: '. --size' },
      path: {
        describe: 'Show only this subfolder.',
        value: 'SUB',
        unset: 'the whole tree',
        complete: 'dir',
        example: '. --path src/api',
      },
      depth: {
        describe: 'Show folders down to this depth; deeper ones are summed up.',
        value: 'N',
        parse: whole(0),
        unset: 'no limit',
        example: '. --depth 2',
        complete: 'none',
      },
      'max-entries': {
        describe: 'Show at most this many entries; the rest are summed up.',
        value: 'N',
        parse: whole(0),
        unset: 'no limit',
        example: '. --max-entries 200',
        complete: 'none',
      },
      'max-tokens': {
        describe: 'Keep the tree within this many tokens, leaving out the deepest entries first.',
        value: 'N',
        parse: whole(1),
        unset: 'no limit',
        example: '. --max-tokens 2000',
        complete: 'none',
      },
      ...scanFlags,
    },
    examples: ['. --format ascii --depth 2'],
    load: async () => (await import('./tree')).tree,
  },
  {
    name: 'tokens',
    group: 'project',
    summary: 'Count tokens exactly (as js-tiktoken does), per file and in total.',
    args: [{ name: 'PATH', describe: 'Files, or folders (their visible files).', variadic: true }],
    options: {
      encoding: {
        describe: 'The tokenizer encoding.',
        choices: ENCODINGS,
        default: 'o200k_base',
        example: 'src --encoding cl100k_base',
      },
      ...json('Print the counts as JSON.', 'src --json'),
    },
    examples: ['src README.md'],
    load: async () => (await import('./tokens')).tokens,
  },
  {
    name: 'mask',
    group: 'project',
    summary: 'Print files with secret values replaced by placeholders (--json: the findings, no values).',
    args: [{ name: 'PATH', describe: 'Files to mask.', variadic: true, complete: 'file' }],
    options: {
      ...json(
        'Print the findings (rule, line and column span, placeholder), never the values.',
        '.env --json',
      ),
    },
    examples: ['.env config/settings.py'],
    load: async () => (await import('./mask')).mask,
  },
  {
    name: 'compress',
    group: 'project',
    summary: 'Print files compressed to a detail level (compact, signatures, outline), each labelled.',
    args: [
      {
        name: 'PATH',
        describe: 'Files, or folders (their visible files that have a grammar).',
        variadic: true,
      },
    ],
    options: {
      level: {
        describe: 'How much of the code is kept.',
        choices: COMPRESSED,
        default: 'signatures',
        example: 'src/app.ts --level outline',
      },
      'strip-comments': { describe: 'Remove comments as well.', example: 'src/app.ts --strip-comments' },
      'strip-docstrings': {
        describe: 'Remove docstrings and doc comments (kept by default except at outline).',
        example: 'src/app.py --strip-docstrings',
      },
      'keep-docstrings': {
        describe: 'Keep docstrings and doc comments, also at outline.',
        example: 'src/app.py --level outline --keep-docstrings',
      },
      ...json('Print each file with its level, statistics and text as JSON.', 'src/app.ts --json'),
    },
    examples: ['src/app.ts --level compact'],
    load: async () => (await import('./compress')).compressCommand,
  },
  {
    name: 'pack',
    group: 'project',
    summary: 'Pack the focus into one document within a token budget (print, --out FILE or --copy).',
    args: [DIR],
    options: {
      budget: {
        describe: 'Most tokens in the pack, or "none" to pack everything.',
        value: 'N|none',
        parse: budget,
        default: '32000',
        example: '. --budget 8000',
        complete: 'none',
      },
      format: {
        describe: 'How the pack is written.',
        choices: PACK_FORMATS,
        default: 'markdown',
        example: '. --format xml',
      },
      ...focus('Pack these paths inside DIR instead of the saved focus.', '. --focus src README.md'),
      detail: {
        describe: 'The detail level of every file (lower levels fit more files).',
        choices: DETAILS,
        default: 'full',
        example: '. --detail signatures',
      },
      'line-numbers': { describe: 'Number the lines of each file.', example: '. --line-numbers' },
      out: {
        describe: 'Write the pack to this file (the summary goes to stderr).',
        value: 'FILE',
        unset: 'print to stdout',
        complete: 'file',
        example: '. --out context.md',
      },
      copy: {
        describe: 'Copy the pack to the clipboard (wl-copy, xclip, xsel, pbcopy or clip).',
        example: '. --copy',
      },
      ...json(
        'Print the coverage report (what was included, compressed, left out and why) as JSON.',
        '. --json',
      ),
    },
    examples: ['. --focus src lib --budget 8000'],
    load: async () => (await import('./pack')).pack,
  },
  {
    name: 'search',
    group: 'project',
    summary: 'Search the visible files of a folder: ranked, with the best match and the next reads.',
    args: [
      { name: 'DIR', describe: 'The project folder.', complete: 'dir' },
      {
        name: 'QUERY',
        describe: 'What to find: a literal (quote one with spaces), or a regex with --regex.',
        complete: 'none',
      },
    ],
    options: {
      regex: {
        describe: 'Read QUERY as an RE2 regular expression.',
        example: ". 'create(Server|App)' --regex",
      },
      ...json('Print the result as JSON.', '. createServer --json'),
      path: {
        describe: 'Search only here: a file, folder or glob inside DIR (repeat the flag for more).',
        value: 'PATH',
        unset: 'the whole focus',
        multiple: 'repeat',
        example: '. createServer --path src --path lib',
      },
      'max-results': {
        describe: 'Most matching lines shown.',
        value: 'N',
        parse: whole(1, 500),
        unset: '50',
        example: '. createServer --max-results 100',
        complete: 'none',
      },
      context: {
        describe: 'Context lines around each shown match.',
        value: 'N',
        parse: whole(0, 2),
        unset: '1',
        example: '. createServer --context 0',
        complete: 'none',
      },
      'body-chars': {
        describe: "Most characters of the best match's declaration.",
        value: 'N',
        parse: whole(200, 20_000),
        unset: '1800',
        example: '. createServer --body-chars 4000',
        complete: 'none',
      },
    },
    examples: ['. createServer'],
    load: async () => (await import('./search')).searchCommand,
  },
  {
    name: 'symbols',
    group: 'project',
    summary: 'List the declarations of a file, or find one by name (--find) as get_file {symbol} does.',
    args: [{ name: 'PATH', describe: 'The file.', complete: 'file' }],
    options: {
      find: {
        describe: 'Print the declaration with this (qualified) name, or the nearest names.',
        value: 'NAME',
        unset: 'list every declaration',
        complete: 'none',
        example: 'src/app.ts --find Cart.total',
      },
      ...json('Print the declarations (or the lookup) as JSON.', 'src/app.ts --json'),
    },
    examples: ['src/app.ts'],
    load: async () => (await import('./symbols')).symbols,
  },
  {
    name: 'related',
    group: 'project',
    summary: 'Show the files a file imports and the files that import it, each edge resolved or ambiguous.',
    args: [
      { name: 'DIR', describe: 'The project folder.', complete: 'dir' },
      { name: 'PATH', describe: 'A file inside it.', complete: 'file' },
    ],
    options: {
      direction: {
        describe: 'Which edges.',
        choices: DIRECTIONS,
        default: 'both',
        example: '. src/app.ts --direction imports',
      },
      depth: {
        describe: 'Hops to follow.',
        choices: ['1', '2'],
        parse: Number,
        default: '1',
        example: '. src/app.ts --depth 2',
      },
      ...json('Print the edges as JSON.', '. src/app.ts --json'),
    },
    examples: ['. src/app.ts'],
    load: async () => (await import('./related')).related,
  },
  {
    name: 'mcp',
    group: 'agents',
    summary: 'Serve a project to coding agents over MCP: stdio (headless), or HTTP on 127.0.0.1 with --http.',
    args: [],
    options: {
      root: {
        describe: 'The project folder.',
        value: 'DIR',
        unset: 'the working folder',
        complete: 'dir',
        example: '--root ~/src/app',
      },
      ...focus('Serve these paths as the focus instead of the saved one.', '--focus src docs'),
      http: {
        describe: 'Serve Streamable HTTP on 127.0.0.1 with a bearer token instead of stdio.',
        example: '--http',
      },
      port: {
        describe: 'With --http: the port; 0 picks a free one (printed).',
        value: 'N',
        parse: port,
        unset: 'a free port',
        complete: 'none',
        example: '--http --port 8765',
      },
      ...json(
        'With --http: print the address, port and token file as one JSON line on stdout.',
        '--http --json',
      ),
    },
    examples: ['--http --port 0'],
    load: async () => (await import('./mcp')).mcp,
  },
  {
    name: 'bridge',
    group: 'agents',
    summary: 'The MCP command for agents: connects to the Loupe app, or serves this project headless.',
    args: [],
    options: {
      root: {
        describe: 'The project folder, when the agent does not start the command inside it.',
        value: 'DIR',
        unset: 'the working folder',
        complete: 'dir',
        example: '--root ~/src/app',
      },
    },
    examples: ['--root .'],
    load: async () => (await import('./bridge')).bridge,
  },
  {
    name: 'receipts',
    group: 'agents',
    summary: 'Show what agent sessions received from a project (never contents, search text or secrets).',
    args: [DIR],
    options: { ...json('Print the sessions as JSON.', '. --json') },
    examples: ['.'],
    load: async () => (await import('./receipts')).receipts,
  },
  {
    name: 'serve',
    group: 'window',
    summary: 'Open the focus window in a browser (127.0.0.1, session token in the address).',
    args: [DIR],
    options: {
      port: {
        describe: 'The port; 0 picks a free one (printed).',
        value: 'N',
        parse: port,
        unset: 'a free port',
        complete: 'none',
        example: '. --port 8080',
      },
      ...json(
        'Print the address, port and agent socket as one JSON line on stdout once serving.',
        '. --json',
      ),
    },
    examples: ['. --port 0'],
    load: async () => (await import('./serve')).serve,
  },
  {
    name: 'completion',
    group: 'shell',
    summary: 'Print a completion script for bash, zsh or fish (commands, options, their values).',
    args: [{ name: 'SHELL', describe: 'The shell.', choices: SHELLS }],
    options: {},
    examples: ['bash > ~/.local/share/bash-completion/completions/loupe'],
    load: async () => (await import('../completion')).completionCommand(commands),
  },
  {
    name: 'help',
    group: 'shell',
    summary: "List the commands, or one command's arguments and options.",
    args: [{ name: 'COMMAND', describe: 'A command.', optional: true, complete: 'command' }],
    options: {},
    examples: ['pack'],
    load: async () => (await import('../help')).helpCommand(commands),
  },
];
