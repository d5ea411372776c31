// loupe tree DIR: the visible files as a tree, in the agent form (markdown) or for people (ascii),
// json or xml; optional per-file token counts and sizes, a subtree, a depth and caps.
import path from 'node:path';
import {
  buildTree,
  LoupeError,
  renderTree,
  TREE_FORMATS,
  type TreeEntry,
  type TreeField,
  type TreeFormat,
  Workspace,
} from '@loupe/engine';
import { defineCommand, type Values } from '../command';
import { progress } from '../progress';
import { maxFileBytesFrom, SCAN_FLAGS_USAGE, scanFlags, scanOptionsFrom } from '../scan-flags';

function whole(values: Values, name: string, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < min)
    throw new LoupeError(
      'invalid-argument',
      `--${name} takes a whole number of at least ${min}, not "${raw}".`,
    );
  return n;
}

export const tree = defineCommand({
  name: 'tree',
  usage: `loupe tree DIR [--format markdown|ascii|json|xml] [--tokens] [--size] [--path SUB] [--depth N] [--max-entries N] [--max-tokens N] ${SCAN_FLAGS_USAGE}`,
  options: {
    format: { type: 'string' },
    tokens: { type: 'boolean' },
    size: { type: 'boolean' },
    path: { type: 'string' },
    depth: { type: 'string' },
    'max-entries': { type: 'string' },
    'max-tokens': { type: 'string' },
    ...scanFlags,
  },
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const format = (values.format ?? 'markdown') as TreeFormat;
    if (!TREE_FORMATS.includes(format))
      throw new LoupeError(
        'invalid-argument',
        `--format takes one of ${TREE_FORMATS.join(', ')}, not "${format}".`,
      );
    const depth = whole(values, 'depth', 0);
    const maxEntries = whole(values, 'max-entries', 0);
    const maxTokens = whole(values, 'max-tokens', 1);

    const root = path.resolve(io.cwd, dir);
    const limit = maxFileBytesFrom(values);
    const scanOptions = scanOptionsFrom(values, root, io);
    const bar = progress(io);
    const ws = await Workspace.open(root, {
      stateDir: null,
      ...limit,
      countTokens: Boolean(values.tokens),
      scan: {
        ...scanOptions,
        onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`),
      },
    });
    try {
      if (values.tokens) {
        ws.onDidCountTokens((p) => bar.update(`counting tokens: ${p.done} of ${p.total} files`));
        await ws.tokensReady;
      }
    } finally {
      await ws.close();
      bar.done();
    }

    const entries: TreeEntry[] = ws.index.all().map((f) => {
      const entry: TreeEntry = { path: f.path };
      if (values.tokens && f.tokens !== undefined) entry.tokens = f.tokens;
      if (values.size) entry.size = f.size;
      return entry;
    });
    const fields: TreeField[] = [];
    if (values.tokens) fields.push('tokens');
    if (values.size) fields.push('size');
    const rendering = renderTree(buildTree(entries), {
      format,
      fields,
      path: typeof values.path === 'string' ? values.path : undefined,
      depth,
      maxEntries,
      maxTokens,
      rootName: path.basename(ws.root),
    });
    if (rendering.text) io.stdout.write(`${rendering.text}\n`);
    if (!ws.index.size) io.stderr.write(`loupe tree: no visible files in ${ws.root}.\n`);
    if (maxTokens !== undefined && rendering.tokens !== undefined && rendering.tokens > maxTokens)
      io.stderr.write(
        `loupe tree: even with no entries the tree takes ${rendering.tokens} tokens, more than --max-tokens ${maxTokens}.\n`,
      );
    return 0;
  },
});
