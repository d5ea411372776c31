// related_files: import edges of a file inside the focus (what it imports, what imports it), each
// edge resolved or ambiguous. The engine is packages/engine/src/relations.
import { jailPath, LoupeError, relatedFiles } from '@loupe/engine';
import * as z from 'zod';
import { looseInt } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { renderRelations } from '../render/relations';
import { dataBlock } from '../untrusted';
import { refusal } from './refusal';

const schema = z.object({
  path: z.string().describe('File path relative to the project root.'),
  direction: z.enum(['imports', 'imported_by', 'both']).optional().describe('Default both.'),
  depth: looseInt(1, 2).optional().describe('1 (default) or 2 hops.'),
});

export function registerRelatedFilesTool(registry: ToolRegistry): void {
  registry.register({
    name: 'related_files',
    focusScoped: true,
    title: 'Related files',
    description:
      'Files in focus that a file imports or that import it (1 or 2 hops), each edge resolved or ambiguous.',
    schema,
    searchLike: true,
    async run(args, { project }): Promise<ToolBody> {
      const v = jailPath(args.path, project.jail);
      if (!v.ok) return refusal(v, 'related_files', project);
      if (v.kind !== 'file')
        throw new LoupeError('not-a-file', 'related_files takes a file; for a folder use get_tree.');
      const answer = renderRelations(
        await relatedFiles(project.ws, v.path, {
          direction: args.direction ?? 'both',
          depth: (args.depth ?? 1) as 1 | 2,
          files: project.focused(),
        }),
      );
      return { parts: [dataBlock(answer.label, answer.data), ...answer.trailer] };
    },
  });
}
