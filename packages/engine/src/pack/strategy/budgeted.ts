// A budgeted pack: the document in memory, the most the budget walk fits, measured on the whole
// text. The walk takes files in priority order, each offered at the detail asked for and, when its
// section would take more than 40% of what remains, at `signatures`, then `outline` (content/
// detail.ts decides which levels a file has), and only then omitted. Every try is recorded with
// its tokens. Files the session already received unchanged become one-line references, and the
// tokens they would have taken go to the files after them. If the whole comes out over the
// budget, the walk is redone with less room.
import { groupDigits } from '@loupe/common';
import type { Level } from '../../compress/types';
import { ladder, sameTextAs } from '../../content/detail';
import { contentPath } from '../../content/open';
import type { FileContent } from '../../content/process';
import { reasonPhrase } from '../../content/withheld';
import { LoupeError } from '../../errors';
import type { IndexEntry } from '../../workspace/file-index';
import {
  coverageOf,
  DATA_LABEL,
  type DocContext,
  footerOf,
  LIST_SHARE,
  measured,
  measuredParts,
  type PartedResult,
} from '../document';
import { blockOf, metaOf, partsTokens } from '../file-block';
import type { Layout } from '../formats';
import { MAX_TOKEN_BYTES, type RawCounts } from '../raw-counts';
import type { FileSource } from '../source';
import {
  type AlreadyReceived,
  FILE_SHARE,
  type OmitKind,
  type Omitted,
  type Outcome,
  type Step,
} from '../types';

const n = groupDigits;

/** A file far larger than this many times the cap is not worth compressing to find out. */
export const TRY_FACTOR = 20;
/** After this many files in a row omitted, the rest are not tried. */
export const MISS_STREAK = 256;
/**
 * In the budget's last TAIL_SHARE, TAIL_STREAK misses in a row end the walk: what is left to win
 * is small, and each miss there is a file read, masked, counted and compressed for nothing (on a
 * 31k-file project, 256 such misses took a quarter of a cold 32k pack to add one 162-token file).
 */
export const TAIL_SHARE = 0.02;
export const TAIL_STREAK = 16;

/** No section is smaller than this; below it the budget has run out. */
export const MIN_SECTION = 12;
/** Tokens added per section for the blank line that joins it to the next. */
export const JOIN = 2;

export interface WalkContext {
  layout: Layout;
  count(text: string): number;
  source: FileSource;
  /** Raw token counts, found out only where the walk needs them (never the index's alone). */
  raw: RawCounts;
  requested: Level;
  lineNumbers: boolean;
  alreadyReceived?: AlreadyReceived;
  /** Stops the walk between files (the window's Cancel; progress comes from the file source). */
  signal?: AbortSignal;
}

export interface Walk {
  /** Included and referenced files in document order, then the omitted ones in priority order. */
  outcomes: Outcome[];
  /** Sections in document order. */
  sections: string[];
  /**
   * Instead of `sections` (then empty), with `joined`: each section followed by its blank line, as
   * text or bytes of UTF-8 (whole sections), for a document written in parts (document.ts).
   */
  parts?: ReadonlyArray<string | Uint8Array>;
  /** Tokens of the sections counted alone, plus JOIN each. */
  used: number;
  /** Tokens of the tree and the sections, each followed by its blank line, when known (not counted again). */
  joined?: number;
}

/** A walk into `avail` tokens. */
export type WalkFn = (avail: number) => Promise<Walk>;

function levelReason(
  v: FileContent,
  requested: Level,
  steps: readonly Step[],
  cap: number | undefined,
): string | undefined {
  const tried = steps.filter((s) => !s.fits);
  if (tried.length && cap !== undefined)
    return `stepped down: ${tried.map((s) => `${s.level} ${n(s.tokens)}`).join(', ')} tokens, over the per-file cap of ${n(cap)}`;
  if (v.level !== requested) return v.levelReason ?? `${requested} requested`;
  return undefined;
}

/**
 * An omission decided before the file is read, with its keys in the order every omission has
 * them (the coverage is written out as JSON).
 */
function unread(path: string, reason: OmitKind, why: string, tokens: number | undefined): Omitted {
  return tokens === undefined
    ? { kind: 'omitted', steps: [], path, reason, why }
    : { kind: 'omitted', steps: [], path, reason, why, tokens };
}

/** Why the files after the budget ran out, or after a long run of misses, were not tried (made once per number). */
function tailPhrases() {
  let left: number | undefined;
  let ranOut = '';
  let cap: number | undefined;
  let streak: number | undefined;
  let notTried = '';
  return {
    ranOut(l: number): string {
      if (l !== left) {
        left = l;
        ranOut = `the budget ran out (${n(Math.max(0, l))} tokens left)`;
      }
      return ranOut;
    },
    notTried(c: number, misses: number, tail: boolean): string {
      if (c !== cap || misses !== streak) {
        cap = c;
        streak = misses;
        notTried = `not tried: the ${n(misses)} files before it in a row did not fit (per-file cap ${n(c)})${tail ? `, with under ${TAIL_SHARE * 100}% of the budget left` : ''}`;
      }
      return notTried;
    },
  };
}

