// A budget that may hold the whole scope (issue 18): the budget walk would take every file at full
// detail, in priority order, which is what a full pack's sections already are. So such a pack first
// runs the full-pack path (strategy/sectioned.ts: batches read, masked, laid out and counted on
// worker threads) with a session of its own, keeping each file's section and count, and stops as
// soon as the sections alone exceed the budget. The walk (strategy/budgeted.ts) is then answered
// from those sections only where replaying its rules on their exact counts shows that it would
// take every file at full detail at the room it offers: the same sections, the same counts, the
// same outcomes, so the same bytes and footer (by-budget.differential.test.ts compares them). Where
// the replay shows otherwise, the walk runs as it always did, with a fresh session.

import type { MaskSession } from '../mask/session';
import type { IndexEntry } from '../workspace/file-index';
import { splitsCleanly, type TextCounter } from './counter';
import { type DocContext, type Emit, partText } from './document';
import { MAX_TOKEN_BYTES, type RawCounts } from './raw-counts';
import { JOIN, MIN_SECTION, TRY_FACTOR, type Walk } from './strategy/budgeted';
import type { SectionSettings } from './strategy/section-batch';
import { type SectionStream, writeSections } from './strategy/sectioned';
import { FILE_SHARE, type Included, type Omitted, type Outcome } from './types';

/**
 * Whether `budget` may hold every file of the scope, by what the index knows without reading: the
 * raw counts it has, else the fewest tokens the size allows. A guess of where trying is worth it
 * (masking may shorten a text); the answer never depends on it.
 */
export function mayHoldAll(files: readonly IndexEntry[], budget: number): boolean {
  let least = 0;
  for (const f of files) if (!f.flag) least += f.tokens ?? Math.ceil(f.size / MAX_TOKEN_BYTES);
  return least <= budget;
}

/** The trial stopped: its sections alone take more than the budget. */
class OverBudget extends Error {}

type Prepared =
  | {
      kind: 'section';
      part: Uint8Array | string;
      tokens: number;
      hash: string;
      lines: number;
      masked: Record<string, number>;
    }
  | { kind: 'withheld'; why: string };

/** The last line of a section followed by its blank line (the closing delimiter), if not empty. */
function lastLine(part: Uint8Array | string): string | undefined {
  if (typeof part === 'string') {
    const end = part.length - 2;
    const nl = part.lastIndexOf('\n', end - 1);
    return nl < 0 || nl + 1 >= end ? undefined : part.slice(nl + 1, end);
  }
  const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  const end = bytes.length - 2;
  const nl = bytes.lastIndexOf(0x0a, end - 1);
  return nl < 0 || nl + 1 >= end ? undefined : bytes.toString('utf8', nl + 1, end);
}

export interface WholeTrial {
  /** The walk into `avail` tokens when it would take every file at full detail; else undefined. */
  walk(avail: number, raw: RawCounts): Walk | undefined;
}

/**
 * Runs the full-pack path over `stream` (the walk's own files, in its order) with `session`, and
 * keeps what the walk needs; undefined when the sections alone come out over `budget`.
 */
