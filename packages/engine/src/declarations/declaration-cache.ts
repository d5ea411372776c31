// Declarations on disk by content: a file's declarations are parsed once per content (and rule
// version) and read back by every later process, so that a search ranks by the same parsed
// declarations in a fresh process as in a warm one, at the cost of one small file read. One file
// per content under the user's cache folder (`declarations/v<N>/<2 hex>/<key>.json`, 0600 in 0700
// folders, written atomically like the token caches: tokens/keyed-files.ts). Each holds names and line numbers only,
// taken from masked text; texts with placeholders in them are never stored (their placeholders
// differ per process). A file that fails its checks is ignored and written again.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DeclarationKind } from '../syntax/index';
import { KeyedFiles } from '../tokens/keyed-files';
import type { Declaration } from './declarations';

/**
 * The rules' version: bump it whenever a declaration rule changes what it finds (the golden files
 * change then; declaration-cache.test.ts pins their hash to this number), so that no process reads
 * declarations an older rule set stored.
 */
export const DECLARATIONS_VERSION = 2;

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
  private readonly files: KeyedFiles;

  /** `cacheDir`: the user's cache folder, or null for a cache that keeps nothing. */
  constructor(cacheDir: string | null) {
    this.files = new KeyedFiles(
      cacheDir ? path.join(cacheDir, 'declarations', `v${DECLARATIONS_VERSION}`) : undefined,
    );
  }

  /** The key of a text read as `language` (the rules' version is in the folder name). */
  static key(language: string, text: string): string {
    return createHash('sha256').update(language).update('\0').update(text).digest('hex');
  }

  /** The stored declarations, or undefined (none, or a file that fails its checks). */
  get(key: string): Declaration[] | undefined {
    const stored = this.files.read(key);
    if (stored === undefined) return undefined;
    try {
      const parsed = JSON.parse(stored) as { key?: unknown; declarations?: unknown };
      return parsed.key === key ? fromRows(parsed.declarations) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores in the background; a cache folder that cannot be written only costs a parse later. */
  put(key: string, list: readonly Declaration[]): void {
    this.files.write(key, `${JSON.stringify({ key, declarations: rows(list) })}\n`);
  }

  /** Resolves when the writes asked for so far are done (tests, and processes about to exit). */
  flush(): Promise<void> {
    return this.files.flush();
  }
}
