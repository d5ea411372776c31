// What resolution needs to know about the project: the visible paths, and the configuration files
// that map names to folders (package.json names and exports, tsconfig paths, go.mod module paths,
// Cargo.toml crate names). Config files are read through the search index (masked text), inside
// the focus or not: they decide where an import lands.
import { posix } from 'node:path';
import type { RelPath } from '../types';
import { smolToml } from '../util/lazy';
import { stripComments } from './lex';

export const dirOf = (p: RelPath): string => {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
};

export const join = (...parts: string[]): string => {
  const j = posix.normalize(parts.filter((x) => x !== '').join('/'));
  return j === '.' ? '' : j.replace(/\/$/, '');
};

/** A path that climbs out of the root is none. */
export const inside = (p: string): string | undefined => (p === '..' || p.startsWith('../') ? undefined : p);

export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(stripComments(text, 'c').replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: Record<string, unknown>;
}

export interface TsPaths {
  /** Folder `paths` targets are relative to (baseUrl, or the config that set `paths`). */
  base: string;
  paths: Array<[string, string[]]>;
  baseUrl?: string;
}

export interface GoModule {
  module: string;
  dir: string;
}

export interface Crate {
  name: string;
  /** Folder of the crate's sources (`src` next to Cargo.toml). */
  src: string;
}

/** Files that decide where imports land: read even when outside the focus. */
export function isConfigFile(path: RelPath): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return (
    base === 'package.json' ||
    base === 'go.mod' ||
    base === 'Cargo.toml' ||
    /^(tsconfig|jsconfig)([.-][\w.-]*)?\.json$/.test(base)
  );
}

export class ProjectFacts {
  readonly byDir = new Map<string, RelPath[]>();
  readonly packages = new Map<string, WorkspacePackage>();
  readonly goModules: GoModule[] = [];
  readonly crates: Crate[] = [];
  private readonly tsconfigs = new Map<string, TsPaths | null>();
  private pyIndex?: Map<string, RelPath[]>;
  private readonly suffixes = new Map<string, Map<string, RelPath[]>>();

  constructor(
    readonly files: ReadonlySet<RelPath>,
    /** Masked text of a config file, when readable. */
    private readonly text: (path: RelPath) => string | undefined,
  ) {
    for (const f of files) {
      const d = dirOf(f);
      const list = this.byDir.get(d) ?? [];
      list.push(f);
      this.byDir.set(d, list);
      const base = f.slice(d ? d.length + 1 : 0);
      if (base === 'package.json') this.addPackage(f);
      else if (base === 'go.mod') this.addGoModule(f);
      else if (base === 'Cargo.toml') this.addCrate(f);
    }
    // Longest module path first, so a nested module wins over its parent.
    this.goModules.sort((a, b) => b.module.length - a.module.length);
  }

  exists(p: string | undefined): p is string {
    return p !== undefined && this.files.has(p);
  }

  private addPackage(f: RelPath): void {
    const json = parseJsonc(this.text(f) ?? '') as Record<string, unknown> | undefined;
    if (json && typeof json.name === 'string' && !this.packages.has(json.name))
      this.packages.set(json.name, { name: json.name, dir: dirOf(f), manifest: json });
  }

  private addGoModule(f: RelPath): void {
    const m = /^\s*module\s+(\S+)/m.exec(this.text(f) ?? '');
    if (m) this.goModules.push({ module: m[1]!.replace(/^"|"$/g, ''), dir: dirOf(f) });
  }

  private addCrate(f: RelPath): void {
    let name: string | undefined;
    try {
      const toml = smolToml().parse(this.text(f) ?? '') as { package?: { name?: unknown } };
      if (typeof toml.package?.name === 'string') name = toml.package.name;
    } catch {
      name = undefined;
    }
    if (name) this.crates.push({ name: name.replace(/-/g, '_'), src: join(dirOf(f), 'src') });
  }

