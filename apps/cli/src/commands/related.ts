// loupe related DIR PATH: import edges of one file among the visible files of DIR (what it imports,
// what imports it; one or two hops), each edge resolved or ambiguous, as the MCP related_files tool
// gives them (without the live-context line), or --json.
import path from 'node:path';
import { type Direction, defaultStateDir, LoupeError, relatedFiles, Workspace } from '@loupe/engine';
import { renderRelationsResult } from '@loupe/mcp';
import { defineCommand } from '../command';
import { progress } from '../progress';

const DIRECTIONS: readonly Direction[] = ['imports', 'imported_by', 'both'];

export const related = defineCommand({
  name: 'related',
  usage: 'loupe related DIR PATH [--direction imports|imported_by|both] [--depth 1|2] [--json]',
  options: { direction: { type: 'string' }, depth: { type: 'string' }, json: { type: 'boolean' } },
  async run(positionals, values, io) {
    if (positionals.length !== 2)
      throw new LoupeError(
        'invalid-argument',
        'Give a folder and a file in it, e.g. `loupe related . src/app.ts`.',
      );
    const direction = (values.direction ?? 'both') as Direction;
    if (!DIRECTIONS.includes(direction))
      throw new LoupeError(
        'invalid-argument',
        `--direction takes one of ${DIRECTIONS.join(', ')}, not "${direction}".`,
      );
    const depth = values.depth === undefined ? 1 : Number(values.depth);
    if (depth !== 1 && depth !== 2)
      throw new LoupeError('invalid-argument', `--depth takes 1 or 2, not "${String(values.depth)}".`);
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
      io.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderRelationsResult(result));
      return 0;
    } finally {
      bar.done();
      await ws.close();
    }
  },
});
