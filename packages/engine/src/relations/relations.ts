// relatedFiles: import edges of one file inside the focus: what it imports, what imports it (1 or
// 2 hops). Text comes from the shared search index (masked, read through the content pipeline);
// each file's imports are extracted once per content hash; edges are resolved per request
// against the project's configuration (package.json, tsconfig, go.mod, Cargo.toml).
import { LoupeError } from '../errors';
import { type LanguageId, languageOf } from '../lang/languages';
import type { ContentEntry } from '../search/entry';
import { focusedFiles, searchIndexOf } from '../search/workspace-index';
import type { RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { type FileFacts, fileFacts } from './imports';
import { isConfigFile, ProjectFacts } from './project';
import { type ReadFacts, resolveImport } from './resolve';
import type { EdgeStatus } from './types';

export type Direction = 'imports' | 'imported_by' | 'both';

export interface RelationsOptions {
  direction?: Direction;
  depth?: 1 | 2;
  /** The focus (default: the workspace's). */
  files?: readonly IndexEntry[];
}

export interface EdgeInfo {
  line: number;
  spec: string;
  status: EdgeStatus;
  via?: string;
}

export interface RelatedFile {
  path: RelPath;
  depth: 1 | 2;
  /** For depth 2: the depth-1 file in between. */
  through?: RelPath;
  /** Import statements of the edge (in the importing file). */
  edges: EdgeInfo[];
  status: EdgeStatus;
}

export interface Relations {
  path: RelPath;
  language?: LanguageId;
  /** False when Loupe has no import rules for the file's language. */
  supported: boolean;
  direction: Direction;
  depth: 1 | 2;
  imports: RelatedFile[];
  importedBy: RelatedFile[];
  /** The file's own imports left out of `imports`. */
  left: {
    /** Imports of files outside the focus (visible files; not listed). */
    outsideFocus: Array<{ path: RelPath; line: number; spec: string }>;
    /** Packages, the standard library, system headers. */
    external: Array<{ line: number; spec: string }>;
    unresolved: Array<{ line: number; spec: string }>;
  };
  /** Files of the focus examined for `imported_by` (files outside the focus are not). */
  examined: number;
  /** Files of the focus whose text could not be read (binary, withheld, vanished). */
  unreadable: number;
  focus: number;
  outsideFocus: number;
}

interface Resolved {
  targets: Map<RelPath, EdgeInfo[]>;
  external: Array<{ line: number; spec: string }>;
  unresolved: Array<{ line: number; spec: string }>;
}

interface ProjectCache {
  all: readonly IndexEntry[];
  /** Config files and their hashes: the project facts stand while these do. */
  key: string;
  project: ProjectFacts;
  /** Resolved imports per file (with the content hash they were resolved from). */
  resolved: Map<RelPath, Resolved & { hash?: string }>;
}

const projects = new WeakMap<Workspace, ProjectCache>();

/** Project facts and resolved edges, kept while the file list and every config file stay the same. */
function projectCache(
  ws: Workspace,
  all: readonly IndexEntry[],
  configs: readonly IndexEntry[],
  hashOf: (p: RelPath) => string | undefined,
  text: (p: RelPath) => string | undefined,
): ProjectCache {
  const key = configs.map((c) => `${c.path}\0${hashOf(c.path) ?? ''}`).join('\n');
  let c = projects.get(ws);
  if (!c || c.all !== all || c.key !== key) {
    c = { all, key, project: new ProjectFacts(new Set(all.map((e) => e.path)), text), resolved: new Map() };
    projects.set(ws, c);
  }
  return c;
}

function factsOf(entry: ContentEntry, language: LanguageId | undefined): FileFacts {
  const key = `imports:${language ?? ''}`;
  let f = entry.memo.get(key) as FileFacts | undefined;
  if (!f) {
    f = fileFacts(entry.text, language);
    entry.memo.set(key, f);
  }
  return f;
}

const worst = (edges: EdgeInfo[]): EdgeStatus =>
  edges.some((e) => e.status === 'ambiguous') ? 'ambiguous' : 'resolved';

export async function relatedFiles(
  ws: Workspace,
  path: RelPath,
  options: RelationsOptions = {},
): Promise<Relations> {
  const direction = options.direction ?? 'both';
  const depth = options.depth ?? 1;
  if (depth !== 1 && depth !== 2)
    throw new LoupeError('invalid-argument', `depth is 1 or 2, not ${String(depth)}.`);
  const subject = ws.index.get(path);
  if (!subject)
    throw new LoupeError(
      'not-found',
      `${path} is not a visible file of this project; check the path (relative to the root).`,
    );
  const focus = options.files ?? focusedFiles(ws);
  const inFocus = new Set(focus.map((f) => f.path));
  const all = ws.index.all();
  const configs = all.filter((e) => !e.flag && isConfigFile(e.path));
  const index = searchIndexOf(ws);
  const wanted = new Map<RelPath, IndexEntry>();
  for (const e of [subject, ...configs, ...(direction === 'imports' ? [] : focus)])
    if (!e.flag) wanted.set(e.path, e);
  await index.ensure([...wanted.values()]);
  const text = (p: RelPath) => index.get(p)?.entry?.text;
  const cache = projectCache(ws, all, configs, (p) => index.get(p)?.hash, text);
  const project = cache.project;

  // Facts of every file read: imports, and the packages and namespaces they declare.
  const read: ReadFacts = { jvmPackages: new Map(), csNamespaces: new Map(), text };
  const factsCache = new Map<RelPath, FileFacts>();
  let unreadable = 0;
  let examined = 0;
  const factsFor = (p: RelPath): FileFacts | undefined => {
    let f = factsCache.get(p);
    if (f) return f;
    const entry = index.get(p)?.entry;
    if (!entry) return undefined;
    f = factsOf(entry, languageOf(p));
    factsCache.set(p, f);
    return f;
  };
  const scanned = new Map<RelPath, IndexEntry>([[path, subject]]);
  if (direction !== 'imports') for (const e of focus) scanned.set(e.path, e);
  for (const e of scanned.values()) {
    const f = factsFor(e.path);
    if (inFocus.has(e.path)) f ? examined++ : unreadable++;
    if (!f) continue;
    const language = languageOf(e.path);
    const map =
      language === 'csharp'
        ? read.csNamespaces
        : language === 'java' || language === 'kotlin'
          ? read.jvmPackages
          : undefined;
    for (const pkg of f.packages) map?.set(pkg, [...(map.get(pkg) ?? []), e.path]);
  }
  if (direction === 'imports') {
    // Java, Kotlin and C# resolve through the packages the focus declares: read them too.
    const lang = languageOf(path);
    if (lang === 'java' || lang === 'kotlin' || lang === 'csharp') {
      const same = focus.filter((e) => !e.flag && languageOf(e.path) === lang);
      await index.ensure(same);
      for (const e of same) {
        const map = lang === 'csharp' ? read.csNamespaces : read.jvmPackages;
        if (e.path === path) continue;
        for (const pkg of factsFor(e.path)?.packages ?? []) map.set(pkg, [...(map.get(pkg) ?? []), e.path]);
      }
    }
  }

  // Java, Kotlin and C# resolve through what the focus declares: kept for this request only.
  const local = new Map<RelPath, Resolved>();
  const resolved = (from: RelPath): Resolved => {
    const language = languageOf(from);
    const hash = index.get(from)?.hash;
    const focusBound = language === 'java' || language === 'kotlin' || language === 'csharp';
    const kept = focusBound ? local.get(from) : cache.resolved.get(from);
    if (kept && (focusBound || (kept as Resolved & { hash?: string }).hash === hash)) return kept;
    let r: Resolved & { hash?: string };
    r = { targets: new Map(), external: [], unresolved: [], ...(hash ? { hash } : {}) };
    const facts = factsFor(from);
    if (language && facts)
      for (const imp of facts.imports) {
        const res = resolveImport(project, read, from, language, imp);
        if (res.kind === 'external') r.external.push({ line: imp.line, spec: imp.spec });
        else if (res.kind === 'unresolved') r.unresolved.push({ line: imp.line, spec: imp.spec });
        else
          for (const t of res.targets) {
            if (t.path === from) continue;
            const list = r.targets.get(t.path) ?? [];
            list.push({ line: imp.line, spec: imp.spec, status: t.status, ...(t.via ? { via: t.via } : {}) });
            r.targets.set(t.path, list);
          }
      }
    (focusBound ? local : cache.resolved).set(from, r);
    return r;
  };

  const imports: RelatedFile[] = [];
  const importedBy: RelatedFile[] = [];
  const own = resolved(path);
  const outside: Relations['left']['outsideFocus'] = [];
  if (direction !== 'imported_by') {
    const seen = new Set<RelPath>([path]);
    for (const [to, edges] of own.targets) {
      if (!inFocus.has(to)) {
        for (const e of edges) outside.push({ path: to, line: e.line, spec: e.spec });
        continue;
      }
      seen.add(to);
      imports.push({ path: to, depth: 1, edges, status: worst(edges) });
    }
    if (depth === 2) {
      const firsts = imports.map((r) => ws.index.get(r.path)).filter((e): e is IndexEntry => !!e && !e.flag);
      await index.ensure(firsts);
      for (const first of [...imports]) {
        for (const [to, edges] of resolved(first.path).targets) {
          if (seen.has(to) || !inFocus.has(to)) continue;
          seen.add(to);
          imports.push({ path: to, depth: 2, through: first.path, edges, status: worst(edges) });
        }
      }
    }
  }
  if (direction !== 'imports') {
    const reverse = new Map<RelPath, Array<{ from: RelPath; edges: EdgeInfo[] }>>();
    for (const e of focus) {
      if (e.flag) continue;
      for (const [to, edges] of resolved(e.path).targets) {
        const list = reverse.get(to) ?? [];
        list.push({ from: e.path, edges });
        reverse.set(to, list);
      }
    }
    const seen = new Set<RelPath>([path]);
    for (const { from, edges } of reverse.get(path) ?? []) {
      seen.add(from);
      importedBy.push({ path: from, depth: 1, edges, status: worst(edges) });
    }
    if (depth === 2)
      for (const first of importedBy.filter((r) => r.depth === 1))
        for (const { from, edges } of reverse.get(first.path) ?? []) {
          if (seen.has(from)) continue;
          seen.add(from);
          importedBy.push({ path: from, depth: 2, through: first.path, edges, status: worst(edges) });
        }
  }
  const language = languageOf(path);
  return {
    path,
    ...(language ? { language } : {}),
    supported: isSupported(language),
    direction,
    depth,
    imports,
    importedBy,
    left: { outsideFocus: outside, external: own.external, unresolved: own.unresolved },
    examined: direction === 'imports' ? 0 : examined,
    unreadable,
    focus: focus.length,
    outsideFocus: Math.max(0, ws.index.size - focus.length),
  };
}

const SUPPORTED = new Set<LanguageId>([
  'typescript',
  'tsx',
  'javascript',
  'python',
  'go',
  'rust',
  'java',
  'kotlin',
  'csharp',
  'c',
  'cpp',
]);

export function isSupported(language: LanguageId | undefined): boolean {
  return language !== undefined && SUPPORTED.has(language);
}
