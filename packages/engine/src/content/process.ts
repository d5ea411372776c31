// processFile: one file through the content pipeline's stages, each a plain function of its own
// file: read -> classify -> mask -> select (lines or a symbol) -> compress -> number -> count ->
// label. Every output path calls it (the window's preview and the clipboard export through the
// packer, `loupe pack`/`compress`/`mask`, every MCP tool), and so does every worker: where a stage
// runs is the executor's choice (content/pipeline.ts, pack/strategy/, mask/worker.ts), what it
// does is decided here, once. It fails closed: a file that cannot be masked is withheld with its
// reason, never passed on unmasked.
import type { CompressOptions, CompressResult, CompressStats, Level } from '../compress/types';
import type { Declaration } from '../declarations/declarations';
import type { LanguageId } from '../lang/languages';
import type { MaskFinding } from '../mask/mask';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import type { Encoding, RelPath } from '../types';
import { lineCount } from '../util/lines';
import { detailOf } from './detail';
import { maskedIn } from './label';
import { type MaskedText, type Masker, maskStage, type PendingMask } from './mask-stage';
import { numberStage } from './number';
import { contentPath } from './open';
import { type FileInput, type ReadBytes, readBytesAsync, readStage } from './read';
import { type LineRange, selectStage, sliceLines } from './select';
import type { SymbolMatch } from './symbols';
import { type Withheld, withheldByMasking } from './withheld';

export interface FileRequest {
  /** Detail of a whole-file read (default full); line and symbol reads are always full. */
  detail?: Level;
  stripComments?: boolean;
  stripDocstrings?: boolean;
  /** The file's own lines, 1-based, inclusive; clamped to the file. */
  lines?: LineRange;
  /** A declaration by qualified (`Class.method`) or simple name. */
  symbol?: string;
  /** Prefix each line with the file's own line number. */
  lineNumbers?: boolean;
  /** Count the text's tokens (default true; a pack counts whole sections instead). */
  count?: boolean;
  /** Also give the file's bytes when the text is exactly their UTF-8 (a writer copies them). */
  bytes?: boolean;
}

/** A file's delivered text and what was done to it: the one shape every consumer renders. */
export interface FileContent {
  kind: 'content';
  path: RelPath;
  /** A link's target: the name its compression and language followed. */
  target?: RelPath;
  text: string;
  /** Exact tokens of `text` in the pipeline's encoding (unless the request said not to count). */
  tokens?: number;
  level: Level;
  requested: Level;
  /** Why the level differs from the one requested. */
  levelReason?: string;
  /** The lines of the file the text covers (the whole file for whole-file reads) and its line count. */
  range: LineRange & { total: number };
  symbol?: Declaration;
  /** SHA-256 of the file's bytes (what the session ledger compares). */
  hash: string;
  /** Every value masked in the file (placeholders numbered in the caller's session). */
  findings: MaskFinding[];
  /** Placeholders in `text`, per rule: values in lines not read or code compressed away do not count. */
  maskedByRule: Record<string, number>;
  /** False only when masking is off by an explicit setting. */
  masked: boolean;
  /** Set when line numbers were asked for and the text carries none, and why. */
  unnumbered?: string;
  /** What compression did, when it ran. */
  compression?: CompressStats;
  language?: LanguageId;
  /** The file's bytes, when asked for and `text` is exactly their UTF-8. */
  bytes?: Buffer;
}

export interface SymbolMiss {
  kind: 'symbol-miss';
  path: RelPath;
  query: string;
  match: Exclude<SymbolMatch, { kind: 'found' }>;
  totalLines: number;
  hash: string;
}

export type ProcessedFile = FileContent | Withheld | SymbolMiss;

export interface ContentDeps {
  read: ReadBytes;
  /** Where the mask stage runs; default: this thread, the pinned rules, a session of its own. */
  masker: Masker;
  encoding: Encoding;
  compress(text: string, path: string, options: CompressOptions): Promise<CompressResult>;
  declarations(text: string, path: string): Promise<Declaration[]>;
}

/** Masks in this thread with the pinned rules; loaded on first use, so threads that never mask stay light. */
function defaultMasker(): Masker {
  let here: Promise<Masker> | undefined;
  return {
    on: true,
    async mask(text, path, utf8) {
      here ??= import('./maskers').then((m) => m.maskHere(new MaskSession()));
      return (await here).mask(text, path, utf8);
    },
  };
}

