// A project's content pipeline: processFile (process.ts) bound to a root, a masking setting, a rule
// file and an encoding, with the executors that run its stages for one file (this thread) or many
// (sync reads in slices here, or read and masked on the worker pool, numbered here in input
// order). The window's preview, the clipboard export, `loupe pack` and every MCP read go through
// it, so the same settings give the same bytes everywhere.
import { createMaskPool, type MaskPool } from '../mask/pool';
import { loadMaskRules, type MaskRules } from '../mask/rules';
import type { MaskSession } from '../mask/session';
import type { Encoding, FileEntry } from '../types';
import { type MaskedText, type Masker, noMasking } from './mask-stage';
import { maskHere } from './maskers';
import { projectFile } from './open';
import {
  type ContentDeps,
  type FileRequest,
  finishFile,
  type ProcessedFile,
  processFile,
  readMasked,
} from './process';
import { type FileInput, readBytesSync } from './read';
import type { Withheld } from './withheld';

export interface ContentOptions {
  /** Mask secret values (default true). Off only by an explicit per-project setting. */
  mask?: boolean;
  /** Gitleaks rule file (default: the pinned copy in resources/rules). */
  rulesPath?: string;
  encoding?: Encoding;
}

/** A file to read; a link carries its target, whose bytes and name (format, language) it reads as. */
type Entry = Pick<FileEntry, 'path' | 'flag' | 'size' | 'target' | 'targetHidden'>;

/** Below this many files, a bulk read masks on this thread: a batch would wait on the pool's start. */
const POOL_FROM = 8;
/** Sync reads yield to the event loop after this many files. */
const SLICE = 128;

export class ContentPipeline {
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

  private rules = (): Promise<MaskRules> => loadMaskRules(this.options.rulesPath);

  /** Where this pipeline's mask stage runs for one session: this thread, or nowhere (masking off). */
  masker(session: MaskSession): Masker {
    return this.masking ? maskHere(session, this.rules) : noMasking;
  }

  input(entry: Entry): FileInput {
    return {
      path: entry.path,
      file: projectFile(this.root, entry),
      ...(entry.target ? { target: entry.target } : {}),
      ...(entry.flag ? { flag: entry.flag } : {}),
      ...(entry.targetHidden ? { targetHidden: entry.targetHidden } : {}),
    };
  }

  private deps(session: MaskSession): Partial<ContentDeps> {
    return { masker: this.masker(session), encoding: this.encoding };
  }

  /** Reads one file through the whole pipeline, masking in this thread. */
  async read(entry: Entry, request: FileRequest, session: MaskSession): Promise<ProcessedFile> {
    // This pipeline's maskers number values here: nothing comes back pending.
    return (await processFile(this.input(entry), request, this.deps(session))) as ProcessedFile;
  }

  /** Reads many files (see `readMaskedMany`), each finished as its request asks; in input order. */
  async readMany(
    items: ReadonlyArray<{ entry: Entry; request: FileRequest }>,
    session: MaskSession,
  ): Promise<ProcessedFile[]> {
    const masked = await this.readMaskedMany(
      items.map((i) => i.entry),
      session,
    );
    const out: ProcessedFile[] = [];
    for (let i = 0; i < items.length; i++) {
      const m = masked[i]!;
      out.push(m.kind === 'masked' ? await finishFile(m, items[i]!.request, { encoding: this.encoding }) : m);
    }
    return out;
  }

  /**
   * Starts the worker pool and its rules when a bulk read of `count` files would use it: a pack
   * calls this before it ranks, so the first batch of files does not wait for the pool to start.
   */
  warmFor(count: number): void {
    if (!this.masking || count < POOL_FROM) return;
    this.pool ??= createMaskPool(this.options.rulesPath ? { rulesPath: this.options.rulesPath } : {});
    // A pool that cannot start says why at the first read (readMaskedMany).
    this.pool.then((pool) => pool.warm()).catch(() => {});
  }

  /**
   * The read and mask stages only, for many files (an index that keeps masked texts, a pack): no
   * selection, compression or count. Placeholders are numbered in input order, so the same inputs
   * give the same placeholders. Many files with masking on are read and masked on the worker pool;
   * otherwise they are read here, synchronously in slices: for bulk reads that costs a fraction of
   * the CPU of thousands of concurrent async reads, and blocks the event loop only briefly.
   */
  async readMaskedMany(
    entries: readonly Entry[],
    session: MaskSession,
  ): Promise<Array<MaskedText | Withheld>> {
    if (this.masking && entries.length >= POOL_FROM) {
      try {
        this.pool ??= createMaskPool(this.options.rulesPath ? { rulesPath: this.options.rulesPath } : {});
        const pool = await this.pool;
        return await pool.readMasked(
          entries.map((e) => ({ ...this.input(e), size: e.size })),
          session,
        );
      } catch {
        // The pool could not start (the rules did not load): the same stages here say why, per file.
        this.pool = undefined;
      }
    }
    const deps = { read: readBytesSync, masker: this.masker(session) };
    const out: Array<MaskedText | Withheld> = [];
    for (let i = 0; i < entries.length; i++) {
      const m = (await readMasked(this.input(entries[i]!), deps)) as MaskedText | Withheld;
      if (m.kind === 'masked') {
        // The raw text and the bytes are not kept: many masked texts may be held at once.
        const { raw: _raw, bytes: _bytes, ...masked } = m;
        out.push(masked);
      } else out.push(m);
      if (i % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  }

  async close(): Promise<void> {
    const pool = await this.pool?.catch(() => undefined); // a pool that never started has nothing to close
    await pool?.close();
  }
}
