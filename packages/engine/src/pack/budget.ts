// The budget walk: files in priority order, each offered at the detail asked for and, when its
// section would take more than 40% of what remains, at `signatures`, then `outline`, and only then
// omitted. Every try is recorded with its tokens. Files the session already received unchanged
// become one-line references, and the tokens they would have taken go to the files after them.

import { groupDigits, moreCompressed } from '@loupe/common';
import { levelsFor } from '../compress/levels';
import type { Level } from '../compress/types';
import { languageOf } from '../lang/languages';
import type { IndexEntry } from '../workspace/file-index';
import { fileSection, type Layout } from './formats';
import type { FileSource } from './source';
import { blockOf, lineCount, metaOf, type Variant, withheldWhy } from './variant';

export { blockOf, metaOf, withheldWhy } from './variant';

import { type AlreadyReceived, FILE_SHARE, type Omitted, type Outcome, type Step } from './types';

const n = groupDigits;

/** A file far larger than this many times the cap is not worth compressing to find out. */
export const TRY_FACTOR = 20;
/** After this many files in a row omitted, the rest are not tried. */
export const MISS_STREAK = 256;
/** No section is smaller than this; below it the budget has run out. */
export const MIN_SECTION = 12;
/** Tokens added per section for the blank line that joins it to the next. */
export const JOIN = 2;

export interface WalkContext {
  layout: Layout;
  count(text: string): number;
  source: FileSource;
  requested: Level;
  lineNumbers: boolean;
  alreadyReceived?: AlreadyReceived;
}

export interface Walk {
  /** Included and referenced files in document order, then the omitted ones in priority order. */
  outcomes: Outcome[];
  /** Sections in document order. */
  sections: string[];
  /** Tokens of the sections counted alone, plus JOIN each. */
  used: number;
}

/** Levels a file is offered at, from the one asked for down to `outline`, as its language allows. */
export function ladder(requested: Level, path: string): Level[] {
  const can = levelsFor(languageOf(path));
  const out: Level[] = [requested];
  for (const l of ['signatures', 'outline'] as const)
    if (moreCompressed(l, requested) && can.includes(l)) out.push(l);
  return out;
}

function levelReason(
  v: Variant,
  requested: Level,
  steps: readonly Step[],
  cap: number | undefined,
): string | undefined {
  const tried = steps.filter((s) => !s.fits);
  if (tried.length && cap !== undefined)
    return `stepped down: ${tried.map((s) => `${s.level} ${n(s.tokens)}`).join(', ')} tokens, over the per-file cap of ${n(cap)}`;
  if (v.level !== requested) return v.reason ?? `${requested} requested`;
  return undefined;
}

/** Walks `files` (in priority order) into `avail` tokens. */
export async function walk(files: readonly IndexEntry[], avail: number, ctx: WalkContext): Promise<Walk> {
  const outcomes: Outcome[] = [];
  const omitted: Omitted[] = [];
  const sections: string[] = [];
  let used = 0;
  let misses = 0;
  const omit = (o: Omit<Omitted, 'kind' | 'steps'> & { steps?: Step[] }) => {
    omitted.push({ kind: 'omitted', steps: [], ...o });
    // Only files that were offered and did not fit make a run of misses.
    if (o.reason === 'over-cap') misses++;
  };

  for (let i = 0; i < files.length; i++) {
    const entry = files[i]!;
    const left = avail - used;
    const cap = Math.floor(FILE_SHARE * left);
    const known = entry.tokens === undefined ? {} : { tokens: entry.tokens };
    if (!entry.flag) {
      if (left < MIN_SECTION) {
        omit({
          path: entry.path,
          reason: 'budget',
          why: `the budget ran out (${n(Math.max(0, left))} tokens left)`,
          ...known,
        });
        continue;
      }
      if (misses >= MISS_STREAK) {
        const why = `not tried: the ${n(MISS_STREAK)} files before it in a row did not fit (per-file cap ${n(cap)})`;
        omit({ path: entry.path, reason: 'not-tried', why, ...known });
        continue;
      }
      if (entry.tokens !== undefined && entry.tokens > TRY_FACTOR * cap) {
        const why = `over ${TRY_FACTOR}× the per-file cap of ${n(cap)}; compression not tried`;
        omit({ path: entry.path, reason: 'not-tried', why, ...known });
        continue;
      }
    }
    const loaded = await ctx.source.load(i);
    if (loaded.kind === 'withheld') {
      omit({ path: entry.path, reason: 'not-read', why: withheldWhy(loaded.reason) });
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
    for (const level of ladder(ctx.requested, entry.path)) {
      const v = await ctx.source.variant(i, loaded, level);
      if (v.text === lastText && steps.length) {
        // Compression gave back the text already tried: recorded, not counted again.
        const prev = steps[steps.length - 1]!;
        steps.push({ level, tokens: prev.tokens, fits: false, note: `no smaller than ${prev.level}` });
        continue;
      }
      lastText = v.text;
      const meta = metaOf(v, ctx.requested, steps, cap);
      const section = fileSection(ctx.layout, blockOf(loaded, v, meta));
      const tokens = ctx.count(section);
      const fits = tokens + JOIN <= cap;
      steps.push({
        level: v.level,
        tokens,
        fits,
        ...(v.level !== level ? { note: v.reason ?? `${level} gave ${v.level}` } : {}),
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
        lines: lineCount(loaded.text),
        masked: v.masked,
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

/** "Not read: it is a binary file, never read as text." -> "not read: it is a binary file, …". */
