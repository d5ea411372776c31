// The passes over every file in scope. A common word matches most files of a focus (8,600 of
// 10,000): an object per matching file, and a second walk over the texts to score them, cost more
// than finding the matches (the texts no longer sit in the CPU cache by then). So each file is
// matched and scored in one visit, into plain arrays of numbers; Candidates (objects with hits and
// declarations) are made only for the files a result can reach.
import type { IndexEntry } from '../workspace/file-index';
import { type Candidate, type Estimable, estimate } from './classify';
import { mayContain, needleGrams } from './grams';
import type { FileMatches, Matcher } from './match';
import { fileBase, roleOf, topIndices } from './rank';
import type { ContentEntry, PathRecord } from './store';
import { fold } from './text';

/** First pass over every file: matches kept and counted (enough to rank; more is "at least"). */
export const FIRST_KEEP = 8;
/** Second pass, for the files near the top: matches kept, and counted. */
export const KEEP = 64;
export const COUNT_CAP = 10_000;
/** Up to this many matching files, every file with more matches than the first pass kept gets the second pass. */
export const SECOND_PASS_ALL = 2000;

const NO_SPANS: number[] = [];
/**
 * The cheap filters (trigrams, a regular expression's literal) pay when they rule files out; for a
 * common word they let almost every file through and cost more than they save (each file's filter
 * is a cache miss: 3.5 ms over 10,000 files). So in every window of WINDOW files the first PROBE
 * are filtered and counted, and the rest of the window is filtered only when the filter ruled out
 * at least one in RULED_OUT of those. Only speed depends on this, never a result.
 */
const WINDOW = 1024;
const PROBE = 128;
const RULED_OUT = 5;

/** The matching files, in path order, one slot per file in each array. */
export interface Matching {
  /** Position of the file in the list searched. */
  at: number[];
  score: number[];
  count: number[];
  /** 1: more matches than were counted. */
  capped: number[];
  /** 1: the file had the second pass (KEEP matches kept, COUNT_CAP counted). */
  deep: number[];
}

export interface MatchInput {
  files: readonly IndexEntry[];
  records: ReadonlyArray<PathRecord | undefined>;
  matcher: Matcher;
  query: string;
  /** Files named exactly in the path scope. */
  explicit: ReadonlySet<string>;
  /** performance.now() after which files are not searched (regular expressions). */
  deadline: number;
  /** Top files that get the second pass when many files match. */
  secondPassTop: number;
  /** Counts a file not searched, by reason. */
  skip(why: string): void;
}

function withheldReason(reason: string | undefined): string {
  if (!reason) return 'unreadable';
  if (/binary/.test(reason)) return 'binary';
  if (/masking|Withheld/.test(reason)) return 'withheld by masking';
  if (/removed/.test(reason)) return 'removed since the scan';
  return 'unreadable';
}

function clear(found: FileMatches): void {
  if (found.spans.length) found.spans = [];
  found.count = 0;
  found.capped = false;
}

/** Spans of the last segment of a qualified query (`total` of `Cart.total`), the first 2×KEEP. */
function probeSpans(entry: ContentEntry, matcher: Matcher, grams: Uint32Array): number[] {
  const probe = matcher.qualified?.probe;
  if (!probe || (grams.length && !mayContain(entry.grams, grams))) return NO_SPANS;
  const hay = matcher.caseSensitive ? entry.text : entry.folded;
  const needle = matcher.caseSensitive ? probe : fold(probe);
  const spans: number[] = [];
  for (
    let i = hay.indexOf(needle);
    i >= 0 && spans.length < 2 * KEEP;
    i = hay.indexOf(needle, i + needle.length)
  )
    spans.push(i, i + needle.length);
  return spans;
}

/**
 * Both passes. First, every file: the first FIRST_KEEP matches kept and one more counted, scored
 * from the text. Second, all matches (KEEP kept, COUNT_CAP counted) of the files with more than
 * the first pass kept: all of them when at most SECOND_PASS_ALL files match, otherwise those near
 * the top. Files left out keep a count of "at least" (their rarity bonus is an upper bound).
 */
