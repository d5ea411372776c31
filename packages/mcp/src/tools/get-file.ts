// get_file: any visible file by name (in or outside the focus), whole or by lines or by symbol, at a
// detail level; or up to 8 such requests at once. Repeats of unchanged content cost one line.

import { DETAILS } from '@loupe/common';
import { type AccessRequestReceipt, countTokens, LoupeError } from '@loupe/engine';
import * as z from 'zod';
import { addMasked, maskingTrailer } from '../content/notices';
import { call } from '../format';
import { looseBool, looseList, looseString } from '../lenient';
import type { ToolBody, ToolRegistry } from '../registry';
import { gate } from './ask';
import { linesFromAliases, parseLines } from './lines';
import { type ReadBody, type ReadRequest, readOne } from './read-one';

const MAX_REQUESTS = 8;

const fields = {
  lines: looseString().optional().describe('Line range of the file, e.g. "88-140", "88", "88-".'),
  symbol: z.string().optional().describe('One declaration by name, e.g. "Server.listen".'),
  detail: z.enum(DETAILS).optional().describe('full (default), compact, signatures or outline.'),
  fresh: looseBool().optional().describe('Send it even if this session already received it unchanged.'),
};

const request = z.preprocess(
  (v) => (typeof v === 'string' ? { path: v } : v),
  z.object({ path: z.string().describe('File path relative to the project root.'), ...fields }),
);

const schema = z.object({
  path: z.string().optional().describe('File path relative to the project root.'),
  ...fields,
  requests: looseList(request)
    .optional()
    .describe(`Up to ${MAX_REQUESTS} reads at once, each {path, lines?, symbol?, detail?, fresh?}.`),
});

type Args = z.infer<typeof schema> & Record<string, unknown>;

function toRequest(
  raw: { path: string; lines?: string; symbol?: string; detail?: ReadRequest['detail']; fresh?: boolean },
  aliases: Record<string, unknown> = {},
): ReadRequest {
  const lines = parseLines(raw.lines) ?? linesFromAliases(aliases);
  return {
    path: raw.path,
    ...(lines ? { lines } : {}),
    ...(raw.symbol ? { symbol: raw.symbol } : {}),
    ...(raw.detail ? { detail: raw.detail } : {}),
    ...(raw.fresh ? { fresh: true } : {}),
  };
}

export function registerGetFileTool(registry: ToolRegistry): void {
  registry.register({
    name: 'get_file',
    title: 'Read a file',
    description:
      'Read any visible project file by path (inside or outside the focus; under strict focus, a file outside it is asked for and the developer decides): whole, by lines, or one declaration by symbol. Content you already received unchanged is not sent twice. Batch up to 8 reads with requests.',
    schema,
    aliases: ['offset', 'limit', 'start_line', 'end_line'],
    async run(args: Args, ctx): Promise<ToolBody> {
      const list: ReadRequest[] = [];
      if (args.requests?.length) {
        if (args.requests.length > MAX_REQUESTS)
          throw new LoupeError(
            'invalid-argument',
            `requests holds ${args.requests.length} reads; send at most ${MAX_REQUESTS} per call.`,
          );
        for (const r of args.requests) list.push(toRequest(r));
      }
      if (args.path !== undefined) list.unshift(toRequest({ ...args, path: args.path }, args));
      if (!list.length)
        throw new LoupeError(
          'invalid-argument',
          `get_file needs a path, e.g. ${call('get_file', { path: 'src/index.ts' })}, or requests.`,
        );
      // Strict focus: reads outside the focus are asked for, all at once (several cards can wait).
      const gates = await Promise.all(list.map((req) => gate(req, ctx)));
      const requests: AccessRequestReceipt[] = gates.flatMap((g) => (g.kind === 'open' ? [] : [g.receipt]));
      // File text of all reads together: the project's cap, within what this client accepts.
      const room = { tokens: Math.min(ctx.project.maxResultTokens, ctx.room.tokens), chars: ctx.room.chars };
      const outcomes: ReadBody[] = [];
      for (const [i, req] of list.entries()) {
        const g = gates[i]!;
        let o: ReadBody;
        if (g.kind === 'refused') o = { parts: g.parts, tokens: 0, error: g.error };
        else {
          // Each read after this one keeps room for its header or refusal.
          const after = list.length - i - 1;
          o = await readOne(
            g.kind === 'granted' && g.how === 'once' ? { ...req, allowedOnce: true } : req,
            {
              tokens: Math.max(0, room.tokens - 150 - 120 * after),
              chars: Math.max(0, room.chars - 600 - 500 * after),
            },
            ctx,
          );
          if (g.kind === 'granted' && g.how === 'added')
            o.parts.unshift(
              `The developer added this file to the focus${g.revision !== undefined ? ` (revision ${g.revision})` : ''}.`,
            );
        }
        // Everything the read adds counts (its header, notes and refusals as well as its text).
        const added = o.parts.join('\n');
        room.tokens = Math.max(0, room.tokens - countTokens(added) - 2);
        room.chars = Math.max(0, room.chars - added.length - 2);
        outcomes.push(o);
      }
      const parts: string[] = [];
      outcomes.forEach((o, i) => {
        if (i > 0) parts.push('');
        parts.push(...o.parts);
      });
      const masked: Record<string, number> = {};
      for (const o of outcomes) addMasked(masked, o.masked);
      const delivered = outcomes.flatMap((o) => o.delivered ?? []);
      if (delivered.length) parts.push(...maskingTrailer(masked, ctx.project.content.maskingActive));
      const failed = outcomes.filter((o) => o.error);
      const whole = ctx.project.wholeOf(outcomes.flatMap((o) => (o.read ? [o.read] : [])));
      return {
        ...(whole !== undefined ? { wholeTokens: whole } : {}),
        parts,
        delivered,
        masked,
        ...(requests.length ? { requests } : {}),
        ...(failed.length === outcomes.length ? { error: failed[0]!.error! } : {}),
      };
    },
  });
}
