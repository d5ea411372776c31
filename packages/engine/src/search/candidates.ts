// From the passes' plain arrays (passes.ts) to what a result shows: a Candidate for each file a
// result can reach (its kept spans found again), the totals over every matching file, and the
// matching files beyond the head, best first.
import type { IndexEntry } from '../workspace/file-index';
import type { Candidate } from './classify';
import { needleGrams } from './grams';
import { COUNT_CAP, FIRST_KEEP, KEEP, type MatchInput, type Matching, NO_SPANS, probeSpans } from './passes';
import { fold } from './text';

/** The Candidate of matching file `i`: its kept spans found again (as the pass that scored it kept them). */
export function candidateOf(i: number, input: MatchInput, matching: Matching): Candidate {
  const at = matching.at[i]!;
  const record = input.records[at]!;
  const entry = record.entry!;
  const path = input.files[at]!.path;
  const deep = matching.deep[i] === 1;
  const { spans } = input.matcher.find(entry, deep ? KEEP : FIRST_KEEP, deep ? COUNT_CAP : FIRST_KEEP + 1);
  const count = matching.count[i]!;
  const probe =
    count === 0 && input.matcher.qualified
      ? probeSpans(entry, input.matcher, needleGrams(fold(input.matcher.qualified.probe)))
      : NO_SPANS;
  return {
    path,
    base: record.base,
    order: at,
    hash: entry.hash,
    entry,
    role: record.role ?? undefined,
    explicit: input.explicit.size > 0 && input.explicit.has(path),
    spans,
    count,
    capped: matching.capped[i] === 1,
    probe,
    hits: [],
    score: matching.score[i]!,
    parsed: false,
  };
}

/** Whether a candidate still matches: once parsed, by its hits (a qualified probe may find none). */
export const stillMatches = (c: Candidate): boolean => (c.parsed ? c.hits.length > 0 : c.count > 0);

/** Totals over every matching file: the candidates as parsed, the others as the passes left them. */
export function totalsOf(
  all: Matching,
  headAt: readonly number[],
  head: readonly Candidate[],
): { matches: number; matchingFiles: number; capped: boolean; unparsed: number } {
  let matches = 0;
  let matchingFiles = 0;
  let capped = false;
  let unparsed = 0;
  for (const c of head)
    if (stillMatches(c)) {
      matchingFiles++;
      matches += c.count;
      capped ||= c.capped;
      if (!c.parsed) unparsed++;
    }
  const inHead = new Set(headAt);
  for (let i = 0; i < all.at.length; i++)
    if (!inHead.has(i) && all.count[i]! > 0) {
      matchingFiles++;
      matches += all.count[i]!;
      capped ||= all.capped[i] === 1;
      unparsed++;
    }
  return { matches, matchingFiles, capped, unparsed };
}

/** The matching files that were not made candidates (beyond the head), best first. */
export function beyondHead(
  all: Matching,
  headAt: readonly number[],
  files: readonly IndexEntry[],
): Array<{ path: string; matches: number; capped: boolean }> {
  const inHead = new Set(headAt);
  const rest: number[] = [];
  for (let i = 0; i < all.at.length; i++) if (!inHead.has(i) && all.count[i]! > 0) rest.push(i);
  rest.sort((a, b) => all.score[b]! - all.score[a]! || a - b);
  return rest.map((i) => ({
    path: files[all.at[i]!]!.path,
    matches: all.count[i]!,
    capped: all.capped[i] === 1,
  }));
}