export function matchAll(input: MatchInput): { matching: Matching; searched: number; timedOut: boolean } {
  const { files, records, matcher, query, explicit } = input;
  const probeGrams = needleGrams(fold(matcher.qualified?.probe ?? ''));
  const matching: Matching = { at: [], score: [], count: [], capped: [], deep: [] };
  const found: FileMatches = { spans: [], count: 0, capped: false };
  const scratch: Estimable = {
    path: '',
    base: '',
    entry: undefined as unknown as ContentEntry,
    role: undefined,
    explicit: false,
    spans: found.spans,
    count: 0,
    probe: NO_SPANS,
    score: 0,
  };
  const regex = matcher.regex;
  let searched = 0;
  let timedOut = false;
  let filter = true;
  let probed = 0;
  let passed = 0;
  for (let at = 0; at < files.length; at++) {
    const record = records[at];
    const entry = record?.entry;
    if (!entry) {
      input.skip(withheldReason(record?.withheld));
      continue;
    }
    if (regex && (timedOut || ((searched & 31) === 0 && performance.now() > input.deadline))) {
      timedOut = true;
      input.skip('not reached before the time limit');
      continue;
    }
    const w = searched++ % WINDOW;
    if (w === 0) {
      filter = true;
      probed = passed = 0;
    } else if (w === PROBE) filter = (probed - passed) * RULED_OUT >= probed;
    if (filter) {
      if (w < PROBE) probed++;
      if (matcher.mayMatch(entry)) {
        if (w < PROBE) passed++;
        matcher.find(entry, FIRST_KEEP, FIRST_KEEP + 1, found, true);
      } else clear(found);
    } else matcher.find(entry, FIRST_KEEP, FIRST_KEEP + 1, found, true);
    const probe = found.count === 0 && matcher.qualified ? probeSpans(entry, matcher, probeGrams) : NO_SPANS;
    if (found.count === 0 && probe.length === 0) continue;
    const path = files[at]!.path;
    if (record.role === undefined) record.role = roleOf(path, entry.text) ?? null;
    record.base ??= fileBase(path);
    scratch.path = path;
    scratch.base = record.base;
    scratch.entry = entry;
    scratch.role = record.role ?? undefined;
    scratch.explicit = explicit.size > 0 && explicit.has(path);
    scratch.spans = found.spans;
    scratch.count = found.count;
    scratch.probe = probe;
    estimate(scratch, matcher, query);
    matching.at.push(at);
    matching.score.push(scratch.score);
    matching.count.push(found.count);
    matching.capped.push(found.capped ? 1 : 0);
    matching.deep.push(0);
  }

  const n = matching.at.length;
  const second =
    n <= SECOND_PASS_ALL
      ? Array.from({ length: n }, (_, i) => i)
      : topIndices(matching.score, input.secondPassTop);
  for (const i of second) {
    if (matching.count[i]! <= FIRST_KEEP) continue; // every match already kept
    const at = matching.at[i]!;
    const entry = records[at]!.entry!;
    matcher.find(entry, KEEP, COUNT_CAP, found);
    scratch.path = files[at]!.path;
    scratch.base = records[at]!.base;
    scratch.entry = entry;
    scratch.role = records[at]!.role ?? undefined;
    scratch.explicit = explicit.size > 0 && explicit.has(scratch.path);
    scratch.spans = found.spans;
    scratch.count = found.count;
    scratch.probe = NO_SPANS; // only files without a literal match have probe spans
    estimate(scratch, matcher, query, KEEP);
    matching.score[i] = scratch.score;
    matching.count[i] = found.count;
    matching.capped[i] = found.capped ? 1 : 0;
    matching.deep[i] = 1;
  }
  return { matching, searched, timedOut };
}

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
    ...(record.base === undefined ? {} : { base: record.base }),
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
