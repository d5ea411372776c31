// loupe related DIR PATH: import edges of one file among the visible files of DIR (what it imports,
// what imports it; one or two hops), each edge resolved or ambiguous, as the MCP related_files tool
// gives them (without the live-context line), or --json.
import path from 'node:path';
import {
  type Direction,
  defaultStateDir,
  type RelatedFile,
  type Relations,
  relatedFiles,
  Workspace,
} from '@loupe/engine';
import { renderRelations } from '@loupe/mcp';
import { defineCommand } from '../command';
import { progress } from '../progress';
import { oneLine, quoteName } from '../quote';

/** The result with its file names quoted for a terminal (import strings are JSON strings already). */
function quotedNames(r: Relations): Relations {
  const file = (f: RelatedFile): RelatedFile => ({
    ...f,
    path: quoteName(f.path),
    ...(f.through ? { through: quoteName(f.through) } : {}),
  });
  return { ...r, path: quoteName(r.path), imports: r.imports.map(file), importedBy: r.importedBy.map(file) };
}

export const related = defineCommand({
  async run(positionals, values, io) {
    const direction = values.direction as Direction;
    const depth = values.depth as 1 | 2;
    const root = path.resolve(io.cwd, positionals[0]!);
    // PATH relative to DIR, or to the working folder when it points inside DIR.
    const raw = positionals[1]!;
    const fromCwd = path.relative(root, path.resolve(io.cwd, raw));
    const rel = (fromCwd && !fromCwd.startsWith('..') && !path.isAbsolute(fromCwd) ? fromCwd : raw)
      .split(path.sep)
      .join('/');
    const bar = progress(io);
    const ws = await Workspace.open(root, {
      stateDir: null,
      savedFrom: defaultStateDir(io.env),
      countTokens: false,
      scan: { onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`) },
    });
    try {
      const file = ws.index.get(rel) ? rel : raw.split(path.sep).join('/').replace(/^\.\//, '');
      const result = await relatedFiles(ws, file, { direction, depth });
      bar.done();
      if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else {
        // Names quoted in the edges; the trailer's next calls keep exact names (as JSON strings).
        const { data } = renderRelations(quotedNames(result));
        const { trailer } = renderRelations(result);
        io.stdout.write(`${data}\n\n${trailer.map(oneLine).join('\n')}\n`);
      }
      return 0;
    } finally {
      bar.done();
      await ws.close();
    }
  },
});
