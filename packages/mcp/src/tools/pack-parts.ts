// A pack larger than one result, cut into parts: part 1 is the pack of the focus at the most one
// result carries, part 2 the pack of the files part 1 did not carry with what is left of the budget,
// and so on. The plan is packed without the session (no references, its own placeholder numbering),
// so the parts depend on the focus, the files and the arguments only: the same call gets the same
// part. Each part is then packed again for the session from exactly its planned files, at its budget.
import { MaskSession, packFocus } from '@loupe/engine';
import type { McpProject } from '../project';
import type { ReplyBudget } from '../reply-limits';
import { dataBlockWith } from '../untrusted';

export interface PackArgs {
  budget?: number;
  paths?: string[];
  format?: 'markdown' | 'xml' | 'plain';
  detail?: 'full' | 'compact' | 'signatures' | 'outline';
  part?: number;
}

/** Tokens kept for the lines the pack tool adds to a part. */
export const PART_NOTE_TOKENS = 200;
/** Kept for the live-context line and its blocks: a part's size must not depend on them. */
const HEAD_TOKENS = 1_500;
const HEAD_CHARS = 6_000;
/**
 * The plan's data blocks carry this nonce: it takes more o200k tokens (22 in its two tags) than any
 * of 20,000 random nonces took (at most 20), so a part sent with a fresh random nonce is never
 * larger than planned, and the plan does not depend on a random draw.
 */
const PLAN_NONCE = '1a2b3c4d5e6f7a8b';
/** A part smaller than this holds little more than its header and footer: the budget is used up. */
const MIN_PART = 2_000;

export interface PlanPart {
  budget: number;
  tokens: number;
  /** The files the part holds, in the plan's order. */
  included: string[];
  /** Given paths that matched no file in the focus (the first part's plan finds them). */
  unmatched?: string[];
}

export interface PartPlan {
  /** The parts planned so far, in order (at least `upTo` when the pack has that many). */
  parts: PlanPart[];
  /** Every part is known (else at least one more follows the last one planned). */
  complete: boolean;
  /** Files no part carries (the budget ran out). */
  leftOver: boolean;
}

/** The most one part may take, in tokens and characters, for this client. */
export function partCaps(reply: ReplyBudget): { tokens: number; chars: number } {
  return {
    tokens: Math.max(MIN_PART, reply.tokens - HEAD_TOKENS - PART_NOTE_TOKENS),
    chars: Math.max(MIN_PART * 4, reply.chars - HEAD_CHARS),
  };
}

interface Planned {
  key: string;
  parts: PlanPart[];
  /** Whether files remain that no planned part carries. */
  unread: boolean;
  /** No further part can carry a file (none remain, or the last part carried none). */
  ended: boolean;
  spent: number;
}

const plans = new WeakMap<McpProject, Planned[]>();

function cached(project: McpProject, key: string): Planned {
  let list = plans.get(project);
  if (!list) {
    list = [];
    plans.set(project, list);
  }
  let hit = list.find((p) => p.key === key);
  if (!hit) {
    hit = { key, parts: [], unread: true, ended: false, spent: 0 };
    list.push(hit);
    if (list.length > 4) list.shift();
  }
  return hit;
}

/** Plans parts 1..`upTo` (fewer when the pack has fewer) of a `budget`-token pack. */
export async function partPlan(
  project: McpProject,
  args: PackArgs,
  budget: number,
  reply: ReplyBudget,
  upTo: number,
): Promise<PartPlan> {
  const caps = partCaps(reply);
  const key = JSON.stringify([
    project.contentKey,
    args.paths ?? null,
    args.format,
    args.detail,
    budget,
    caps,
  ]);
  const plan = cached(project, key);
  while (plan.parts.length < upTo && !plan.ended) {
    const left = budget - plan.spent;
    if (left < MIN_PART) break;
    const first = plan.parts.length === 0;
    const taken = new Set(plan.parts.flatMap((p) => p.included));
    const within = first ? undefined : project.focused().filter((e) => !taken.has(e.path));
    let partBudget = Math.min(caps.tokens, left);
    for (let tries = 0; ; tries++) {
      const r = await packFocus(project.ws, {
        budget: partBudget,
        format: args.format ?? 'markdown',
        ...(args.detail ? { detail: args.detail } : {}),
        // The agent's focus (strict focus narrows it), as the session's pack of the part sees it.
        ...(within
          ? { paths: args.paths ?? [], within }
          : { within: project.focused(), ...(args.paths?.length ? { paths: args.paths } : {}) }),
        session: new MaskSession(project.ws.maskKey),
        ...(project.strict ? { hiddenCountsOnly: true } : {}),
        wrapData: (label, body) => dataBlockWith(PLAN_NONCE, label, body),
      });
      // Text long for its tokens (long runs that tokenize cheaply) is packed again smaller.
      if (r.text.length > caps.chars && tries < 4 && partBudget > MIN_PART) {
        partBudget = Math.max(MIN_PART, Math.floor((partBudget * caps.chars * 0.95) / r.text.length));
        continue;
      }
      const included = r.coverage.outcomes.filter((o) => o.kind === 'included').map((o) => o.path);
      const unread = r.coverage.outcomes.some((o) => o.kind === 'omitted' && o.reason !== 'not-read');
      const unmatched = r.coverage.scope.unmatched;
      plan.parts.push({
        budget: partBudget,
        tokens: r.tokens,
        included,
        ...(unmatched?.length ? { unmatched } : {}),
      });
      plan.spent += r.tokens;
      plan.unread = unread;
      // A part that carried no file ends the plan: another would carry none either.
      plan.ended = !unread || included.length === 0;
      break;
    }
  }
  const more = !plan.ended && budget - plan.spent >= MIN_PART;
  return { parts: plan.parts, complete: !more, leftOver: plan.unread };
}
