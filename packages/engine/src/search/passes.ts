// The passes over every file in scope. A common word matches most files of a focus (8,600 of
// 10,000): an object per matching file, and a second walk over the texts to score them, cost more
// than finding the matches (the texts no longer sit in the CPU cache by then). So each file is
// matched and scored in one visit, into plain arrays of numbers; Candidates (objects with hits and
// declarations) are made only for the files a result can reach (candidates.ts makes them, and
// the totals over every matching file).
import type { IndexEntry } from '../workspace/file-index';
import { anyLooksDeclared, type Estimable, estimate, isIdent, textScore } from './classify';
import type { ContentEntry } from './entry';
import type { FileMatches, Matcher } from './found';
import { mayContain, needleGrams } from './grams';
import { DECLARED, type SlotTally } from './postings';
import { fileBase, roleOf, topIndices } from './rank';
import type { PathRecord } from './search-index';
import { fold } from './text';
import { EXACT, isWordQuery, WHOLE, type WordIndex } from './words';

/** First pass over every file: matches kept and counted (enough to rank; more is "at least"). */
export const FIRST_KEEP = 8;
/** Second pass, for the files near the top: matches kept, and counted. */
export const KEEP = 64;
export const COUNT_CAP = 10_000;
/** Up to this many matching files, every file with more matches than the first pass kept gets the second pass. */
export const SECOND_PASS_ALL = 2000;

export const NO_SPANS: number[] = [];
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
  /**
   * Bytes of files a regular expression may reach, in path order: the first file that would pass
   * it and those after it are not searched. A count, so the same search over the same files stops
   * at the same file however busy the machine is (RE2 is linear in its input, so bytes bound work).
   */
  byteLimit: number;
  /** Top files that get the second pass when many files match. */
  secondPassTop: number;
  /** The index's words, for queries of word characters. */
  words?: WordIndex;
  /** Counts a file not searched, by reason. */
  skip(why: string): void;
}

/**
 * The record of a file a streamed search found cannot match (stream.ts): searched, no match. Only
 * the streamed search makes it; the index never does.
 */
