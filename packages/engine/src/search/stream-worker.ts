// Worker entry for a streamed search (piscina; stream.ts explains the whole path). Each file goes
// through the content pipeline's own stages (the safe open, the classify stage, the mask stage),
// but only as far as the query needs: a file whose bytes lack the needle cannot match once masked
// (stream.ts: `streamSpec`), so it is answered "no match" unmasked and nothing of it leaves this
// thread. Every other file is masked here and handed back prepared, for the calling thread to
// number (as the mask pool does); the text of a file without secrets is tested once more against
// the whole query, so what crosses back is little more than what matches: a reply names only the
// files that may match or were not read, by their place in the task (nothing at all for the rest).
import { closeSync } from 'node:fs';
import RE2 from 're2';
import { flagged, isBinary } from '../content/classify';
import type { Masker, PendingMask } from '../content/mask-stage';
import { maskStage, noMasking } from '../content/mask-stage';
import { maskPrepared } from '../content/maskers';
import { type OpenedFile, openProjectFileSync, readOpenedSync, readProjectFileSync } from '../content/open';
import { type FileInput, type ReadText, readResult } from '../content/read';
import { type Withheld, withheldByMasking } from '../content/withheld';
import { loadMaskRules } from '../mask/rules';
import { DEFAULT_LIMITS, type MaskLimits } from '../mask/scan';
import type { KnownValues } from '../mask/session';
import { isBinaryByName } from '../scan/binary';
import { type FileStat, statFile } from '../scan/stat';
import { needleFor, placeholderNames } from './needle';
import { fold } from './text';

/** What a file must hold to match (see stream.ts). */
export interface StreamSpec {
  /** Text every match holds (folded when case-insensitive): the query, or a regular expression's literal. */
  literal?: string;
  caseSensitive: boolean;
  /** A regular expression a file without secrets must match (a non-empty match). */
  pattern?: { source: string; flags: string };
}

export interface StreamTask {
  files: Array<FileInput & { size?: number }>;
  spec: StreamSpec;
  /** False when masking is off by an explicit setting. */
  masking: boolean;
  rulesPath?: string;
  key: Uint8Array;
  limits?: MaskLimits;
  known?: KnownValues;
  /**
   * The files come from a scan that did not stat them (`statFiles: false`): each is judged here
   * as the scan would judge it (`statFile`, files above `maxBytes` are too large) before it is
   * read, and a flagged one is never read (`openJudged`: a plain one is judged by its open).
   */
  judge?: { maxBytes: number };
  /**
   * The task ends after the file whose bytes bring what it read to this many (at least one file
   * is answered): a stop then waits for about this much reading per worker, whatever the files'
   * sizes (a judged task's sizes are unknown until it reads them). The reply's `reached` says
   * how far it got; the caller sends the rest again.
   */
  bytes?: number;
}

/** A file masked with nothing to number (masking off): its text as it is. */
export interface PlainText {
  kind: 'plain';
  path: string;
  target?: string;
  text: string;
  hash: string;
}

export type StreamItem = PendingMask | PlainText | Withheld;

/**
 * A task's answer: `items[k]` is the file at `at[k]` of the task's files; every file not named
 * cannot match the query (its bytes lack the needle, or its text the query).
 */
export interface StreamReply {
  at: number[];
  items: StreamItem[];
  /** With `judge`: every file's stat, in task order (a flagged file has no item). */
  stats?: FileStat[];
  /** The files answered: the first `reached` of the task (all, without `bytes`). */
  reached: number;
}

/** The needles of the literals this thread was given (by rule file, case and literal). */
const needles = new Map<string, string>();

/** What a file's bytes must hold to be worth masking (`needleFor`); empty: every file is masked. */
function needleOf(task: StreamTask): string | undefined {
  const { literal, caseSensitive } = task.spec;
  if (literal === undefined || !task.masking) return literal;
  const key = `${task.rulesPath ?? ''}\0${caseSensitive ? 1 : 0}${literal}`;
  let needle = needles.get(key);
  if (needle === undefined) {
    needle = needleFor(literal, placeholderNames(task.rulesPath), caseSensitive);
    if (needles.size > 64) needles.clear();
    needles.set(key, needle);
  }
  return needle;
}

/**
 * With `judge`: a file the scan left unflagged and not binary by name, opened first, its fstat
 * standing for the scan's lstat (one system call less a file; the open follows no link in its
 * last part and is verified a regular file at that very path). Undefined: judge it as the scan
 * does (`statFile`), whatever the open said, so every odd file gets the scan's own answer.
 */
function openJudged(input: FileInput, maxBytes: number): OpenedFile | undefined {
  if (input.flag || isBinaryByName(input.target ?? input.path)) return undefined;
  let opened: OpenedFile;
  try {
    opened = openProjectFileSync(input.file);
  } catch {
    return undefined;
  }
  if (opened.size <= maxBytes) return opened;
  closeSync(opened.fd);
  return undefined;
}

/** Case-insensitive tests of folded ASCII needles on the bytes themselves (`contains`), by needle. */
const loose = new Map<string, RE2 | undefined>();

/**
 * A folded needle that is all ASCII, as a case-insensitive RE2 over UTF-8 bytes. Only ASCII and
 * the Kelvin sign fold to ASCII (`fold` keeps İ), and RE2's folding matches those and more (ſ for
 * s): a file it rejects has no fold holding the needle, and is never decoded. Else undefined.
 */