/** Walks `files` (in priority order) into `avail` tokens. */
export async function walkBudget(
  files: readonly IndexEntry[],
  avail: number,
  ctx: WalkContext,
): Promise<Walk> {
  const outcomes: Outcome[] = [];
  const omitted: Omitted[] = [];
  const sections: string[] = [];
  let used = 0;
  let misses = 0;
  const phrases = tailPhrases();
  const omit = (o: Omit<Omitted, 'kind' | 'steps'> & { steps?: Step[] }) => {
    omitted.push({ kind: 'omitted', steps: [], ...o });
    // Only files that were offered and did not fit make a run of misses.
    if (o.reason === 'over-cap') misses++;
  };

  for (let i = 0; i < files.length; i++) {
    ctx.signal?.throwIfAborted();
    const entry = files[i]!;
    const left = avail - used;
    const cap = Math.floor(FILE_SHARE * left);
    if (!entry.flag) {
      // The tail of a large project's walk: tens of thousands of files, each with the same phrase.
      if (left < MIN_SECTION) {
        omitted.push(unread(entry.path, 'budget', phrases.ranOut(left), ctx.raw.known(i)));
        continue;
      }
      const tail = left < TAIL_SHARE * avail;
      if (misses >= (tail ? TAIL_STREAK : MISS_STREAK)) {
        omitted.push(unread(entry.path, 'not-tried', phrases.notTried(cap, misses, tail), ctx.raw.known(i)));
        continue;
      }
      const over = ctx.raw.over(i, TRY_FACTOR * cap);
      if (over) {
        // Decided by the size alone, the file is not read: its tokens are not counted.
        const why =
          over === 'size'
            ? `${n(entry.size)} bytes: over ${TRY_FACTOR}× the per-file cap of ${n(cap)} even at ${MAX_TOKEN_BYTES} bytes a token; not read`
            : `over ${TRY_FACTOR}× the per-file cap of ${n(cap)}; compression not tried`;
        const tokens = ctx.raw.known(i);
        omit({ path: entry.path, reason: 'not-tried', why, ...(tokens === undefined ? {} : { tokens }) });
        continue;
      }
    }
    const loaded = await ctx.source.load(i);
    if (loaded.kind === 'withheld') {
      omit({ path: entry.path, reason: 'not-read', why: reasonPhrase(loaded.reason) });
      continue;
    }
    const before = ctx.alreadyReceived?.(entry.path, loaded.hash);
    if (before) {
      const section = ctx.layout.reference({
        path: entry.path,
        call: before.call,
        revision: before.revision,
      });
      const tokens = ctx.count(section);
      const saved = ctx.source.fullTokens(loaded);
      if (tokens + JOIN <= left) {
        const { call, revision } = before;
        outcomes.push({
          kind: 'referenced',
          path: entry.path,
          hash: loaded.hash,
          call,
          revision,
          tokens,
          saved,
        });
        sections.push(section);
        used += tokens + JOIN;
        misses = 0;
      } else
        omit({
          path: entry.path,
          reason: 'budget',
          tokens: saved,
          why: `the budget ran out (${n(left)} tokens left)`,
        });
      continue;
    }
    const steps: Step[] = [];
    let placed = false;
    let lastText: string | undefined;
    let offered: Level | undefined;
    for (const level of ladder(ctx.requested, entry.path)) {
      // A level known to give the text already tried is not compressed again to find that out.
      const same = offered !== undefined && sameTextAs(offered, level, contentPath(loaded), loaded.text);
      offered = level;
      const v = same ? undefined : await ctx.source.variant(i, loaded, level);
      // (`same` needs a level before it, and every level tried leaves a step.)
      if (!v || (v.text === lastText && steps.length)) {
        // Compression gave back the text already tried: recorded, not counted again.
        const prev = steps[steps.length - 1]!;
        steps.push({ level, tokens: prev.tokens, fits: false, note: `no smaller than ${prev.level}` });
        continue;
      }
      lastText = v.text;
      const meta = metaOf(v, ctx.requested, steps, cap);
      const [head, body, close] = ctx.layout.fileParts(blockOf(entry, v, meta));
      const section = head + body + close;
      // Counted by parts: the text's own count is the one the file's raw count needs (source.ts).
      const tokens = partsTokens(head, body, close, ctx.count);
      const fits = tokens + JOIN <= cap;
      steps.push({
        level: v.level,
        tokens,
        fits,
        ...(v.level !== level ? { note: v.levelReason ?? `${level} gave ${v.level}` } : {}),
      });
      if (!fits) continue;
      const reason = levelReason(v, ctx.requested, steps, cap);
      outcomes.push({
        kind: 'included',
        path: entry.path,
        level: v.level,
        requested: ctx.requested,
        ...(reason ? { levelReason: reason } : {}),
        tokens,
        steps,
        hash: loaded.hash,
        lines: v.range.total,
        masked: v.maskedByRule,
        ...(v.unnumbered ? { unnumbered: v.unnumbered } : {}),
      });
      sections.push(section);
      used += tokens + JOIN;
      placed = true;
      misses = 0;
      break;
    }
    if (!placed) {
      const tries = steps.map((s) => `${s.level} ${n(s.tokens)}`).join(', ');
      const why = `over the per-file cap of ${n(cap)} (40% of ${n(left)} left) at ${tries} tokens`;
      omit({ path: entry.path, reason: 'over-cap', tokens: ctx.source.fullTokens(loaded), steps, why });
    }
  }
  return { outcomes: [...outcomes, ...omitted], sections, used };
}

