// Judges a candidate folder against its rules with bounded, safe probing: at most 1,024 entries
// per candidate (768 of its own, first in byte order, so the verdict does not depend on the file
// system's order; the rest from its subfolders), two levels deep, never following a symlink or
// junction, and never reading more than 4 KiB of a manifest.
import { constants, type Dirent } from 'node:fs';
import { lstat, open, opendir } from 'node:fs/promises';
import path from 'node:path';
import type { Rule, Test } from './rules';

export const MAX_ENTRIES = 1024;
export const MAX_OWN_ENTRIES = 768;
/** Entries read from one subfolder at most (a few subfolders get a look, not one giant one). */
const MAX_SUB_ENTRIES = 64;
export const MAX_MANIFEST_BYTES = 4096;

const CACHEDIR_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';

type Kind = 'file' | 'dir' | 'other';

const kindOf = (e: { isFile(): boolean; isDirectory(): boolean }): Kind =>
  e.isFile() ? 'file' : e.isDirectory() ? 'dir' : 'other'; // links are 'other': never followed

export interface ProbeDeps {
  /** Entry names and kinds of a folder, at most `limit` of them, without following links inside. */
  list(dir: string, limit: number): Promise<Array<[string, Kind]>>;
  /** Kind of one path, without following a final link. */
  kind(p: string): Promise<Kind | undefined>;
  /** Up to `max` bytes of a regular file, refusing links and special files. */
  head(p: string, max: number): Promise<string | undefined>;
}

async function list(dir: string, limit: number): Promise<Array<[string, Kind]>> {
  const out: Array<[string, Kind]> = [];
  let handle: Awaited<ReturnType<typeof opendir>> | undefined;
  try {
    handle = await opendir(dir, { bufferSize: Math.min(limit, 32) || 1 });
    while (out.length < limit) {
      const e = await handle.read();
      if (!e) break;
      out.push([e.name, kindOf(e)]);
    }
  } catch {
    // unreadable: judged from what was read
  } finally {
    await handle?.close().catch(() => {});
  }
  return out;
}

async function kind(p: string): Promise<Kind | undefined> {
  try {
    return kindOf(await lstat(p));
  } catch {
    return undefined;
  }
}

async function head(p: string, max: number): Promise<string | undefined> {
  // O_NOFOLLOW: a link is refused by the kernel; O_NONBLOCK: a FIFO cannot stall the scan.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  try {
    if (process.platform === 'win32' && (await kind(p)) !== 'file') return undefined;
    const fh = await open(p, flags);
    try {
      if (!(await fh.stat()).isFile()) return undefined;
      const buf = Buffer.alloc(max);
      const { bytesRead } = await fh.read(buf, 0, max, 0);
      return buf.subarray(0, bytesRead).toString('latin1');
    } finally {
      await fh.close();
    }
  } catch {
    return undefined;
  }
}

export const defaultProbeDeps: ProbeDeps = { list, kind, head };

export interface Verdict {
  rule: Rule;
  /** What proved it, relative to the candidate: `Debug/`, `App.dll`, `react/package.json`. */
  evidence: string[];
}

export interface Judgement {
  verdict?: Verdict;
  /** Entries looked at (own + subfolders + single lookups); never above MAX_ENTRIES. */
  inspected: number;
}

class Listing {
  readonly byName: Map<string, Kind>;
  constructor(readonly entries: ReadonlyArray<readonly [string, Kind]>) {
    this.byName = new Map(entries as Array<[string, Kind]>);
  }
}

/** Evaluates tests on one candidate, counting every entry it looks at. */
class Probe {
  inspected = 0;
  private readonly subs = new Map<string, Listing>();

  constructor(
    private readonly abs: string,
    private readonly top: Listing,
    private readonly deps: ProbeDeps,
  ) {
    this.inspected = top.entries.length;
  }

  private get budget() {
    return MAX_ENTRIES - this.inspected;
  }

  async proof(tests: readonly Test[]): Promise<string[] | undefined> {
    const evidence: string[] = [];
    for (const t of tests) {
      const ev = await this.test(t, this.top, this.abs, '', true);
      if (!ev) return undefined;
      evidence.push(...ev);
    }
    return evidence;
  }

