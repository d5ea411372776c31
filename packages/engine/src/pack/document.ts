// Assembling the document, whichever strategy made its files (strategy/): header, the data part
// (tree and files, wrapped for agents when asked), and the footer that states the document's own
// token count. A document held in memory is measured as a whole (`measured`); one written part by
// part as its files are read (`writeDocument`) counts each part alone, and its count is the sum of
// parts that split cleanly (counter.ts).
import type { IndexEntry } from '../workspace/file-index';
import { splitsCleanly, type TextCounter } from './counter';
import { footerLines, tokensLine } from './footer';
import type { HeaderInfo, Layout } from './formats';
import type { Included, Outcome, PackCoverage, PackOptions, PackResult } from './types';

/** Label of the data block (MCP) that holds the tree and the files. */
export const DATA_LABEL = 'Packed tree and files';
/** Share of the budget the footer's file lists may take (the rest of the footer is always there). */
export const LIST_SHARE = 0.06;

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

export function footerOf(ctx: DocContext, coverage: PackCoverage, listCap: number) {
  // Only the first line states the tokens: the lists (tens of thousands of omitted files in a large
  // project) are written once, however many rounds the count takes to settle.
  const [first, ...rest] = footerLines({ coverage, listCap, count: ctx.count });
  return (tokens: number) =>
    `${ctx.layout.footer([{ ...first!, text: tokensLine({ ...coverage, tokens }) }, ...rest])}\n`;
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

/**
 * A document held in memory, measured on itself. `bodyTokens`: the tokens of `body` and the blank
 * line after it, when known; then the header is counted alone where it joins the body cleanly.
 */
export function measured(
  ctx: DocContext,
  coverage: PackCoverage,
  body: string,
  listCap: number,
  bodyTokens?: number,
): PackResult {
  const head = ctx.layout.header({ ...ctx.header, placeholders: coverage.masked.total > 0 });
  const data = ctx.wrapData ? ctx.wrapData(DATA_LABEL, body) : body;
  const prefix = `${head}\n\n${data}\n\n`;
  const compose = footerOf(ctx, coverage, listCap);
  const known = bodyTokens !== undefined && !ctx.wrapData && splitsCleanly(`${head}\n\n`, body);
  let { tokens, footer } = settle(
    known ? ctx.count(`${head}\n\n`) + bodyTokens : ctx.count(prefix),
    compose,
    ctx.count,
  );
  let text = prefix + footer;
  // Where the footer joins cleanly (counter.ts), the whole's count is the sum of the two: a pack
  // with a large budget need not count its megabytes a second time.
  let actual = splitsCleanly(prefix, footer) ? tokens : ctx.count(text);
  for (let round = 0; actual !== tokens && round < 8; round++) {
    tokens = actual;
    footer = compose(tokens);
    text = prefix + footer;
    actual = ctx.count(text);
  }
  coverage.tokens = actual;
  return { ...report(coverage), text };
}

/** A document in parts, in order: text, or bytes of UTF-8 text (whole sections, each decodes alone). */
export interface PartedResult extends PackReport {
  parts: Array<string | Uint8Array>;
}

/** The text of a part. */
export function partText(part: string | Uint8Array): string {
  return typeof part === 'string'
    ? part
    : Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8');
}

/**
 * The end of a part from its last character that is not a line break, as `splitsCleanly` reads
 * the text before a join (undefined when the part holds nothing else).
 */
function tailOf(part: string | Uint8Array): string | undefined {
  if (typeof part === 'string') return /[^\n\r]/.test(part) ? part : undefined;
  let i = part.length - 1;
  while (i >= 0 && (part[i] === 0x0a || part[i] === 0x0d)) i--;
  if (i < 0) return undefined;
  while (i > 0 && (part[i]! & 0xc0) === 0x80) i--; // back to the character's first byte
  return partText(part.subarray(i));
}

/**
 * `measured` for a body of the tree section and `sections` (each followed by its blank line), with
 * `bodyTokens` its count: where the header, the body and the footer join cleanly (counter.ts), the
 * same document and count in parts, never joined into one text (a whole project's sections are
 * hundreds of megabytes as one string, and written out they are copied once more); otherwise
 * `measured` on the joined text.
 */
export function measuredParts(
  ctx: DocContext,
  coverage: PackCoverage,
  sections: ReadonlyArray<string | Uint8Array>,
  listCap: number,
  bodyTokens: number,
): PartedResult {
  const tree = ctx.treeSection;
  const head = `${ctx.layout.header({ ...ctx.header, placeholders: coverage.masked.total > 0 })}\n\n`;
  const last = tailOf(sections.length ? sections[sections.length - 1]! : `${tree}\n\n`);
  if (!ctx.wrapData && tree !== '' && splitsCleanly(head, tree) && last !== undefined) {
    const { tokens, footer } = settle(
      ctx.count(head) + bodyTokens,
      footerOf(ctx, coverage, listCap),
      ctx.count,
    );
    if (splitsCleanly(last, footer)) {
      coverage.tokens = tokens;
      return { ...report(coverage), parts: [head, `${tree}\n\n`, ...sections, footer] };
    }
  }
  const body = [tree, ...sections.map((s) => partText(s).slice(0, -2))].join('\n\n');
  const { text, ...rest } = measured(ctx, coverage, body, listCap, bodyTokens);
  return { ...rest, parts: [text] };
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

/** Writes a part of the document with its tokens (known, or still being counted). */
export type Emit = (part: string | Uint8Array, tokens: number | Promise<number>) => Promise<void>;

/**
 * A document written part by part as its files are read: the header (the placeholder warning
 * stated up front whenever masking is on), the tree, the sections `files` emits, and the footer
 * that states the sum of the parts' counts. Parts end a line and begin with a heading or a tag, so
 * their counts add up exactly (checked here for every part).
 */
export async function writeDocument(
  ctx: DocContext,
  counter: TextCounter,
  write: PartWriter,
  files: (emit: Emit) => Promise<Outcome[]>,
): Promise<PackReport> {
  const counts: Array<number | Promise<number>> = [];
  let last = '';
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
  const emit: Emit = async (part, tokens) => {
    clean(part);
    if (typeof tokens !== 'number') tokens.catch(() => {}); // awaited with the rest below
    counts.push(tokens);
    await write(part);
  };
  const head = `${ctx.layout.header({ ...ctx.header, placeholders: ctx.header.masking })}\n\n`;
  await emit(head, counter.count(head));
  const tree = `${ctx.treeSection}\n\n`;
  await emit(tree, counter.count(tree));
  const treeTokens = counter.count(ctx.treeSection);
  treeTokens.catch(() => {}); // awaited below, after the files
  const outcomes = await files(emit);
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
