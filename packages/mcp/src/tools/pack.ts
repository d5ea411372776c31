// pack: the focus (or given paths) packed into one document within a token budget, files already
// received by this session as one-line references, with a coverage footer. The packer lands with
// issue 8; until it is wired in, the tool says so and names the calls that serve meanwhile.
import { LoupeError } from '@loupe/engine';
import * as z from 'zod';
import { looseInt, looseList } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { dataBlock } from '../untrusted';

const schema = z.object({
  budget: looseInt(1000, 400_000).optional().describe('Token budget of the whole document (default 32000).'),
  paths: looseList(z.string()).optional().describe('Pack these paths instead of the whole focus.'),
  format: z.enum(['markdown', 'xml', 'plain']).optional().describe('markdown (default), xml or plain.'),
  detail: z
    .enum(['full', 'compact', 'signatures', 'outline'])
    .optional()
    .describe('Default detail level per file.'),
});

export function registerPackTool(registry: ToolRegistry): void {
  registry.register({
    name: 'pack',
    title: 'Pack the focus',
    description:
      'The focus packed into one document that fits a token budget: tree, then the most important files, compressed before anything is dropped; a footer states what was left out.',
    schema,
    async run(args, { project, session }): Promise<ToolBody> {
      if (!project.engines.pack)
        throw new LoupeError(
          'unsupported',
          'pack is not available in this build yet (the packer lands with its own issue). Meanwhile: get_tree {} for the focus, then get_file {"requests": [{"path": …}, …]} for up to 8 files per call.',
        );
      const received = new Set(
        project.sessions
          .changes(session)
          .filter((c) => c.status === 'unchanged')
          .map((c) => c.path),
      );
      const answer = await project.engines.pack({
        budget: args.budget ?? 32_000,
        format: args.format ?? 'markdown',
        ...(args.detail ? { detail: args.detail } : {}),
        ...(args.paths?.length ? { paths: args.paths } : {}),
        files: project.focused(),
        received,
      });
      return {
        parts: [dataBlock(answer.label, answer.data), ...answer.trailer],
        delivered: answer.delivered ?? [],
        masked: answer.masked ?? {},
      };
    },
  });
}
