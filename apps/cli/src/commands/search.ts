// loupe search DIR QUERY: the ranked search over the visible files of DIR (masked text), as an
// agent receives it from the MCP `search` tool (without the live-context line), or --json.
import path from 'node:path';
import {
  defaultStateDir,
  type SearchResult,
  searchFocus,
  searchResultJson,
  startStreamWorkers,
  Workspace,
} from '@loupe/engine';
// The renderer alone, not the MCP barrel: a one-shot search loads no MCP server, SDK or schemas.
import { renderSearchResult } from '@loupe/mcp/render/search';
import { checkStopped, defineCommand } from '../command';
import { progress } from '../progress';
import { quoteName } from '../quote';

/** The result with its file names quoted for a terminal (the get_file calls and scope entries are JSON strings already). */
function quotedNames(r: SearchResult): SearchResult {
  return {
    ...r,
    ...(r.best ? { best: { ...r.best, path: quoteName(r.best.path) } } : {}),
    declarations: r.declarations.map((d) => ({ ...d, path: quoteName(d.path) })),
    files: r.files.map((f) => ({ ...f, path: quoteName(f.path) })),
    notShown: {
      files: r.notShown.files.map((f) => ({ ...f, path: quoteName(f.path) })),
      folders: r.notShown.folders.map((g) => ({ ...g, folder: quoteName(g.folder) })),
    },
  };
}

export const searchCommand = defineCommand({
  async run(positionals, values, io) {
    const [dir, query] = positionals as [string, string];
    const maxResults = values['max-results'] as number | undefined;
    const context = values.context as number | undefined;
    const bodyChars = values['body-chars'] as number | undefined;
    const bar = progress(io);
    // One search, then exit: its files stream through worker threads (no index is built), and
    // the workers start while the project is scanned. The scan stats no regular file: each
    // worker judges the files it is about to open (size, kind, the 2 MiB gate) as the scan would.
    startStreamWorkers();
    const ws = await Workspace.open(path.resolve(io.cwd, dir), {
      stateDir: null,
      savedFrom: defaultStateDir(io.env),
      countTokens: false,
      statFiles: false,
      ...(io.signal ? { signal: io.signal } : {}),
      scan: { onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`) },
    });
    try {
      bar.update(`searching ${ws.index.size} files`);
      checkStopped(io);
      const result = await searchFocus(ws, query, {
        regex: Boolean(values.regex),
        ...(Array.isArray(values.path) ? { paths: values.path.map(String) } : {}),
        ...(maxResults !== undefined ? { maxResults } : {}),
        ...(context !== undefined ? { context } : {}),
        ...(bodyChars !== undefined ? { bodyChars } : {}),
        stream: true,
        buildIndex: false,
        // A stop ends the search between tasks of its workers (the rest is never read).
        ...(io.signal ? { signal: io.signal } : {}),
        onProgress: (done, total) => bar.update(`searching: ${done} of ${total} files`),
      });
      bar.done();
      checkStopped(io);
      io.stdout.write(
        values.json
          ? `${JSON.stringify(searchResultJson(result))}\n`
          : renderSearchResult(quotedNames(result)),
      );
      return result.files.length ? 0 : 1;
    } finally {
      bar.done();
      await ws.close();
    }
  },
  onStop: 'cancels',
});
