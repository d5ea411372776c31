// get_tree: the focus as a tree (or one folder of it), in the cheap markdown form by default, with
// only the per-node fields asked for and a token cap that states what it left out.

import { groupDigits, plural } from '@loupe/common';
import { jailPath, nearestPaths, renderTree, type TreeModel, type TreeRendering } from '@loupe/engine';
import * as z from 'zod';
import { call, quoted } from '../format';
import { looseInt, looseList } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { dataBlock } from '../untrusted';
import { refusal } from './refusal';

const schema = z.object({
  path: z.string().optional().describe('Folder to start at, relative to the root (default: the root).'),
  depth: looseInt(1, 1000).optional().describe('Levels below the start folder (default: all).'),
  format: z.enum(['markdown', 'json']).optional().describe('markdown (default, cheapest) or json.'),
  fields: looseList(z.enum(['tokens', 'size', 'received']))
    .optional()
    .describe('Per-node columns: tokens, size, received (by you; "changed since" when it changed).'),
  max_tokens: looseInt(100, 100_000).optional().describe('Cap on the tree text (default 5000).'),
});

// Renderings of the shared focus model, reused while the model is current (warm calls are cheap).
const cache = new WeakMap<TreeModel, Map<string, TreeRendering>>();

function render(model: TreeModel, options: Parameters<typeof renderTree>[1], shared: boolean): TreeRendering {
  if (!shared) return renderTree(model, options);
  let byKey = cache.get(model);
  if (!byKey) {
    byKey = new Map();
    cache.set(model, byKey);
  }
  const key = JSON.stringify(options);
  let hit = byKey.get(key);
  if (!hit) {
    hit = renderTree(model, options);
    if (byKey.size > 32) byKey.clear();
    byKey.set(key, hit);
  }
  return hit;
}

export function registerGetTreeTool(registry: ToolRegistry): void {
  registry.register({
    name: 'get_tree',
    focusScoped: true,
    title: 'Focus tree',
    description:
      'The files the developer put in focus, as a tree (or one folder of it). Cheap: start here. Large trees are capped; the result says what was left out and how to see it.',
    schema,
    async run(args, { project, session, room, reply }): Promise<ToolBody> {
      let start = '';
      if (args.path !== undefined) {
        const v = jailPath(args.path, project.jail);
        if (!v.ok) return refusal(v, 'get_tree', project);
        if (v.kind === 'file')
          return {
            parts: [
              `${quoted(v.path)} is a file, not a folder; read it with ${call('get_file', { path: v.path })}.`,
            ],
            error: 'not-a-directory',
          };
        start = v.path;
      }
      const fields = args.fields ?? [];
      const received = fields.includes('received') ? project.sessions.receivedMarks([session]) : undefined;
      const model = project.focusTree(received);
      if (start && !model.find(start)) {
        const folders = nearestPaths(start, model.folders.map((f) => f.path).filter(Boolean), 5);
        return {
          parts: [
            `${quoted(start)} is a visible folder, but none of its files are in the focus; the tree shows only the focus. Read its files by name with get_file, or ask the developer to tick it.`,
            ...(folders.length ? [dataBlock('Nearest folders in the focus', folders.join('\n'))] : []),
          ],
          error: 'outside-focus',
        };
      }
      // The cap asked for, within what one result carries for this client (the tree's own lines aside).
      const asked = args.max_tokens ?? project.treeTokens;
      const fits = Math.max(100, Math.min(room.tokens - 300, Math.floor(room.chars / 4) - 300));
      const maxTokens = Math.min(asked, fits);
      const r = render(
        model,
        { format: args.format ?? 'markdown', path: start, depth: args.depth, fields, maxTokens },
        !received,
      );
      const total = r.total.files;
      const where = start ? ` under ${quoted(start)}` : '';
      const parts = [
        `Tree of the focus${where}: ${groupDigits(r.shown.files)} of ${plural(total, 'file')} and ${groupDigits(r.shown.folders)} of ${plural(r.total.folders, 'folder')} shown (${r.format}${fields.length ? `, fields: ${fields.join(', ')}` : ''}).`,
        dataBlock('Tree', r.text || '(no files)'),
      ];
      if (r.leftOut.files || r.leftOut.folders) {
        const why = r.by
          .map((b) =>
            b === 'depth' ? `depth ${args.depth}` : b === 'max-tokens' ? `max_tokens ${maxTokens}` : b,
          )
          .join(', ');
        parts.push(
          `Left out: ${plural(r.leftOut.folders, 'folder')} and ${plural(r.leftOut.files, 'file')} (${why}); folders ending in "… N more" hold them. See one with ${call('get_tree', { path: 'FOLDER' })}, or raise max_tokens.`,
        );
      } else parts.push('Nothing left out.');
      if (maxTokens < asked)
        parts.push(
          `max_tokens ${asked} is more than one result carries here; the tree was capped at ${maxTokens} (${reply.limits.client}: ${groupDigits(reply.limits.tokens)} tokens per result).`,
        );
      if (r.tokens !== undefined && r.tokens > maxTokens)
        parts.push(
          `Even the smallest form of this tree takes ${r.tokens} tokens, more than max_tokens ${maxTokens}.`,
        );
      const hidden = project.hiddenSummary();
      if (hidden) parts.push(`Hidden from agents (never served): ${hidden}.`);
      const summary = project.summary();
      if (project.strict && summary.totalFiles > summary.files)
        parts.push(
          `Not in this tree: ${plural(summary.totalFiles - summary.files, 'visible file')} outside the focus (strict focus: counted, not named; get_file of one asks the developer).`,
        );
      if (fields.includes('tokens') && summary.countedFiles < summary.countable)
        parts.push(
          `Token counts are still being computed (${groupDigits(summary.countedFiles)} of ${groupDigits(summary.countable)} files counted); files without a count show none.`,
        );
      return { parts };
    },
  });
}
