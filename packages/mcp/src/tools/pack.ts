// pack: the focus (or given paths inside it) packed into one document within a token budget by the engine's
// one packer; files this session already received unchanged become one-line references, and the
// budget they free goes to other files. The footer (outside the data block) states what was left out.
import { DETAILS, PACK_FORMATS } from '@loupe/common';
import { type AgentSession, packFocus } from '@loupe/engine';
import * as z from 'zod';
import { looseInt, looseList } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { dataBlock } from '../untrusted';

const schema = z.object({
  budget: looseInt(1000, 400_000).optional().describe('Token budget of the whole document (default 32000).'),
  paths: looseList(z.string()).optional().describe('Only these paths or globs in focus.'),
  format: z.enum(PACK_FORMATS).optional().describe('markdown (default), xml or plain.'),
  detail: z.enum(DETAILS).optional().describe('Default detail level per file.'),
});

/** The call that delivered the whole file at this content hash in full detail, if any. */
function receivedWhole(
  session: AgentSession,
  path: string,
  hash: string,
): { call: number; revision: number } | undefined {
  const file = session.ledger
    .received()
    .find((f) => f.path === path && f.detail === 'full' && f.hash === hash);
  if (!file || file.totalLines === 0) return undefined;
  const plan = session.ledger.plan(path, hash, 'full', 1, file.totalLines);
  if (plan.send.length || !plan.covered.length) return undefined;
  const last = plan.covered.reduce((a, b) => (b.call > a.call ? b : a));
  return { call: last.call, revision: last.revision };
}

export function registerPackTool(registry: ToolRegistry): void {
  registry.register({
    name: 'pack',
    focusScoped: true,
    title: 'Pack the focus',
    description:
      'The focus packed into one document that fits a token budget: tree, then the most important files, compressed before anything is dropped; a footer states what was left out.',
    schema,
    async run(args, { project, session, call, revision }): Promise<ToolBody> {
      const r = await packFocus(project.ws, {
        budget: args.budget ?? 32_000,
        format: args.format ?? 'markdown',
        ...(args.detail ? { detail: args.detail } : {}),
        // Given paths choose from the focus only; a path that matches nothing there is stated.
        ...(args.paths?.length ? { paths: args.paths, within: project.focused() } : {}),
        session: session.mask,
        alreadyReceived: (path, hash) => receivedWhole(session, path, hash),
        wrapData: dataBlock,
      });
      // What the pack delivered counts as received: a later get_file of it answers in one line.
      for (const d of r.delivered) {
        if (d.lines > 0)
          session.ledger.record(d.path, d.hash, d.level, [[1, d.lines]], call, revision, d.lines);
      }
      return {
        parts: [r.text],
        delivered: r.delivered.map((d) => ({
          path: d.path,
          hash: d.hash,
          lines: d.lines > 0 ? [[1, d.lines] as const] : [],
          detail: d.level,
        })),
        masked: r.coverage.masked.byRule,
      };
    },
  });
}
