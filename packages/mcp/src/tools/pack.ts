// pack: the focus (or given paths inside it) packed into one document within a token budget by the engine's
// one packer; files this session already received unchanged become one-line references, and the
// budget they free goes to other files. The footer (outside the data block) states what was left out.
// A budget larger than one result comes in parts (pack-parts.ts), each named with the call for the next.
import { DETAILS, groupDigits, PACK_FORMATS } from '@loupe/common';
import { type AgentSession, type IndexEntry, packFocus, unmatchedScopeLine } from '@loupe/engine';
import * as z from 'zod';
import { call } from '../format';
import { looseInt, looseList } from '../lenient';
import type { CallContext, ToolBody, ToolRegistry } from '../registry';
import { dataBlockWith, newNonce } from '../untrusted';
import { type PackArgs, partCaps, partPlan } from './pack-parts';

export const DEFAULT_PACK_BUDGET = 32_000;
/** Tokens a part may take beyond its plan in a session (its placeholder numbers may be longer). */
const PART_SLACK = 64;

const schema = z.object({
  budget: looseInt(1000, 400_000)
    .optional()
    .describe(
      'Token budget of the whole document (default 32000); larger than one result, it comes in parts.',
    ),
  paths: looseList(z.string()).optional().describe('Only these paths or globs in focus.'),
  format: z.enum(PACK_FORMATS).optional().describe('markdown (default), xml or plain.'),
  detail: z.enum(DETAILS).optional().describe('Default detail level per file.'),
  part: looseInt(1, 1000).optional().describe('Which part of a pack that comes in parts (default 1).'),
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

/**
 * The call's data block: one nonce for the whole call, so the pack sizes its block with the nonce
 * it then sends (a fresh nonce per wrapping made the room for files differ from call to call).
 */
function callBlock(): (label: string, body: string) => string {
  let nonce = newNonce('');
  return (label, body) => {
    if (body.includes(nonce)) nonce = newNonce(body);
    return dataBlockWith(nonce, label, body);
  };
}

/** Packs for this session: its placeholders, its references, the data block. */
async function sessionPack(
  args: PackArgs,
  budget: number,
  within: readonly IndexEntry[] | undefined,
  { project, session }: CallContext,
) {
  const r = await packFocus(project.ws, {
    budget,
    format: args.format ?? 'markdown',
    ...(args.detail ? { detail: args.detail } : {}),
    // The agent's focus (strict focus narrows it); given paths choose from it only, and a path
    // that matches nothing there is stated.
    ...(within
      ? { paths: args.paths ?? [], within }
      : { within: project.focused(), ...(args.paths?.length ? { paths: args.paths } : {}) }),
    session: session.mask,
    ...(project.strict ? { hiddenCountsOnly: true } : {}),
    alreadyReceived: (path, hash) => receivedWhole(session, path, hash),
    wrapData: callBlock(),
  });
  return r;
}

type Packed = Awaited<ReturnType<typeof sessionPack>>;

export function registerPackTool(registry: ToolRegistry): void {
  registry.register({
    name: 'pack',
    focusScoped: true,
    title: 'Pack the focus',
    description:
      'The focus packed into one document that fits a token budget: tree, then the most important files, compressed before anything is dropped; a footer states what was left out. A budget larger than one result comes in parts: the result names the call for the next.',
    schema,
    async run(args, ctx): Promise<ToolBody> {
      const budget = args.budget ?? DEFAULT_PACK_BUDGET;
      const part = args.part ?? 1;
      if (ctx.project.strict && !ctx.project.focused().length)
        return {
          parts: [
            'Nothing to pack: strict focus is on and no file is ticked, so no file is served. Ask the developer to tick what you need, or ask for one file with get_file (the developer decides).',
          ],
        };
      // Whether one result carries the pack depends on the client, not on this call's live line.
      const caps = partCaps(ctx.reply);
      if (budget <= caps.tokens && part === 1) {
        const r = await sessionPack(args, budget, undefined, ctx);
        // Text long for its tokens: packed again in parts that fit the characters too.
        if (r.text.length <= caps.chars) return body(r, [], ctx);
      }
      return packInParts(args, budget, part, ctx);
    },
  });
}

/** The result; what the pack delivered counts as received (a later get_file answers in one line). */
function body(r: Packed, notes: string[], { project, session, call: n, revision }: CallContext): ToolBody {
  for (const d of r.delivered) {
    if (d.lines > 0) session.ledger.record(d.path, d.hash, d.level, [[1, d.lines]], n, revision, d.lines);
  }
  const whole = project.wholeOf(
    r.coverage.outcomes.flatMap((o) => (o.kind === 'omitted' ? [] : [{ path: o.path, hash: o.hash }])),
  );
  return {
    ...(whole !== undefined ? { wholeTokens: whole } : {}),
    parts: [r.text, ...notes],
    delivered: r.delivered.map((d) => ({
      path: d.path,
      hash: d.hash,
      lines: d.lines > 0 ? [[1, d.lines] as const] : [],
      detail: d.level,
    })),
    masked: r.coverage.masked.byRule,
  };
}

async function packInParts(
  args: PackArgs,
  budget: number,
  part: number,
  ctx: CallContext,
): Promise<ToolBody> {
  const plan = await partPlan(ctx.project, args, budget, ctx.reply, part);
  const next = (k: number) => call('pack', { ...stripPart(args), part: k });
  if (part > plan.parts.length) {
    const count = plan.parts.length;
    return {
      parts: [
        count === 1
          ? `This pack comes in one part; there is no part ${part}. Ask for it with ${next(1)}.`
          : `This pack comes in ${count} parts; there is no part ${part}. The last one is ${next(count)}.`,
      ],
      error: 'invalid-argument',
    };
  }
  const p = plan.parts[part - 1]!;
  const single = plan.complete && plan.parts.length === 1 && !plan.leftOver;
  // A pack in one part is packed as a single pack (the whole tree, the notes on given paths). Parts
  // of a larger pack are packed from exactly their planned files: a session's references and
  // placeholders change sizes, never which part holds a file (the slack absorbs a placeholder
  // numbered higher in this session than in the plan).
  const holds = new Set(p.included);
  const r = single
    ? await sessionPack(args, p.budget, undefined, ctx)
    : await sessionPack(
        { ...args, paths: [] },
        p.budget + PART_SLACK,
        ctx.project.focused().filter((e) => holds.has(e.path)),
        ctx,
      );
  const carries = `one result carries at most ${groupDigits(ctx.reply.tokens)} tokens for ${ctx.reply.limits.client}`;
  if (single) {
    const dropped = r.coverage.outcomes.some((o) => o.kind === 'omitted' && o.reason !== 'not-read');
    return body(
      r,
      [
        `Packed within ${groupDigits(p.budget)} of the ${groupDigits(budget)} tokens asked for (${carries}); ${dropped ? 'the footer names what did not fit.' : 'nothing was left out for the budget.'}`,
      ],
      ctx,
    );
  }
  const count = plan.complete ? `${plan.parts.length}` : `at least ${plan.parts.length + 1}`;
  const notes = [
    `Part ${part} of ${count} of this ${groupDigits(budget)}-token pack (${carries}; parts are the same for the same focus, files and arguments).${part > 1 ? ' It holds files earlier parts did not carry; its tree shows only them (get_tree shows the whole focus).' : ''}`,
  ];
  if (part === 1 && p.unmatched) notes.push(unmatchedScopeLine(p.unmatched));
  if (part < plan.parts.length || !plan.complete)
    notes.push(
      `Files this part's footer lists as left out for the budget may follow in the next part: ${next(part + 1)}.`,
    );
  else if (plan.leftOver)
    notes.push(
      `This is the last part: the ${groupDigits(budget)}-token budget is used up; the footer names the files no part carries.`,
    );
  else notes.push('This is the last part.');
  return body(r, notes, ctx);
}

function stripPart(args: PackArgs): PackArgs {
  const { part: _part, ...rest } = args as PackArgs & { part?: number };
  return rest;
}
