// loupe tree DIR: the visible files as a tree, in the agent form (markdown) or for people (ascii),
// json or xml; optional per-file token counts and sizes, a subtree, a depth and caps.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buildTree,
  countO200k,
  type FileEntry,
  LoupeError,
  renderTree,
  scanProject,
  TREE_FORMATS,
  type TreeEntry,
  type TreeField,
  type TreeFormat,
} from '@loupe/engine';
import { defineCommand, type Values } from '../command';
import { progress } from '../progress';

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

/**
 * Exact o200k counts per readable text file (flagged files are never read). Direct js-tiktoken
 * until the engine's token service (worker threads, disk cache) is available to commands.
 */
async function countFiles(
  root: string,
  files: FileEntry[],
  onCount: (done: number) => void,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const readable = files.filter((f) => !f.flag);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < readable.length) {
      const file = readable[next++]!;
      try {
        const text = await readFile(path.join(root, file.path), 'utf8');
        counts.set(file.path, countO200k(text));
      } catch {
        // Unreadable since the scan: listed without a count.
      }
      onCount(++done);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return counts;
}

export const tree = defineCommand({
  name: 'tree',
  summary: 'Print the visible files as a tree (markdown for agents, ascii for people, json, xml).',
  usage:
    'loupe tree DIR [--format markdown|ascii|json|xml] [--tokens] [--size] [--path SUB] [--depth N] [--max-entries N] [--max-tokens N]',
  options: {
    format: { type: 'string' },
    tokens: { type: 'boolean' },
    size: { type: 'boolean' },
    path: { type: 'string' },
    depth: { type: 'string' },
    'max-entries': { type: 'string' },
    'max-tokens': { type: 'string' },
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

    const bar = progress(io);
    const scan = await scanProject(path.resolve(io.cwd, dir), {
      onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`),
    });
    const counts = values.tokens
      ? await countFiles(scan.root, scan.files, (n) =>
          bar.update(`counting tokens: ${n} of ${scan.files.length} files`),
        )
      : undefined;
    bar.done();

    const entries: TreeEntry[] = scan.files.map((f) => {
      const entry: TreeEntry = { path: f.path };
      const tokens = counts?.get(f.path);
      if (tokens !== undefined) entry.tokens = tokens;
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
      rootName: path.basename(scan.root),
    });
    if (rendering.text) io.stdout.write(`${rendering.text}\n`);
    if (!scan.files.length) io.stderr.write(`loupe tree: no visible files in ${scan.root}.\n`);
    if (maxTokens !== undefined && rendering.tokens !== undefined && rendering.tokens > maxTokens)
      io.stderr.write(
        `loupe tree: even with no entries the tree takes ${rendering.tokens} tokens, more than --max-tokens ${maxTokens}.\n`,
      );
    return 0;
  },
});