// Compression and declarations load on first use: the workers that only read and mask never load them.
const DEFAULTS: Omit<ContentDeps, 'masker'> = {
  read: readBytesAsync,
  encoding: 'o200k_base',
  compress: async (text, path, options) =>
    (await import('../compress/compress')).compress(text, path, options),
  declarations: async (text, path) => (await import('../declarations/declarations')).declarations(text, path),
};

function withDefaults(deps: Partial<ContentDeps>): ContentDeps {
  return { ...DEFAULTS, ...deps, masker: deps.masker ?? defaultMasker() };
}

/** The read, classify and mask stages: a file's masked text, or why it is withheld. */
export function readMasked(
  input: FileInput,
  deps: Partial<ContentDeps> = {},
): Promise<MaskedText | PendingMask | Withheld> {
  return readAndMask(input, withDefaults(deps));
}

async function readAndMask(input: FileInput, d: ContentDeps): Promise<MaskedText | PendingMask | Withheld> {
  const limit = d.masker.limit;
  if (limit && !input.flag && input.size !== undefined && input.size > limit.bytes)
    return withheldByMasking(input.path, limit.why);
  const read = await readStage(input, d.read);
  if (read.kind === 'withheld') return read;
  return maskStage(input, read, d.masker);
}

/** The stages after masking (select -> compress -> number -> count -> label), for a masked text. */
export function finishFile(
  m: MaskedText,
  request: FileRequest = {},
  deps: Partial<Omit<ContentDeps, 'read' | 'masker'>> = {},
): Promise<FileContent | SymbolMiss> {
  return finish(m, request, { ...DEFAULTS, ...deps });
}

async function finish(
  m: MaskedText,
  request: FileRequest,
  d: Omit<ContentDeps, 'masker'>,
): Promise<FileContent | SymbolMiss> {
  // The raw text's parse addresses the masked text too: masking keeps every line where it was.
  const source = m.raw ?? m.text;
  const total = lineCount(source);
  const name = contentPath(m); // a link's target names its language
  const selection = await selectStage(request, total, () => d.declarations(source, name));
  if (selection.kind === 'miss')
    return {
      kind: 'symbol-miss',
      path: m.path,
      query: request.symbol!,
      match: selection.match,
      totalLines: total,
      hash: m.hash,
    };
  const range = selection.kind === 'range' ? selection.range : undefined;
  const detail = detailOf(request.detail, range !== undefined);
  let text = range ? (range.start <= range.end ? sliceLines(m.text, range.start, range.end) : '') : m.text;
  let level = detail.level;
  let levelReason = detail.reason;
  let compressed: CompressResult | undefined;
  if (level !== 'full') {
    compressed = await d.compress(text, name, {
      level,
      ...(request.stripComments !== undefined ? { stripComments: request.stripComments } : {}),
      ...(request.stripDocstrings !== undefined ? { stripDocstrings: request.stripDocstrings } : {}),
    });
    text = compressed.text;
    level = compressed.level;
    levelReason = compressed.reason;
  }
  const maskedByRule = maskedIn(m, text);
  const numbered = request.lineNumbers
    ? numberStage(text, level === 'full', range?.start ?? 1, m.text)
    : undefined;
  const shown = numbered?.text ?? text;
  const own = request.bytes && m.bytes && shown === m.raw ? { bytes: m.bytes } : {};
  return {
    kind: 'content',
    path: m.path,
    ...(m.target ? { target: m.target } : {}),
    text: shown,
    ...(request.count === false ? {} : { tokens: countTokens(shown, d.encoding) }),
    level,
    requested: detail.requested,
    ...(levelReason ? { levelReason } : {}),
    range: range ? { ...range, total } : { start: total ? 1 : 0, end: total, total },
    ...(selection.kind === 'range' && selection.symbol ? { symbol: selection.symbol } : {}),
    hash: m.hash,
    findings: m.findings,
    maskedByRule,
    masked: m.masked,
    ...(numbered?.unnumbered ? { unnumbered: numbered.unnumbered } : {}),
    ...(compressed ? { compression: compressed.stats } : {}),
    ...(compressed?.language ? { language: compressed.language } : {}),
    ...own,
  };
}

/**
 * One file through every stage. A masker that leaves numbering to the caller (a worker's) stops
 * at the mask stage when values were found: the caller numbers them (`maskedFrom`) and finishes
 * the file with `finishFile`.
 */
export async function processFile(
  input: FileInput,
  request: FileRequest = {},
  deps: Partial<ContentDeps> = {},
): Promise<ProcessedFile | PendingMask> {
  const d = withDefaults(deps);
  const m = await readAndMask(input, d);
  return m.kind === 'masked' ? finish(m, request, d) : m;
}
