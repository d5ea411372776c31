// Declarations on disk by content: a file's declarations are parsed once per content (and rule
// version) and read back by every later process, so that a search ranks by the same parsed
// declarations in a fresh process as in a warm one, at the cost of one small file read. One file
// per content under the user's cache folder (`declarations/v<N>/<2 hex>/<key>.json`, 0600 in 0700
// folders, written atomically like the token caches). Each holds names and line numbers only,
// taken from masked text; texts with placeholders in them are never stored (their placeholders
// differ per process). A file that fails its checks is ignored and written again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { DeclarationKind } from '../syntax/index';
import { writeFileAtomic } from '../tokens/cache-dir';
import type { Declaration } from './declarations';

/**
 * The rules' version: bump it whenever a declaration rule changes what it finds (the golden files
 * change then; declaration-cache.test.ts pins their hash to this number), so that no process reads
 * declarations an older rule set stored.
 */
export const DECLARATIONS_VERSION = 2;

/** Files kept per folder (256 folders): the least recently used go first. */
const PER_FOLDER = 256;

type Row = [DeclarationKind, string, string, number, number, number, number];

function rows(list: readonly Declaration[]): Row[] {
  return list.map((d) => [
    d.kind,
    d.name,
    d.qualifiedName,
    d.startLine,
    d.endLine,
    d.docLine ?? 0,
    d.local ? 1 : 0,
  ]);
}

function fromRows(value: unknown): Declaration[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: Declaration[] = [];
  for (const r of value) {
    if (!Array.isArray(r) || r.length !== 7) return undefined;
    const [kind, name, qualifiedName, startLine, endLine, docLine, local] = r;
    if (typeof kind !== 'string' || typeof name !== 'string' || typeof qualifiedName !== 'string')
      return undefined;
    if (![startLine, endLine, docLine].every((n) => Number.isInteger(n) && n >= 0)) return undefined;
    const d: Declaration = { kind: kind as DeclarationKind, name, qualifiedName, startLine, endLine };
    if (docLine) d.docLine = docLine;
    if (local === 1) d.local = true;
    out.push(d);
  }
  return out;
}

export class DeclarationCache {
  private readonly root: string | undefined;
  /** Writes per folder since it was last pruned. */
  private readonly written = new Map<string, number>();
  private writes: Promise<void> = Promise.resolve();

  /** `cacheDir`: the user's cache folder, or null for a cache that keeps nothing. */
  constructor(cacheDir: string | null) {
    this.root = cacheDir ? path.join(cacheDir, 'declarations', `v${DECLARATIONS_VERSION}`) : undefined;
  }

  /** The key of a text read as `language` (the rules' version is in the folder name). */
  static key(language: string, text: string): string {
    return createHash('sha256').update(language).update('\0').update(text).digest('hex');
  }

  private file(key: string): string | undefined {
    return this.root && path.join(this.root, key.slice(0, 2), `${key}.json`);
  }

  /** The stored declarations, or undefined (none, or a file that fails its checks). */
  get(key: string): Declaration[] | undefined {
    const file = this.file(key);
    if (!file) return undefined;
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown; declarations?: unknown };
      const list = parsed.key === key ? fromRows(parsed.declarations) : undefined;
      if (list) {
        const now = new Date();
        utimesSync(file, now, now); // recently used: kept when the folder is pruned
      }
      return list;
    } catch {
      return undefined;
    }
  }

  /** Stores in the background; a cache folder that cannot be written only costs a parse later. */
  put(key: string, list: readonly Declaration[]): void {
    const file = this.file(key);
    if (!file) return;
    const body = Buffer.from(`${JSON.stringify({ key, declarations: rows(list) })}\n`);
    this.writes = this.writes
      .then(() => writeFileAtomic(file, body))
      .then(() => this.prune(path.dirname(file)))
      .catch(() => undefined);
  }

  /** Resolves when the writes asked for so far are done (tests, and processes about to exit). */
  flush(): Promise<void> {
    return this.writes;
  }

  /** Keeps a folder within PER_FOLDER files, dropping the least recently used (on its first write, then every 64th). */
  private prune(dir: string): void {
    const n = this.written.get(dir) ?? 0;
    this.written.set(dir, n + 1);
    if (n % 64 !== 0) return;
    const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    if (names.length <= PER_FOLDER) return;
    const aged = names
      .map((n) => ({ n, t: statSync(path.join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
      .sort((a, b) => a.t - b.t || (a.n < b.n ? -1 : 1));
    for (const { n } of aged.slice(0, names.length - PER_FOLDER)) rmSync(path.join(dir, n), { force: true });
  }
}