export async function tryWhole(
  ctx: DocContext,
  stream: SectionStream,
  sections: { settings: SectionSettings; session: MaskSession; counter: TextCounter },
  budget: number,
  treeTokens: number,
): Promise<WholeTrial | undefined> {
  const { files } = stream;
  const parts = new Map<number, Uint8Array | string>();
  let sum = treeTokens;
  const add = (k: number) => {
    sum += k;
  };
  const emit: Emit = async (_part, tokens) => {
    if (typeof tokens === 'number') add(tokens);
    else tokens.then(add, () => {});
    if (sum > budget) throw new OverBudget();
  };
  let outcomes: Outcome[];
  try {
    outcomes = await writeSections(stream, {
      ...sections,
      layout: ctx.layout,
      emit,
      section: (i, part) => parts.set(i, part),
    });
  } catch (error) {
    if (error instanceof OverBudget) return undefined;
    throw error;
  } finally {
    await sections.counter.below(1).catch(() => {});
  }
  const index = new Map(files.map((f, i) => [f.path, i]));
  const prepared: Prepared[] = [];
  for (const o of outcomes) {
    const i = index.get(o.path)!;
    if (o.kind === 'included')
      prepared[i] = {
        kind: 'section',
        part: parts.get(i)!,
        tokens: o.tokens,
        hash: o.hash,
        lines: o.lines,
        masked: o.masked,
      };
    else if (o.kind === 'omitted') prepared[i] = { kind: 'withheld', why: o.why };
  }
  if (sum > budget) return undefined;
  // Each section was counted with its blank line; the walk counts it alone. Its last line (the
  // closing delimiter) begins with neither space nor `/` after a line break, so the two counts
  // differ only in that line's (counter.ts).
  const memo = new Map<string, number>();
  const cost = (t: string) => {
    let k = memo.get(t);
    if (k === undefined) {
      k = ctx.count(t);
      memo.set(t, k);
    }
    return k;
  };
  const alone = (p: Extract<Prepared, { kind: 'section' }>) => {
    const line = lastLine(p.part);
    if (line !== undefined && !line.startsWith('/') && splitsCleanly('\n', line))
      return p.tokens - cost(`${line}\n\n`) + cost(line);
    return ctx.count(partText(p.part).slice(0, -2));
  };
  const walkTokens = prepared.map((p) => (p.kind === 'section' ? alone(p) : 0));
  const tree = `${ctx.treeSection}\n\n`;
  const treeLine = lastLine(tree);
  const treeJoined =
    treeLine !== undefined && !treeLine.startsWith('/') && splitsCleanly('\n', treeLine)
      ? treeTokens - cost(treeLine) + cost(`${treeLine}\n\n`)
      : ctx.count(tree);
  const joined = prepared.reduce((a, p) => a + (p.kind === 'section' ? p.tokens : 0), treeJoined);
  let sectionParts: Array<Uint8Array | string> | undefined;

  return {
    walk(avail, raw) {
      // The walk's rules (walkBudget) for a walk that takes every file at its first offer.
      const included: Included[] = [];
      const omitted: Omitted[] = [];
      let used = 0;
      for (let i = 0; i < files.length; i++) {
        const entry = files[i]!;
        const left = avail - used;
        const cap = Math.floor(FILE_SHARE * left);
        if (!entry.flag && (left < MIN_SECTION || raw.over(i, TRY_FACTOR * cap))) return undefined;
        const p = prepared[i]!;
        if (p.kind === 'withheld') {
          omitted.push({ kind: 'omitted', steps: [], path: entry.path, reason: 'not-read', why: p.why });
          continue;
        }
        const tokens = walkTokens[i]!;
        if (tokens + JOIN > cap) return undefined;
        included.push({
          kind: 'included',
          path: entry.path,
          level: 'full',
          requested: 'full',
          tokens,
          steps: [{ level: 'full', tokens, fits: true }],
          hash: p.hash,
          lines: p.lines,
          masked: p.masked,
        });
        used += tokens + JOIN;
      }
      sectionParts ??= runs(prepared.flatMap((p) => (p.kind === 'section' ? [p.part] : [])));
      return { outcomes: [...included, ...omitted], sections: [], parts: sectionParts, used, joined };
    },
  };
}

/** Byte parts that lie next to each other in one buffer (a batch's sections) joined as one view. */
function runs(parts: ReadonlyArray<Uint8Array | string>): Array<Uint8Array | string> {
  const out: Array<Uint8Array | string> = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (
      typeof p !== 'string' &&
      last !== undefined &&
      typeof last !== 'string' &&
      last.buffer === p.buffer &&
      last.byteOffset + last.byteLength === p.byteOffset
    )
      out[out.length - 1] = new Uint8Array(p.buffer, last.byteOffset, last.byteLength + p.byteLength);
    else out.push(p);
  }
  return out;
}
