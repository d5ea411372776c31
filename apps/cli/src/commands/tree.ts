// loupe tree DIR: the visible files as a tree, in the agent form (markdown) or for people (ascii),
// json or xml; optional per-file token counts and sizes, a subtree, a depth and caps.
import path from 'node:path';
import {
  buildTree,
  renderTree,
  type TreeEntry,
  type TreeField,
  type TreeFormat,
  Workspace,
} from '@loupe/engine';
import { defineCommand } from '../command';
import { progress } from '../progress';
import { oneLine } from '../quote';
import { maxFileBytesFrom, scanOptionsFrom } from '../scan-flags';

export const tree = defineCommand({
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const format = (values.json ? 'json' : values.format) as TreeFormat;
    const depth = values.depth as number | undefined;
    const maxEntries = values['max-entries'] as number | undefined;
    const maxTokens = values['max-tokens'] as number | undefined;

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
    if (!ws.index.size) io.stderr.write(`loupe tree: no visible files in ${oneLine(ws.root)}.\n`);
    if (maxTokens !== undefined && rendering.tokens !== undefined && rendering.tokens > maxTokens)
      io.stderr.write(
        `loupe tree: even with no entries the tree takes ${rendering.tokens} tokens, more than --max-tokens ${maxTokens}.\n`,
      );
    return 0;
  },
});
