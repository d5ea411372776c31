// search: text search inside the focus (optionally inside given paths), ranked, with the ready
// get_file calls for what to read next. The ranked engine lands with issue 7; until it is wired
// in, a basic literal search answers and says so.
import * as z from 'zod';
import { basicSearch } from '../engines/basic-search';
import { looseBool, looseInt, looseList } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
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
    title: 'Search the focus',
    description:
      'Search the text of the files in focus. Results name the lines to read next with get_file; files outside the focus are not searched.',
    schema,
    searchLike: true,
    async run(args, { project, session }): Promise<ToolBody> {
      const request = {
        query: args.query,
        regex: args.regex ?? false,
        ...(args.paths?.length ? { paths: args.paths } : {}),
        maxResults: args.max_results ?? 50,
        files: project.focused(),
      };
      const answer = project.engines.search
        ? await project.engines.search(request)
        : await basicSearch(request, project.content, session.mask, project.maxResultTokens * 3);
      return {
        parts: [dataBlock(answer.label, answer.data), ...answer.trailer],
        delivered: answer.delivered ?? [],
        masked: answer.masked ?? {},
      };
    },
  });
}