  /** The crate whose `src` holds `path` (deepest first). */
  crateOf(path: RelPath): Crate | undefined {
    let best: Crate | undefined;
    for (const c of this.crates)
      if (path.startsWith(`${c.src}/`) && (!best || c.src.length > best.src.length)) best = c;
    return best;
  }

  /** The tsconfig (or jsconfig) nearest above `dir`, with `extends` followed. */
  tsPathsFor(dir: string): TsPaths | undefined {
    for (let d = dir; ; d = dirOf(d)) {
      for (const name of ['tsconfig.json', 'jsconfig.json']) {
        const f = join(d, name);
        if (this.files.has(f)) return this.loadTsconfig(f) ?? undefined;
      }
      if (d === '') return undefined;
    }
  }

  private loadTsconfig(file: RelPath, depth = 0): TsPaths | null {
    const cached = this.tsconfigs.get(file);
    if (cached !== undefined) return cached;
    this.tsconfigs.set(file, null); // a cycle of extends ends here
    const json = parseJsonc(this.text(file) ?? '') as
      | { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } }
      | undefined;
    const dir = dirOf(file);
    let result: TsPaths | null = null;
    const parents = (Array.isArray(json?.extends) ? json.extends : [json?.extends]).filter(
      (e): e is string => typeof e === 'string' && e.startsWith('.'),
    );
    for (const e of parents) {
      const target = inside(join(dir, e.endsWith('.json') ? e : `${e}.json`));
      if (depth < 5 && target && this.files.has(target))
        result = this.loadTsconfig(target, depth + 1) ?? result;
    }
    const options = json?.compilerOptions;
    const baseUrl = typeof options?.baseUrl === 'string' ? inside(join(dir, options.baseUrl)) : undefined;
    const paths =
      options?.paths && typeof options.paths === 'object'
        ? Object.entries(options.paths as Record<string, unknown>).map(
            ([k, v]) =>
              [k, Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []] as [
                string,
                string[],
              ],
          )
        : undefined;
    if (paths || baseUrl !== undefined) {
      result = {
        base: baseUrl ?? (paths ? dir : (result?.base ?? dir)),
        paths: paths ?? result?.paths ?? [],
        ...(baseUrl !== undefined
          ? { baseUrl }
          : result?.baseUrl !== undefined
            ? { baseUrl: result.baseUrl }
            : {}),
      };
    }
    this.tsconfigs.set(file, result);
    return result;
  }

  /**
   * Files whose path ends with `tail` at a folder boundary, among files matching `select`
   * (`keepExt` false: `tail` has no extension). Indexed once per `kind`.
   */
  bySuffix(kind: string, select: RegExp, keepExt: boolean, tail: string): RelPath[] {
    let index = this.suffixes.get(kind);
    if (!index) {
      index = new Map();
      for (const f of this.files) {
        if (!select.test(f)) continue;
        const parts = (keepExt ? f : f.replace(/\.[^./]+$/, '')).split('/');
        for (let i = parts.length - 1; i >= 0; i--) {
          const key = parts.slice(i).join('/');
          const list = index.get(key) ?? [];
          list.push(f);
          index.set(key, list);
        }
      }
      this.suffixes.set(kind, index);
    }
    return index.get(tail) ?? [];
  }

  /** Python modules by dotted name suffix (`c`, `b.c`, `a.b.c` for `a/b/c.py`). */
  pythonModules(name: string): RelPath[] {
    if (!this.pyIndex) {
      this.pyIndex = new Map();
      for (const f of this.files) {
        if (!/\.pyi?$/.test(f)) continue;
        const parts = f.replace(/\.pyi?$/, '').split('/');
        if (parts[parts.length - 1] === '__init__') parts.pop();
        for (let i = parts.length - 1; i >= 0; i--) {
          const key = parts.slice(i).join('.');
          if (!/^[\w.]+$/.test(key)) break;
          const list = this.pyIndex.get(key) ?? [];
          list.push(f);
          this.pyIndex.set(key, list);
        }
      }
    }
    return this.pyIndex.get(name) ?? [];
  }
}
