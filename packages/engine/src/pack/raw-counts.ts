// What a budgeted pack knows of each file's raw token count: only what it found out itself. The
// walk asks whether a file's raw text is over a limit (TRY_FACTOR times the per-file cap); the size
// answers when it can (every token is 1 to MAX_TOKEN_BYTES bytes of UTF-8, and the decoded text is
// 1 to 3 times the file's bytes: invalid bytes become U+FFFD), and only otherwise is the file
// counted exactly: by the index when it has counted that file, else read and counted here. The
// answer is the same either way, so a pack never depends on how far the background count got
// (docs/decisions.md, "Budgeted packs by the budget").
import { projectFile } from '../content/open';
import { readBytesSync, readResult } from '../content/read';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { FileSource } from './source';

/** The longest token of every encoding Loupe counts in, in bytes (raw-counts.test.ts checks it). */
export const MAX_TOKEN_BYTES = 128;
/** UTF-8 bytes of the decoded text per byte of the file, at most (an invalid byte becomes U+FFFD). */
export const DECODED_PER_BYTE = 3;

/** How the walk learned that a file is over a limit. */
export type OverBy = 'size' | 'count';

export class RawCounts {
  /** Exact raw counts this pack found out (null: not text). */
  private readonly exact = new Map<number, number | null>();

  constructor(
    private readonly root: string,
    private readonly files: readonly IndexEntry[],
    private readonly encoding: Encoding,
    /** The file source, when its batch of file `i` has already been read: spares a second read. */
    private readonly source?: Pick<FileSource, 'ready' | 'fullTokens'>,
  ) {}

  /** The raw tokens of file `i`, when this pack counted them. */
  known(i: number): number | undefined {
    return this.exact.get(i) ?? undefined;
  }

  /**
   * Whether file `i`'s raw text takes more than `limit` tokens, and how that was decided; false
   * for a file that is not text (reading it says why).
   */
  over(i: number, limit: number): OverBy | false {
    const size = this.files[i]!.size;
    if (DECODED_PER_BYTE * size <= limit) return false;
    if (Math.ceil(size / MAX_TOKEN_BYTES) > limit) return 'size';
    const tokens = this.count(i);
    return tokens !== null && tokens > limit ? 'count' : false;
  }

  /** The files whose raw counts this pack found out (read here or taken from the index). */
  counted(): IndexEntry[] {
    return [...this.exact.keys()].map((i) => this.files[i]!);
  }

  private count(i: number): number | null {
    let tokens = this.exact.get(i);
    if (tokens !== undefined) return tokens;
    const entry = this.files[i]!;
    // The index's count is exact for the content it saw (the stat cache trusts size and mtime as
    // git does); a file the pack has read already with nothing masked holds its raw text (counted
    // once, there); otherwise the file is read and counted as the token workers count it.
    const done = this.source?.ready(i);
    if (entry.tokens !== undefined) tokens = entry.tokens;
    else if (done?.kind === 'masked' && done.findings.length === 0) tokens = this.source!.fullTokens(done);
    else {
      let bytes: Buffer | NodeJS.ErrnoException;
      try {
        bytes = readBytesSync(projectFile(this.root, entry));
      } catch (error) {
        bytes = error as NodeJS.ErrnoException;
      }
      const read = readResult(entry.path, bytes);
      tokens = read.kind === 'text' ? countTokens(read.raw, this.encoding) : null;
    }
    this.exact.set(i, tokens);
    return tokens;
  }
}