export const UNMATCHED: PathRecord = Object.freeze({
  path: '',
  size: 0,
  mtimeMs: 0,
  hash: undefined,
  entry: undefined,
  withheld: undefined,
  role: undefined,
  base: undefined,
}) as PathRecord;

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
export function probeSpans(entry: ContentEntry, matcher: Matcher, grams: Uint32Array): number[] {
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

/** Where a search stopped at its byte limit: files are searched in path order, so a prefix was. */
export interface StoppedAt {
  /** The last file searched (none when the limit came before the first). */
  lastSearched?: string;
  /** The first file not reached, and how many were not. */
  firstNotReached: string;
  notReached: number;
}

/**
 * Both passes. First, every file: the first FIRST_KEEP matches kept and one more counted, scored
 * from the text. Second, all matches (KEEP kept, COUNT_CAP counted) of the files with more than
 * the first pass kept: all of them when at most SECOND_PASS_ALL files match, otherwise those near
 * the top. Files left out keep a count of "at least" (their rarity bonus is an upper bound).
 * A query of word characters is answered from the words instead (see words.ts): every match
 * counted and checked in one pass.
 */
export function matchAll(input: MatchInput): { matching: Matching; searched: number; stopped?: StoppedAt } {
  const pass = new FirstPass(input);
  const { files, records } = input;
  const regex = input.matcher.regex;
  let searched = 0;
  let last: string | undefined;
  let stopped: StoppedAt | undefined;
  let reached = 0;
  for (let at = 0; at < files.length; at++) {
    const record = records[at];
    const entry = record?.entry;
    if (!entry && record !== UNMATCHED) {
      input.skip(withheldReason(record?.withheld));
      continue;
    }
    if (regex && (stopped || reached + files[at]!.size > input.byteLimit)) {
      stopped ??= {
        ...(last !== undefined ? { lastSearched: last } : {}),
        firstNotReached: files[at]!.path,
        notReached: 0,
      };
      stopped.notReached++;
      input.skip('not reached within the byte limit');
      continue;
    }
    reached += files[at]!.size;
    last = files[at]!.path;
    if (!entry) {
      searched++; // streamed, and found not to match (its bytes count toward the limit as any file's)
      continue;
    }
    if (pass.wordQuery) {
      // The tally knows which files match: no filter to ask.
      if (entry.slot >= 0 && pass.words) pass.byWords(at, entry, record);
      else pass.allMatches(at, entry, record, pass.mayMatch(entry, searched));
      searched++;
    } else pass.firstMatches(at, entry, record, pass.mayMatch(entry, searched++));
  }
  pass.secondPass();
  return { matching: pass.matching, searched, stopped };
}

/** The first pass's state. Methods, not closures: their optimized code serves every query. */
class FirstPass {
  readonly matching: Matching = { at: [], score: [], count: [], capped: [], deep: [] };
  readonly words: SlotTally | undefined;
  /** A query of word characters: every match counted and checked, from the words or read (no second pass). */
  readonly wordQuery: boolean;
  private readonly ident: boolean;
  private readonly probeGrams: Uint32Array;
  private readonly found: FileMatches = { spans: [], count: 0, capped: false };
  private readonly scratch: Estimable = {
    path: '',
    base: '',
    entry: undefined as unknown as ContentEntry,
    role: undefined,
    explicit: false,
    spans: NO_SPANS,
    count: 0,
    probe: NO_SPANS,
    score: 0,
  };
  private filter = true;
  private probed = 0;
  private passed = 0;

  constructor(private readonly input: MatchInput) {
    const { matcher, query } = input;
    this.wordQuery = !matcher.regex && isWordQuery(query);
    this.words = input.words && this.wordQuery ? input.words.tally(query, matcher.caseSensitive) : undefined;
    this.ident = this.words !== undefined && isIdent(query);
    this.probeGrams = needleGrams(fold(matcher.qualified?.probe ?? ''));
  }

  /** The cheap filters, where they pay (see WINDOW): false when the file cannot match. */
  mayMatch(entry: ContentEntry, searched: number): boolean {
    const w = searched % WINDOW;
    if (w === 0) {
      this.filter = true;
      this.probed = this.passed = 0;
    } else if (w === PROBE) this.filter = (this.probed - this.passed) * RULED_OUT >= this.probed;
    if (!this.filter) return true;
    const may = this.input.matcher.mayMatch(entry);
    if (w < PROBE) {
      this.probed++;
      if (may) this.passed++;
    }
    return may;
  }

  /** A query of word characters, from the file's words. */
  byWords(at: number, entry: ContentEntry, record: PathRecord): void {
    const words = this.words!;
    const count = words.count[entry.slot]!;
    if (count === 0) return;
    const flags = words.flags[entry.slot]!;
    const { matcher, query } = this.input;
    // Only where the query stands whole and may be declared is the text read, to check the line.
    const looks =
      this.ident &&
      (flags & DECLARED) !== 0 &&
      anyLooksDeclared(entry.text, matcher.find(entry, COUNT_CAP, COUNT_CAP).spans);
    const scratch = this.prepare(at, entry, record);
    scratch.count = count;
    scratch.score = textScore(scratch, matcher, query, {
      whole: (flags & WHOLE) !== 0,
      looks,
      exact: (flags & EXACT) !== 0,
    });
    this.add(at, count, false, true);
  }

  /** A query of word characters in a text without words (placeholders in it): every match read and checked. */
  allMatches(at: number, entry: ContentEntry, record: PathRecord, may: boolean): void {
    const found = this.found;
    if (may) this.input.matcher.find(entry, COUNT_CAP, COUNT_CAP, found, true);
    else clear(found);
    if (found.count === 0) return;
    const scratch = this.prepare(at, entry, record);
    scratch.spans = found.spans;
    scratch.count = found.count;
    estimate(scratch, this.input.matcher, this.input.query, Number.POSITIVE_INFINITY);
    this.add(at, found.count, found.capped, true);
  }

  /** Any other query: the first matches of the file. */
  firstMatches(at: number, entry: ContentEntry, record: PathRecord, may: boolean): void {
    const { matcher, query } = this.input;
    const found = this.found;
    if (may) matcher.find(entry, FIRST_KEEP, FIRST_KEEP + 1, found, true);
    else clear(found);
    const probe =
      found.count === 0 && matcher.qualified ? probeSpans(entry, matcher, this.probeGrams) : NO_SPANS;
    if (found.count === 0 && probe.length === 0) return;
    const scratch = this.prepare(at, entry, record);
    scratch.spans = found.spans;
    scratch.count = found.count;
    scratch.probe = probe;
    estimate(scratch, matcher, query);
    this.add(at, found.count, found.capped, false);
  }

  /** The second pass, for the files whose first matches were not all of them. */
  secondPass(): void {
    const { matching, found } = this;
    const { matcher, query, records } = this.input;
    const n = matching.at.length;
    if (this.wordQuery) return; // every match was checked already
    const second =
      n <= SECOND_PASS_ALL
        ? Array.from({ length: n }, (_, i) => i)
        : topIndices(matching.score, this.input.secondPassTop);
    for (const i of second) {
      if (matching.deep[i] || matching.count[i]! <= FIRST_KEEP) continue; // every match already checked
      const at = matching.at[i]!;
      const record = records[at]!;
      const entry = record.entry!;
      matcher.find(entry, KEEP, COUNT_CAP, found);
      const scratch = this.prepare(at, entry, record);
      scratch.spans = found.spans;
      scratch.count = found.count;
      estimate(scratch, matcher, query, KEEP);
      matching.score[i] = scratch.score;
      matching.count[i] = found.count;
      matching.capped[i] = found.capped ? 1 : 0;
      matching.deep[i] = 1;
    }
  }

  /** The scratch candidate set to one file (its role and name key found once, kept with the record). */
  private prepare(at: number, entry: ContentEntry, record: PathRecord): Estimable {
    const path = this.input.files[at]!.path;
    const explicit = this.input.explicit;
    if (record.role === undefined) record.role = roleOf(path, entry.text) ?? null;
    record.base ??= fileBase(path);
    const scratch = this.scratch;
    scratch.path = path;
    scratch.base = record.base;
    scratch.entry = entry;
    scratch.role = record.role ?? undefined;
    scratch.explicit = explicit.size > 0 && explicit.has(path);
    scratch.spans = NO_SPANS;
    scratch.probe = NO_SPANS;
    return scratch;
  }

  private add(at: number, count: number, capped: boolean, deep: boolean): void {
    const m = this.matching;
    m.at.push(at);
    m.score.push(this.scratch.score);
    m.count.push(count);
    m.capped.push(capped ? 1 : 0);
    m.deep.push(deep ? 1 : 0);
  }
}
