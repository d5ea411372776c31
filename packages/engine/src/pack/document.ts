// Assembling the document: header, the data part (tree and files, wrapped for agents when asked),
// and the footer that states the document's own token count. A budgeted document is measured as a
// whole and the walk redone with less room until it fits; a full pack is written part by part and
// its count is the sum of parts that split cleanly (counter.ts).

import { LoupeError } from '../errors';
import type { IndexEntry } from '../workspace/file-index';
import { JOIN, type Walk, type WalkContext, walk } from './budget';
import { splitsCleanly, type TextCounter } from './counter';
import { footerLines } from './footer';
import type { HeaderInfo, Layout } from './formats';
import { type FullContext, packAll } from './full';
import { packSections, type SectionStream, type SectionsContext } from './sections';
import type { Included, Outcome, PackCoverage, PackOptions, PackResult } from './types';

/** Label of the data block (MCP) that holds the tree and the files. */
export const DATA_LABEL = 'Packed tree and files';
/** Share of the budget the footer's file lists may take (the rest of the footer is always there). */
export const LIST_SHARE = 0.06;
/** Above this many bytes in scope, a full pack counts on worker threads. */
export const LARGE_BYTES = 32 << 20;

export type PackReport = Omit<PackResult, 'text'>;

export interface DocContext {
  layout: Layout;
  header: HeaderInfo;
  /** The coverage without what the walk decides. */
  base: Omit<PackCoverage, 'tokens' | 'outcomes' | 'counts' | 'masked'>;
  treeSection: string;
  scope: readonly IndexEntry[];
  count(text: string): number;
  wrapData?: PackOptions['wrapData'];
}

export function coverageOf(base: DocContext['base'], outcomes: Outcome[], scope: number): PackCoverage {
  const counts: PackCoverage['counts'] = {
    scope,
    full: 0,
    compressed: {},
    referenced: 0,
    omitted: 0,
    notRead: 0,
  };
  const byRule: Record<string, number> = {};
  let masked = 0;
  for (const o of outcomes) {
    if (o.kind === 'included') {
      if (o.level === 'full') counts.full++;
      else counts.compressed[o.level] = (counts.compressed[o.level] ?? 0) + 1;
      for (const [rule, k] of Object.entries(o.masked)) {
        byRule[rule] = (byRule[rule] ?? 0) + k;
        masked += k;
      }
    } else if (o.kind === 'referenced') counts.referenced++;
    else {
      counts.omitted++;
      if (o.reason === 'not-read') counts.notRead++;
    }
  }
  return { ...base, tokens: 0, outcomes, counts, masked: { total: masked, byRule } };
}

export function report(coverage: PackCoverage): PackReport {
  return {
    tokens: coverage.tokens,
    coverage,
    delivered: coverage.outcomes
      .filter((o): o is Included => o.kind === 'included')
      .map((o) => ({ path: o.path, hash: o.hash, level: o.level, lines: o.lines, tokens: o.tokens })),
  };
}

function footerOf(ctx: DocContext, coverage: PackCoverage, listCap: number) {
  return (tokens: number) =>
    `${ctx.layout.footer(footerLines({ coverage: { ...coverage, tokens }, listCap, count: ctx.count }))}\n`;
}

/** The footer states the whole count, its own tokens included: settles in a round or two. */
function settle(before: number, compose: (tokens: number) => string, count: (t: string) => number) {
  let tokens = before + count(compose(before));
  for (let round = 0; round < 8; round++) {
    const next = before + count(compose(tokens));
    if (next === tokens) break;
    tokens = next;
  }
  return { tokens, footer: compose(tokens) };
}

/** A document held in memory, measured on itself. */
function measured(ctx: DocContext, coverage: PackCoverage, body: string, listCap: number): PackResult {
  const head = ctx.layout.header({ ...ctx.header, placeholders: coverage.masked.total > 0 });
  const data = ctx.wrapData ? ctx.wrapData(DATA_LABEL, body) : body;
  const prefix = `${head}\n\n${data}\n\n`;
  const compose = footerOf(ctx, coverage, listCap);
  let { tokens, footer } = settle(ctx.count(prefix), compose, ctx.count);
  let text = prefix + footer;
  let actual = ctx.count(text);
  for (let round = 0; actual !== tokens && round < 8; round++) {
    tokens = actual;
    footer = compose(tokens);
    text = prefix + footer;
    actual = ctx.count(text);
  }
  coverage.tokens = actual;
  return { ...report(coverage), text };
}

