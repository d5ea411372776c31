// The one content pipeline: read -> mask -> select (lines or symbol) -> compress -> label.
// The window's preview, the clipboard export, `loupe pack` and every MCP read go through it, so
// the same settings give the same bytes everywhere. It fails closed: a file that cannot be
// masked is withheld with its reason, never emitted unmasked.
import { compress } from '../compress/compress';
import type { Level } from '../compress/types';
import { type Declaration, declarations } from '../declarations/declarations';
import { isLoupeError } from '../errors';
import { type MaskFinding, type MaskResult, maskText } from '../mask/mask';
import { createMaskPool, type MaskPool } from '../mask/pool';
import { loadMaskRules, type MaskRules } from '../mask/rules';
import type { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import type { Encoding, FileEntry, RelPath } from '../types';
import { lineCount } from '../util/lines';
import { contentPath, projectFile, readProjectFile, readProjectFileSync } from './open';
import { type ReadText, readOutcome, type Withheld } from './read';
import { findSymbol, type SymbolMatch } from './symbols';

export interface ContentOptions {
  /** Mask secret values (default true). Off only by an explicit per-project setting. */
  mask?: boolean;
  /** Gitleaks rule file (default: the pinned copy in resources/rules). */
  rulesPath?: string;
  encoding?: Encoding;
}

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

export interface ContentRequest {
  path: RelPath;
  /** Detail for a whole-file read (default full); line and symbol reads are always full. */
  detail?: Level;
  stripComments?: boolean;
  stripDocstrings?: boolean;
  lines?: LineRange;
  /** A declaration by qualified (`Class.method`) or simple name. */
  symbol?: string;
}

export interface Delivered {
  kind: 'content';
  path: RelPath;
  text: string;
  /** Exact tokens of `text` in the pipeline's encoding. */
  tokens: number;
  level: Level;
  requested: Level;
  /** Why the level differs from the one requested. */
  levelReason?: string;
  /** The lines of the file the text covers (the whole file for whole-file reads) and its line count. */
  range: LineRange & { total: number };
  symbol?: Declaration;
  /** SHA-256 of the file's bytes (what the session ledger compares). */
  hash: string;
  findings: MaskFinding[];
  masked: boolean;
}

export type { Withheld };

export interface SymbolMiss {
  kind: 'symbol-miss';
  path: RelPath;
  query: string;
  match: Exclude<SymbolMatch, { kind: 'found' }>;
  totalLines: number;
  hash: string;
}

export type ContentResult = Delivered | Withheld | SymbolMiss;

/** A file to read; a link carries its target, whose bytes and name (format, language) it reads as. */
type Entry = Pick<FileEntry, 'path' | 'flag' | 'size' | 'target' | 'targetHidden'>;

/** Lines start..end (1-based, inclusive) of `text`, with their own line endings. */
export function sliceLines(text: string, start: number, end: number): string {
  let from = 0;
  for (let line = 1; line < start && from >= 0; line++) {
    const nl = text.indexOf('\n', from);
    from = nl < 0 ? -1 : nl + 1;
  }
  if (from < 0) return '';
  let to = from;
  for (let line = start; line <= end; line++) {
    const nl = text.indexOf('\n', to);
    if (nl < 0) return text.slice(from);
    to = nl + 1;
  }
  return text.slice(from, to);
}

interface Staged {
  loaded: ReadText;
  masked: { text: string; findings: MaskFinding[] };
}

/** A file after the read and mask stages (see `readMaskedMany`). */
export interface MaskedText {
  kind: 'masked';
  path: RelPath;
  /** A link's target: the name that chooses compression and language (see FileEntry.target). */
  target?: RelPath;
  /** The masked text; line numbers are the file's own. */
  text: string;
  /** SHA-256 of the file's bytes. */
  hash: string;
  findings: MaskFinding[];
  /** False only when masking is off by an explicit setting. */
  masked: boolean;
}

export class ContentPipeline {
  private rules: Promise<MaskRules> | undefined;
  private pool: Promise<MaskPool> | undefined;
  readonly masking: boolean;
  readonly encoding: Encoding;

  constructor(
    readonly root: string,
    private readonly options: ContentOptions = {},
  ) {
    this.masking = options.mask !== false;
    this.encoding = options.encoding ?? 'o200k_base';
  }

  /** The rule file masking uses, when not the pinned default. */
  get rulesPath(): string | undefined {
    return this.options.rulesPath;
  }

  private loadRules(): Promise<MaskRules> {
    this.rules ??= loadMaskRules(this.options.rulesPath);
    return this.rules;
  }

  private async load(entry: Entry): Promise<ReadText | Withheld> {
    if (entry.flag) return readOutcome(entry, undefined);
    try {
      return readOutcome(entry, await readProjectFile(projectFile(this.root, entry)));
    } catch (error) {
      return readOutcome(entry, error as NodeJS.ErrnoException);
    }
  }

  /**
   * Many files read synchronously in slices, yielding between slices: for bulk reads (an index
   * build, a pack) this costs a fraction of the CPU of thousands of concurrent async reads (each
   * a chain of thread-pool operations and promises), and blocks the event loop only briefly.
   */
  private async loadMany(entries: readonly Entry[]): Promise<Array<ReadText | Withheld>> {
    const out: Array<ReadText | Withheld> = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.flag) out.push(readOutcome(entry, undefined));
      else {
        try {
          out.push(readOutcome(entry, readProjectFileSync(projectFile(this.root, entry))));
        } catch (error) {
          out.push(readOutcome(entry, error as NodeJS.ErrnoException));
        }
      }
      if (i % 128 === 127) await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  }

  /** Reads one file through the whole pipeline, masking in this thread. */
  async read(entry: Entry, request: ContentRequest, session: MaskSession): Promise<ContentResult> {
    const staged = await this.maskOne(entry, session);
    return 'kind' in staged ? staged : this.finish(entry, request, staged.loaded, staged.masked);
  }

  /**
   * Reads many files, masking on worker threads with placeholders numbered in input order (the
   * same inputs give the same placeholders). Results come back in input order.
   */
  async readMany(
    items: ReadonlyArray<{ entry: Entry; request: ContentRequest }>,
    session: MaskSession,
  ): Promise<ContentResult[]> {
    const staged = await this.maskMany(
      items.map((i) => i.entry),
      session,
    );
    const out: ContentResult[] = [];
    for (let i = 0; i < items.length; i++) {
      const s = staged[i]!;
      out.push('kind' in s ? s : await this.finish(items[i]!.entry, items[i]!.request, s.loaded, s.masked));
    }
    return out;
  }

  /**
   * The read and mask stages only, for indexes that keep the masked text of many files (search):
   * no selection, compression or token count. Same masking, same failures withheld.
   */
  async readMaskedMany(
    entries: readonly Entry[],
    session: MaskSession,
  ): Promise<Array<MaskedText | Withheld>> {
    const staged = await this.maskMany(entries, session);
    return staged.map((s, i) =>
      'kind' in s
        ? s
        : {
            kind: 'masked',
            path: entries[i]!.path,
            ...(entries[i]!.target ? { target: entries[i]!.target } : {}),
            text: s.masked.text,
            hash: s.loaded.hash,
            findings: s.masked.findings,
            masked: this.masking,
          },
    );
  }

  private async maskOne(entry: Entry, session: MaskSession): Promise<Staged | Withheld> {
    const loaded = await this.load(entry);
    if ('kind' in loaded) return loaded;
    if (!this.masking) return { loaded, masked: { text: loaded.raw, findings: [] } };
    let rules: MaskRules;
    try {
      rules = await this.loadRules();
    } catch (error) {
      const why = isLoupeError(error) ? error.message : 'the masking rules could not be loaded';
      return {
        kind: 'withheld',
        path: entry.path,
        reason: `Withheld: masking is unavailable (${why}).`,
        hash: loaded.hash,
      };
    }
    const r = maskText(loaded.raw, contentPath(entry), rules, session);
    if (r.withheld !== undefined)
      return { kind: 'withheld', path: entry.path, reason: `Withheld: ${r.withheld}.`, hash: loaded.hash };
    return { loaded, masked: r };
  }

  private async maskMany(entries: readonly Entry[], session: MaskSession): Promise<Array<Staged | Withheld>> {
    if (!this.masking || entries.length < 8) {
      const out: Array<Staged | Withheld> = [];
      for (const entry of entries) out.push(await this.maskOne(entry, session));
      return out;
    }
    const loaded = await this.loadMany(entries);
    const texts = loaded.flatMap((l, i) =>
      'kind' in l ? [] : [{ path: contentPath(entries[i]!), text: l.raw }],
    );
    let maskedAll: MaskResult[];
    try {
      this.pool ??= createMaskPool(this.options.rulesPath ? { rulesPath: this.options.rulesPath } : {});
      maskedAll = await (await this.pool).maskMany(texts, session);
    } catch (error) {
      const why = isLoupeError(error) ? error.message : 'the masking rules could not be loaded';
      return entries.map((e) => ({
        kind: 'withheld',
        path: e.path,
        reason: `Withheld: masking is unavailable (${why}).`,
      }));
    }
    const out: Array<Staged | Withheld> = [];
    let k = 0;
    for (let i = 0; i < entries.length; i++) {
      const l = loaded[i]!;
      if ('kind' in l) {
        out.push(l);
        continue;
      }
      const m = maskedAll[k++]!;
      out.push(
        m.withheld !== undefined
          ? { kind: 'withheld', path: entries[i]!.path, reason: `Withheld: ${m.withheld}.`, hash: l.hash }
          : { loaded: l, masked: m },
      );
    }
    return out;
  }

  private async finish(
    entry: Entry,
    request: ContentRequest,
    loaded: ReadText,
    masked: { text: string; findings: MaskFinding[] },
  ): Promise<ContentResult> {
    const total = lineCount(loaded.raw);
    const requested = request.detail ?? 'full';
    let range: LineRange | undefined;
    let symbol: Declaration | undefined;
    if (request.symbol !== undefined) {
      // Masking keeps line numbers, so the raw parse's lines address the masked text.
      const match = findSymbol(await declarations(loaded.raw, contentPath(entry)), request.symbol);
      if (match.kind !== 'found') {
        return {
          kind: 'symbol-miss',
          path: entry.path,
          query: request.symbol,
          match,
          totalLines: total,
          hash: loaded.hash,
        };
      }
      symbol = match.declaration;
      range = { start: symbol.docLine ?? symbol.startLine, end: symbol.endLine };
    } else if (request.lines) {
      range = { start: Math.max(1, request.lines.start), end: Math.min(total, request.lines.end) };
    }
    const base = {
      kind: 'content' as const,
      path: entry.path,
      hash: loaded.hash,
      findings: masked.findings,
      masked: this.masking,
    };
    if (range) {
      const text = range.start <= range.end ? sliceLines(masked.text, range.start, range.end) : '';
      return {
        ...base,
        text,
        tokens: countTokens(text, this.encoding),
        level: 'full',
        requested,
        ...(requested !== 'full' ? { levelReason: 'line and symbol reads are always full detail' } : {}),
        range: { ...range, total },
        ...(symbol ? { symbol } : {}),
      };
    }
    let text = masked.text;
    let level: Level = 'full';
    let levelReason: string | undefined;
    if (requested !== 'full') {
      const c = await compress(masked.text, contentPath(entry), {
        level: requested,
        ...(request.stripComments !== undefined ? { stripComments: request.stripComments } : {}),
        ...(request.stripDocstrings !== undefined ? { stripDocstrings: request.stripDocstrings } : {}),
      });
      text = c.text;
      level = c.level;
      levelReason = c.reason;
    }
    return {
      ...base,
      text,
      tokens: countTokens(text, this.encoding),
      level,
      requested,
      ...(levelReason ? { levelReason } : {}),
      range: { start: total ? 1 : 0, end: total, total },
    };
  }

  async close(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined); // a pool that never started has nothing to close
    await pool?.close();
  }
}
