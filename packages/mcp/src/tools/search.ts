// search: ranked text search inside the focus (optionally inside given paths), over masked text,
// with the ready get_file calls for what to read next. The engine is packages/engine/src/search.
import { searchDelivered, searchFocus } from '@loupe/engine';
import * as z from 'zod';
import { looseBool, looseInt, looseList } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { renderSearch } from '../render/search';
import { dataBlock } from '../untrusted';

const schema = z.object({
  query: z.string().min(1).describe('Text to find (case-insensitive unless it has capitals).'),
  regex: looseBool().optional().describe('Treat query as a regular expression (RE2).'),
  paths: looseList(z.string())
    .optional()
    .describe('Limit to these folders, files or globs inside the focus.'),
  max_results: looseInt(1, 500).optional().describe('Most matching lines to show (default 50).'),
});

export function registerSearchTool(registry: ToolRegistry): void {
  registry.register({
    name: 'search',
    focusScoped: true,
    title: 'Search the focus',
    description:
      'Search the text of the files in focus. Results name the lines to read next with get_file; files outside the focus are not searched.',
    schema,
    searchLike: true,
    async run(args, { project, session, call, revision }): Promise<ToolBody> {
      const result = await searchFocus(project.ws, args.query, {
        regex: args.regex ?? false,
        ...(args.paths?.length ? { paths: args.paths } : {}),
        maxResults: args.max_results ?? 50,
        files: project.focused(),
        session: session.mask,
      });
      // The live-context line states the files outside the focus; the result does not repeat it.
      const answer = {
        ...renderSearch(result, { outsideFocus: false }),
        delivered: searchDelivered(result),
        masked: result.masked,
      };
      const delivered = answer.delivered ?? [];
      // Lines a result showed were delivered: the session's ledger records them (its received
      // files, the window's marks), under their own detail so a later get_file still sends them
      // whole (a search line may be cut around its match).
      for (const d of delivered) session.ledger.record(d.path, d.hash, 'search', d.lines, call, revision, 0);
      return {
        parts: [dataBlock(answer.label, answer.data), ...answer.trailer],
        delivered,
        masked: answer.masked ?? {},
      };
    },
  });
}
