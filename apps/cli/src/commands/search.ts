// loupe search DIR QUERY: the ranked search over the visible files of DIR (masked text), as an
// agent receives it from the MCP `search` tool (without the live-context line), or --json.
import path from 'node:path';
import { defaultStateDir, LoupeError, searchFocus, searchResultJson, Workspace } from '@loupe/engine';
import { renderSearchResult } from '@loupe/mcp';
import { defineCommand, type Values } from '../command';
import { progress } from '../progress';

function whole(values: Values, name: string, min: number, max: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < min || n > max)
    throw new LoupeError(
      'invalid-argument',
      `--${name} takes a whole number from ${min} to ${max}, not "${raw}".`,
    );
  return n;
}

export const searchCommand = defineCommand({
  name: 'search',
  usage:
    'loupe search DIR QUERY [--regex] [--json] [--path P]... [--max-results N] [--context 0-2] [--body-chars N]',
  options: {
    regex: { type: 'boolean' },
    json: { type: 'boolean' },
    path: { type: 'string', multiple: true },
    'max-results': { type: 'string' },
    context: { type: 'string' },
    'body-chars': { type: 'string' },
  },
  async run(positionals, values, io) {
    if (positionals.length !== 2)
      throw new LoupeError(
        'invalid-argument',
        'Give a folder and a query, e.g. `loupe search . createServer` (quote a query with spaces).',
      );
    const [dir, query] = positionals as [string, string];
    const maxResults = whole(values, 'max-results', 1, 500);
    const context = whole(values, 'context', 0, 2);
    const bodyChars = whole(values, 'body-chars', 200, 20_000);
    const bar = progress(io);
    const ws = await Workspace.open(path.resolve(io.cwd, dir), {
      stateDir: null,
      savedFrom: defaultStateDir(io.env),
      countTokens: false,
      scan: { onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`) },
    });
    try {
      bar.update(`reading ${ws.index.size} files`);
      const result = await searchFocus(ws, query, {
        regex: Boolean(values.regex),
        ...(Array.isArray(values.path) ? { paths: values.path.map(String) } : {}),
        ...(maxResults !== undefined ? { maxResults } : {}),
        ...(context !== undefined ? { context } : {}),
        ...(bodyChars !== undefined ? { bodyChars } : {}),
      });
      bar.done();
      io.stdout.write(
        values.json ? `${JSON.stringify(searchResultJson(result))}\n` : renderSearchResult(result),
      );
      return result.files.length ? 0 : 1;
    } finally {
      bar.done();
      await ws.close();
    }
  },
});