  private async test(
    t: Test,
    at: Listing,
    abs: string,
    prefix: string,
    top: boolean,
  ): Promise<string[] | undefined> {
    if ('file' in t) return at.byName.get(t.file) === 'file' ? [prefix + t.file] : undefined;
    if ('dir' in t) return at.byName.get(t.dir) === 'dir' ? [`${prefix + t.dir}/`] : undefined;
    if ('files' in t || 'dirs' in t) {
      const want: Kind = 'files' in t ? 'file' : 'dir';
      const re = 'files' in t ? t.files : t.dirs;
      const min = t.min ?? 1;
      const hits: string[] = [];
      for (const [name, k] of at.entries) {
        if (k === want && re.test(name)) hits.push(prefix + name + (want === 'dir' ? '/' : ''));
        if (hits.length >= min) return hits;
      }
      return undefined;
    }
    if ('cachedir' in t) {
      if (at.byName.get('CACHEDIR.TAG') !== 'file') return undefined;
      const text = await this.deps.head(path.join(abs, 'CACHEDIR.TAG'), CACHEDIR_SIGNATURE.length);
      return text === CACHEDIR_SIGNATURE ? [`${prefix}CACHEDIR.TAG`] : undefined;
    }
    if ('manifest' in t) {
      if (at.byName.get(t.manifest) !== 'file') return undefined;
      const text = await this.deps.head(path.join(abs, t.manifest), MAX_MANIFEST_BYTES);
      return text !== undefined && t.contains.test(text) ? [prefix + t.manifest] : undefined;
    }
    if ('beside' in t) {
      // Only the candidate has a parent worth asking about; one lookup, within the budget.
      if (!top || this.budget <= 0) return undefined;
      this.inspected++;
      const got = await this.deps.kind(path.join(path.dirname(abs), t.beside));
      return got === 'file' ? [`../${t.beside}`] : undefined;
    }
    if ('pair' in t) {
      for (const [name, k] of at.entries) {
        if (k !== 'file') continue;
        const other = companion(name, t.pair);
        if (other && at.byName.get(other) === 'file') return [prefix + name, prefix + other];
      }
      return undefined;
    }
    if (!top) return undefined; // two levels at most
    return this.inside(t, abs);
  }

  private async inside(t: Extract<Test, { inside: RegExp }>, abs: string): Promise<string[] | undefined> {
    const min = t.min ?? 1;
    const hits: string[] = [];
    for (const [name, k] of this.top.entries) {
      if (k !== 'dir' || !t.inside.test(name)) continue;
      if (this.budget <= 0) break;
      const sub = path.join(abs, name);
      const prefix = `${name}/`;
      let ev: string[] | undefined;
      if ('file' in t.test || 'dir' in t.test) {
        // One lookup instead of a listing.
        this.inspected++;
        const want = 'file' in t.test ? t.test.file : t.test.dir;
        const got = await this.deps.kind(path.join(sub, want));
        ev =
          got === ('file' in t.test ? 'file' : 'dir')
            ? [prefix + want + ('dir' in t.test ? '/' : '')]
            : undefined;
      } else {
        let listing = this.subs.get(name);
        if (!listing) {
          const entries = await this.deps.list(sub, Math.min(MAX_SUB_ENTRIES, this.budget));
          this.inspected += entries.length;
          listing = new Listing(sortByName(entries));
          this.subs.set(name, listing);
        }
        ev = await this.test(t.test, listing, sub, prefix, false);
      }
      if (ev) hits.push(...ev);
      if (hits.length >= min) return hits;
    }
    return undefined;
  }
}

function companion(name: string, pair: 'source-map' | 'declaration'): string | undefined {
  if (pair === 'source-map') return /\.(m?js|cjs|css)$/.test(name) ? `${name}.map` : undefined;
  const m = /^(.*)\.(m?)(c?)js$/.exec(name);
  if (!m) return undefined;
  return `${m[1]}.d.${m[2] ? 'm' : m[3] ? 'c' : ''}ts`;
}

function sortByName<T extends readonly [string, unknown]>(entries: T[]): T[] {
  return entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Judges a candidate whose own entries the walk has already read: proven by the first rule with
 * a proof that holds, or left visible. Rules are tried in order; cheap exact lookups come first.
 */
export async function judge(
  rules: readonly Rule[],
  abs: string,
  entries: readonly Dirent[],
  deps: ProbeDeps = defaultProbeDeps,
): Promise<Judgement> {
  const own = sortByName(entries.map((e) => [e.name, kindOf(e)] as [string, Kind])).slice(0, MAX_OWN_ENTRIES);
  const probe = new Probe(abs, new Listing(own), deps);
  for (const rule of rules) {
    for (const proof of rule.proofs) {
      const evidence = await probe.proof(proof);
      if (evidence) return { verdict: { rule, evidence }, inspected: probe.inspected };
    }
  }
  return { inspected: probe.inspected };
}
