// The registry of subcommands; `loupe help` lists them in this order. Each command's module is
// loaded only when it runs (the bundle splits per command), so `loupe pack` never loads what the
// MCP server or the search needs.
import type { Command } from '../command';

export interface CommandEntry {
  name: string;
  /** One line for `loupe help` (here, so listing the commands loads none of them). */
  summary: string;
  load(): Promise<Command>;
}

export const commands: CommandEntry[] = [
  {
    name: 'ls',
    summary: 'List the visible files of a folder: git ignore rules, then build output hidden by evidence.',
    load: async () => (await import('./ls')).ls,
  },
  {
    name: 'tree',
    summary: 'Print the visible files as a tree (markdown for agents, ascii for people, json, xml).',
    load: async () => (await import('./tree')).tree,
  },
  {
    name: 'tokens',
    summary: 'Count tokens exactly (as js-tiktoken does), per file and in total.',
    load: async () => (await import('./tokens')).tokens,
  },
  {
    name: 'mask',
    summary: 'Print files with secret values replaced by placeholders (--json: the findings, no values).',
    load: async () => (await import('./mask')).mask,
  },
  {
    name: 'compress',
    summary: 'Print files compressed to a detail level (compact, signatures, outline), each labelled.',
    load: async () => (await import('./compress')).compressCommand,
  },
  {
    name: 'pack',
    summary: 'Pack the focus into one document within a token budget (print, --out FILE or --copy).',
    load: async () => (await import('./pack')).pack,
  },
  {
    name: 'search',
    summary: 'Search the visible files of a folder: ranked, with the best match and the next reads.',
    load: async () => (await import('./search')).searchCommand,
  },
  {
    name: 'symbols',
    summary: 'List the declarations of a file, or find one by name (--find) as get_file {symbol} does.',
    load: async () => (await import('./symbols')).symbols,
  },
  {
    name: 'related',
    summary: 'Show the files a file imports and the files that import it, each edge resolved or ambiguous.',
    load: async () => (await import('./related')).related,
  },
  {
    name: 'mcp',
    summary: 'Serve a project to coding agents over MCP: stdio (headless), or HTTP on 127.0.0.1 with --http.',
    load: async () => (await import('./mcp')).mcp,
  },
  {
    name: 'bridge',
    summary: 'The MCP command for agents: connects to the Loupe app, or serves this project headless.',
    load: async () => (await import('./bridge')).bridge,
  },
  {
    name: 'receipts',
    summary: 'Show what agent sessions received from a project (never contents, search text or secrets).',
    load: async () => (await import('./receipts')).receipts,
  },
  {
    name: 'serve',
    summary: 'Open the focus window in a browser (127.0.0.1, session token in the address).',
    load: async () => (await import('./serve')).serve,
  },
];