function looseOf(text: string): RE2 | undefined {
  if (loose.has(text)) return loose.get(text);
  const re = /^\p{ASCII}*$/u.test(text)
    ? new RE2(
        text.replace(/[^A-Za-z0-9]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`),
        'i',
      )
    : undefined;
  if (loose.size > 64) loose.clear();
  loose.set(text, re);
  return re;
}

function contains(bytes: Buffer, text: string | undefined, spec: StreamSpec, folded: () => string): boolean {
  if (text === undefined || text === '') return true;
  // Bytes compare exactly for a case-sensitive needle without U+FFFD (what invalid bytes decode to).
  if (spec.caseSensitive && !text.includes('\uFFFD')) return bytes.indexOf(text) >= 0;
  if (!spec.caseSensitive && looseOf(text)?.test(bytes) === false) return false;
  return (spec.caseSensitive ? bytes.toString('utf8') : folded()).includes(text);
}

/** A non-empty match of `re` in `buf` (empty matches locate nothing: the search ignores them). */
function hasMatch(re: RE2, buf: Buffer): boolean {
  re.lastIndex = 0;
  for (let m = re.exec(buf); m; m = re.exec(buf)) {
    if ((m[0] as unknown as Buffer).length > 0) return true;
    re.lastIndex = m.index + 1;
    if (re.lastIndex > buf.length) return false;
  }
  return false;
}

/**
 * Where this thread reads the files it looks at: most lack the needle and are dropped, so a fresh
 * buffer for each (and the collections of them) cost more than the reading (~40 ms a thread on 31k
 * files). A larger file gets a buffer of its own.
 */
const scratch = Buffer.allocUnsafeSlow(256 * 1024);

export default async function streamTask(task: StreamTask): Promise<StreamReply> {
  const { spec } = task;
  const at: number[] = [];
  const out: StreamItem[] = [];
  const stats: FileStat[] | undefined = task.judge ? [] : undefined;
  if (task.files.length === 0) {
    // A warm-up task (startStreamWorkers): the rules load before the first file comes.
    if (task.masking) await loadMaskRules(task.rulesPath);
    return { at, items: out, reached: 0 };
  }
  const limits = task.limits ?? DEFAULT_LIMITS;
  const masker: Masker = task.masking
    ? maskPrepared(Buffer.from(task.key), () => loadMaskRules(task.rulesPath), {
        limits,
        ...(task.known ? { known: task.known } : {}),
        always: true,
      })
    : noMasking;
  const re = spec.pattern ? new RE2(spec.pattern.source, spec.pattern.flags) : undefined;
  const needle = needleOf(task);
  const files = task.files;
  let i = -1;
  let read = 0;
  const answer = (item: StreamItem) => {
    at.push(i);
    out.push(item);
  };
  while (++i < files.length && !(task.bytes !== undefined && i > 0 && read >= task.bytes)) {
    const { size: given, ...input } = files[i]!;
    let size = given;
    let opened: OpenedFile | undefined;
    if (stats) {
      opened = openJudged(input, task.judge!.maxBytes);
      // The content path's name and stat, as the scan judges a link by its target.
      const st = opened
        ? { size: opened.size, mtimeMs: opened.mtimeMs }
        : statFile(input.file, input.target ?? input.path, task.judge!.maxBytes);
      stats.push(st);
      if (st.flag) continue;
      size = st.size;
    }
    const refused = flagged(input);
    if (refused) {
      answer(refused);
      continue;
    }
    const limit = masker.limit;
    if (limit && size !== undefined && size > limit.bytes) {
      if (opened) closeSync(opened.fd);
      answer(withheldByMasking(input.path, limit.why));
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = opened ? readOpenedSync(opened, scratch) : readProjectFileSync(input.file, scratch);
    } catch (error) {
      answer(readResult(input.path, error as NodeJS.ErrnoException) as Withheld);
      continue;
    }
    read += bytes.length;
    let folded: string | undefined;
    const fold1 = () => {
      folded ??= fold(bytes.toString('utf8'));
      return folded;
    };
    if (!isBinary(bytes) && !contains(bytes, needle, spec, fold1)) continue;
    // Kept from here on: its own bytes, not the scratch the next file is read into.
    if (bytes.buffer === scratch.buffer) bytes = Buffer.from(bytes);
    const text = readResult(input.path, bytes);
    if (text.kind === 'withheld') {
      answer(text);
      continue;
    }
    const r = await maskStage(input, text as ReadText, masker);
    if (r.kind === 'withheld') {
      answer(r);
      continue;
    }
    // No value of its own: the masked text is the file's text (values another file holds are
    // looked for by the calling thread only in the files handed back), so the query decides here.
    const bare = r.kind === 'masked' || r.prepared.marks.length === 0;
    const utf8 = () => ((text as ReadText).exact ? bytes : Buffer.from((text as ReadText).raw));
    if (bare && !(contains(bytes, spec.literal, spec, fold1) && (!re || hasMatch(re, utf8())))) continue;
    if (r.kind === 'pending') answer(r);
    else
      answer({
        kind: 'plain',
        path: r.path,
        ...(r.target ? { target: r.target } : {}),
        text: r.text,
        hash: r.hash,
      });
  }
  return { at, items: out, ...(stats ? { stats } : {}), reached: i };
}
