// Small cache files by content key, one file per key under a folder of the user's cache folder
// (`<folder>/<2 hex>/<key>.json`, 0600 in 0700 folders, written atomically like the token caches),
// each folder kept within a number of files, the least recently used going first. The one store
// behind the declaration cache and the compression cache: each says what its files hold and
// checks what it reads back (a file that fails its checks is ignored and written again).
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './cache-dir';

/** Files kept per folder (256 folders), by default. */
const PER_FOLDER = 256;

export class KeyedFiles {
  /** Writes per folder since it was last pruned. */
  private readonly written = new Map<string, number>();
  private writes: Promise<void> = Promise.resolve();

  /** `root`: the folder (versioned by its owner), or undefined for a store that keeps nothing. */
  constructor(
    private readonly root: string | undefined,
    private readonly perFolder = PER_FOLDER,
  ) {}

  private file(key: string): string | undefined {
    return this.root && path.join(this.root, key.slice(0, 2), `${key}.json`);
  }

  /** The stored text, marked used now (kept when its folder is pruned); undefined when absent. */
  read(key: string): string | undefined {
    const file = this.file(key);
    if (!file) return undefined;
    try {
      const text = readFileSync(file, 'utf8');
      const now = new Date();
      utimesSync(file, now, now);
      return text;
    } catch {
      return undefined;
    }
  }

  /** Stores in the background; a cache folder that cannot be written only costs the work again later. */
  write(key: string, text: string): void {
    const file = this.file(key);
    if (!file) return;
    const body = Buffer.from(text);
    this.writes = this.writes
      .then(() => writeFileAtomic(file, body))
      .then(() => this.prune(path.dirname(file)))
      .catch(() => undefined);
  }

  /** Resolves when the writes asked for so far are done (tests, and processes about to exit). */
  flush(): Promise<void> {
    return this.writes;
  }

  /** Keeps a folder within its cap, dropping the least recently used (on its first write, then every 64th). */
  private prune(dir: string): void {
    const n = this.written.get(dir) ?? 0;
    this.written.set(dir, n + 1);
    if (n % 64 !== 0) return;
    const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    if (names.length <= this.perFolder) return;
    const aged = names
      .map((n) => ({ n, t: statSync(path.join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
      .sort((a, b) => a.t - b.t || (a.n < b.n ? -1 : 1));
    for (const { n } of aged.slice(0, names.length - this.perFolder))
      rmSync(path.join(dir, n), { force: true });
  }
}