function composeWalk(ctx: DocContext, w: Walk, listCap: number): PackResult {
  const coverage = coverageOf(ctx.base, w.outcomes, ctx.scope.length);
  return measured(ctx, coverage, [ctx.treeSection, ...w.sections].join('\n\n'), listCap);
}

/** The budgeted document: the most the walk fits, measured on the whole text. */
export async function fitBudget(
  ctx: DocContext,
  files: readonly IndexEntry[],
  walkContext: WalkContext,
  budget: number,
  treeTokens: number,
): Promise<PackResult> {
  const listCap = Math.floor(budget * LIST_SHARE);
  const { count, layout } = ctx;
  // Nothing but omissions: the smallest document, and the footer at its longest lists.
  const emptyWalk: Walk = {
    outcomes: files.map((f) =>
      f.flag
        ? { kind: 'omitted', path: f.path, reason: 'not-read', why: `not read (${f.flag})`, steps: [] }
        : {
            kind: 'omitted',
            path: f.path,
            reason: 'budget',
            why: 'the budget ran out',
            steps: [],
            ...(f.tokens === undefined ? {} : { tokens: f.tokens }),
          },
    ),
    sections: [],
    used: 0,
  };
  const least = composeWalk(ctx, emptyWalk, listCap);
  const headerTokens = count(layout.header({ ...ctx.header, placeholders: true }));
  const footerTokens = least.tokens - count(layout.header(ctx.header)) - treeTokens;
  const wrapTokens = ctx.wrapData ? count(ctx.wrapData(DATA_LABEL, '')) + 8 : 0;
  // The lists of compressed and referenced files add a heading and a tail line each.
  let avail = budget - headerTokens - treeTokens - wrapTokens - (footerTokens + 48) - 3 * JOIN;
  let best: PackResult | undefined;
  let grew = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const result = composeWalk(ctx, await walk(files, Math.max(0, avail), walkContext), listCap);
    if (result.tokens <= budget) {
      best = result;
      // The footer came out smaller than its reserve: offer the slack to the files once.
      const slack = budget - result.tokens;
      if (grew || slack < 64) break;
      grew = true;
      avail += slack - 16;
      continue;
    }
    if (best || avail <= 0) break;
    avail -= result.tokens - budget + 8 * (attempt + 1);
  }
  if (best) return best;
  if (least.tokens <= budget) return least;
  throw new LoupeError(
    'invalid-argument',
    `A budget of ${budget} tokens cannot hold this pack's header, tree line and coverage footer (${least.tokens} tokens); give a budget of at least ${least.tokens}.`,
  );
}

/** `settle`, counting on the counter's threads. */
async function settleAsync(before: number, compose: (tokens: number) => string, counter: TextCounter) {
  const count = async (text: string) => {
    const n = counter.count(text);
    await counter.below(1);
    return n;
  };
  let tokens = before + (await count(compose(before)));
  for (let round = 0; round < 8; round++) {
    const next = before + (await count(compose(tokens)));
    if (next === tokens) break;
    tokens = next;
  }
  return { tokens, footer: compose(tokens) };
}

/** Where a document goes, part by part: text, or bytes of UTF-8 text (whole sections). */
export type PartWriter = (chunk: string | Uint8Array) => void | Promise<void>;

/**
 * A full pack at full detail for a reader (no data block, no session references), written section
 * by section as the files are read (sections.ts): header, tree, files, and the footer that states
 * the sum of the parts' counts, which split cleanly (counter.ts). `counter` counts what the
 * batches leave uncounted (on a thread of its own beside this one, or here).
 */