/**
 * Included at the first level offered, referenced, or not read (withheld when loaded, whatever the
 * room): a walk with more room decides it the same.
 */
function asFirstOffered(o: Outcome): boolean {
  return (
    o.kind === 'referenced' ||
    (o.kind === 'included' && o.steps.length === 1 && o.steps[0]!.fits) ||
    (o.kind === 'omitted' && o.reason === 'not-read')
  );
}

function composeWalk(ctx: DocContext, w: Walk, listCap: number): PartedResult {
  const coverage = coverageOf(ctx.base, w.outcomes, ctx.scope.length);
  if (w.parts && w.joined !== undefined) return measuredParts(ctx, coverage, w.parts, listCap, w.joined);
  const body = [ctx.treeSection, ...w.sections].join('\n\n');
  const { text, ...rest } = measured(ctx, coverage, body, listCap, w.joined);
  return { ...rest, parts: [text] };
}

/** Bytes of a cut list's tail line (`omittedTail`, `… 3 more compressed`), at most. */
const TAIL_BYTES = 4096;

/**
 * At least the footer's tokens `budgetedPack` reserves (from the smallest document), found without
 * composing that document: a whole project's footer lists every file, hundreds of milliseconds to
 * lay out and count, again and again until it states its own count. Every token is at least a byte
 * of UTF-8, so the smallest document takes at most its bytes, and its footer is at most the lists
 * uncut, a tail line and the longest count it could state.
 */
function footerBound(ctx: DocContext, empty: Walk, treeTokens: number): number {
  const coverage = coverageOf(ctx.base, empty.outcomes, ctx.scope.length);
  const head = ctx.layout.header({ ...ctx.header, placeholders: false });
  const footer = footerOf(ctx, coverage, Number.POSITIVE_INFINITY)(1e15);
  const bytes = Buffer.byteLength(head) + Buffer.byteLength(ctx.treeSection) + Buffer.byteLength(footer);
  return bytes + 4 + TAIL_BYTES - ctx.count(ctx.layout.header(ctx.header)) - treeTokens;
}

/**
 * The budgeted document (in parts): the most the walk fits, measured on the whole text. `first`:
 * a walk that is the same at any room from the one given up, or undefined (the trial of the whole,
 * whole-budget.ts); tried first at a room known to be at most the walk's, so the smallest document
 * need not be composed when it answers.
 */
export async function budgetedPack(
  ctx: DocContext,
  files: readonly IndexEntry[],
  walkContext: WalkContext,
  budget: number,
  treeTokens: number,
  walk: WalkFn = (avail) => walkBudget(files, avail, walkContext),
  first?: (avail: number) => Walk | undefined,
): Promise<PartedResult> {
  const listCap = Math.floor(budget * LIST_SHARE);
  const { count, layout } = ctx;
  // Nothing but omissions: the smallest document, and the footer at its longest lists.
  const emptyWalk: Walk = {
    outcomes: files.map((f) =>
      f.flag
        ? { kind: 'omitted', path: f.path, reason: 'not-read', why: `not read (${f.flag})`, steps: [] }
        : { kind: 'omitted', path: f.path, reason: 'budget', why: 'the budget ran out', steps: [] },
    ),
    sections: [],
    used: 0,
  };
  const headerTokens = count(layout.header({ ...ctx.header, placeholders: true }));
  const wrapTokens = ctx.wrapData ? count(ctx.wrapData(DATA_LABEL, '')) + 8 : 0;
  // The lists of compressed and referenced files add a heading and a tail line each.
  const room = budget - headerTokens - treeTokens - wrapTokens - 48 - 3 * JOIN;
  if (first && !ctx.wrapData) {
    // Below the room of the first walk here: the same walk, the same document, which ends the
    // loop below at once when it fits (every file as first offered).
    const low = room - footerBound(ctx, emptyWalk, treeTokens);
    const w = low > 0 ? first(low) : undefined;
    const result = w && composeWalk(ctx, w, listCap);
    if (result && result.tokens <= budget && result.coverage.outcomes.every(asFirstOffered)) return result;
  }
  const least = composeWalk(ctx, emptyWalk, listCap);
  const footerTokens = least.tokens - count(layout.header(ctx.header)) - treeTokens;
  let avail = room - footerTokens;
  let best: PartedResult | undefined;
  let grew = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const result = composeWalk(ctx, await walk(Math.max(0, avail)), listCap);
    if (result.tokens <= budget) {
      best = result;
      // The footer came out smaller than its reserve: offer the slack to the files once (unless
      // every file went in as first offered: more room would change nothing).
      const slack = budget - result.tokens;
      if (grew || slack < 64 || result.coverage.outcomes.every(asFirstOffered)) break;
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
