// The registry of subcommands; `loupe help` lists them in this order. Each command's module is
// loaded only when it runs (the bundle splits per command), so `loupe pack` never loads what the
// MCP server or the search needs.
import type { Command } from '../command';

export interface CommandEntry {
  name: string;
  load(): Promise<Command>;
}

export const commands: CommandEntry[] = [
  { name: 'ls', load: async () => (await import('./ls')).ls },
  { name: 'tree', load: async () => (await import('./tree')).tree },
  { name: 'tokens', load: async () => (await import('./tokens')).tokens },
  { name: 'mask', load: async () => (await import('./mask')).mask },
  { name: 'compress', load: async () => (await import('./compress')).compressCommand },
  { name: 'pack', load: async () => (await import('./pack')).pack },
  { name: 'search', load: async () => (await import('./search')).searchCommand },
  { name: 'symbols', load: async () => (await import('./symbols')).symbols },
  { name: 'related', load: async () => (await import('./related')).related },
  { name: 'mcp', load: async () => (await import('./mcp')).mcp },
  { name: 'bridge', load: async () => (await import('./bridge')).bridge },
  { name: 'receipts', load: async () => (await import('./receipts')).receipts },
  { name: 'serve', load: async () => (await import('./serve')).serve },
];