export async function packFullSections(
  ctx: DocContext,
  stream: SectionStream,
  sections: Omit<SectionsContext, 'emit' | 'layout' | 'counter'>,
  write: PartWriter,
  counter: TextCounter,
): Promise<PackReport> {
  const { layout } = ctx;
  const counts: Array<number | Promise<number>> = [];
  let last = '';
  // Parts end a line and begin with a heading or a tag: their counts add up exactly.
  const clean = (part: string | Uint8Array) => {
    // A byte above ASCII might begin a space: treated as one (no section begins with one).
    const head =
      typeof part === 'string'
        ? part.slice(0, 1)
        : String.fromCharCode((part[0] ?? 0x80) < 0x80 ? part[0]! : 0x20);
    const tail = typeof part === 'string' ? part.slice(-2) : String.fromCharCode(...part.subarray(-2));
    if (!splitsCleanly(last, head) || !tail.endsWith('\n'))
      throw new Error('pack sections must split cleanly for a full pack');
    last = tail;
  };
  const emit = async (part: string | Uint8Array, tokens: number | Promise<number>) => {
    clean(part);
    if (typeof tokens !== 'number') tokens.catch(() => {}); // awaited with the rest below
    counts.push(tokens);
    await write(part);
  };
  const head = `${layout.header({ ...ctx.header, placeholders: ctx.header.masking })}\n\n`;
  await emit(head, counter.count(head));
  const tree = `${ctx.treeSection}\n\n`;
  await emit(tree, counter.count(tree));
  const treeTokens = counter.count(ctx.treeSection);
  treeTokens.catch(() => {}); // awaited below, after the files
  const outcomes = await packSections(stream, { ...sections, layout, counter, emit });
  await counter.below(1); // hands over the last texts
  const before = (await Promise.all(counts)).reduce((a, b) => a + b, 0);
  const coverage = coverageOf(ctx.base, outcomes, ctx.scope.length);
  coverage.tree.tokens = await treeTokens;
  const { tokens, footer } = await settleAsync(
    before,
    footerOf(ctx, coverage, Number.POSITIVE_INFINITY),
    counter,
  );
  await write(footer);
  coverage.tokens = tokens;
  return report(coverage);
}

/**
 * A full pack. Unwrapped, it is written section by section, the placeholder warning stated up
 * front whenever masking is on; wrapped for an agent, the data block needs the whole body, so it
 * is built in memory and measured whole.
 */
export async function packFull(
  ctx: DocContext,
  files: readonly IndexEntry[],
  full: Omit<FullContext, 'counter' | 'emit'>,
  write: PartWriter,
  counter: TextCounter,
): Promise<PackReport> {
  const { layout } = ctx;
  if (ctx.wrapData) {
    const sections: string[] = [];
    const outcomes = await packAll(files, {
      ...full,
      counter,
      emit: async (part) => {
        sections.push(part);
      },
    });
    const coverage = coverageOf(ctx.base, outcomes, ctx.scope.length);
    coverage.tree.tokens = ctx.count(ctx.treeSection);
    const body = `${ctx.treeSection}\n\n${sections.join('')}`.replace(/\n\n$/, '');
    const result = measured(ctx, coverage, body, Number.POSITIVE_INFINITY);
    await write(result.text);
    return report(result.coverage);
  }
  const counts: Array<Promise<number>> = [];
  let last = '';
  const emit = async (part: string, tokens: Promise<number>) => {
    // Sections end a line and begin with a heading or a tag: their counts add up exactly.
    if (!splitsCleanly(last, part)) throw new Error('pack sections must split cleanly for a full pack');
    last = part.slice(-2);
    tokens.catch(() => {}); // a failed count is reported once all are in
    counts.push(tokens);
    await write(part);
  };
  const head = `${layout.header({ ...ctx.header, placeholders: ctx.header.masking })}\n\n`;
  await emit(head, counter.count(head));
  const tree = `${ctx.treeSection}\n\n`;
  const treeTokens = counter.count(ctx.treeSection);
  treeTokens.catch(() => {}); // awaited below, after the files
  await emit(tree, counter.count(tree));
  const outcomes = await packAll(files, { ...full, counter, emit });
  const before = (await Promise.all(counts)).reduce((a, b) => a + b, 0);
  const coverage = coverageOf(ctx.base, outcomes, ctx.scope.length);
  coverage.tree.tokens = await treeTokens;
  const { tokens, footer } = await settleAsync(
    before,
    footerOf(ctx, coverage, Number.POSITIVE_INFINITY),
    counter,
  );
  await write(footer);
  coverage.tokens = tokens;
  return report(coverage);
}
