// The checker behind architecture.test.ts: reads every import of every source file with the
// TypeScript parser, resolves it (our files, our packages through their declared `exports`, npm
// packages, Node built-ins) and holds it against rooms: which folders may import which, what each
// runtime may load, what each package declares, and that no files import each other in a cycle.
// It takes its input as data (files and package manifests), so the test can feed it planted
// violations as well as the repository.
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/** A workspace package as its package.json describes it. */
export interface Manifest {
  name: string;
  /** Repository-relative folder ('packages/engine'). */
  dir: string;
  /** `exports` as written: subpath ('.', './errors', './testing/*') -> target ('./src/errors.ts'). */
  exports: Record<string, string>;
  /** Our packages (`@loupe/*`) named in dependencies or devDependencies. */
  declares: string[];
}

export interface Source {
  /** Repository-relative, `/` separators. */
  path: string;
  text: string;
}

/**
 * Where a file may run: `node` (anything), `common` (no Node, no DOM, no npm package: runs
 * everywhere), `browser` (the window: no Node), `preload` (Electron's sandboxed preload: nothing
 * but `electron`, also through everything it imports).
 */
export type Runtime = 'node' | 'common' | 'browser' | 'preload';

export interface Room {
  name: string;
  /** Repository-relative folders or files; a file belongs to the room with the longest match. */
  paths: string[];
  runtime: Runtime;
  /** Rooms this room's files may import (itself included when it may import its own files). */
  may: string[];
  /** npm packages allowed besides the runtime's rule (`react`, `zustand/vanilla`, ...); tests may use vitest. */
  npm?: string[];
  /** npm packages refused (the engine: no electron, no React). */
  npmDenied?: string[];
}

export interface Input {
  manifests: Manifest[];
  sources: Source[];
  rooms: Room[];
  /** Known import cycles, each a sorted list of files: the list may only shrink. */
  exemptCycles: string[][];
}

export interface Import {
  from: string;
  spec: string;
  typeOnly: boolean;
  line: number;
}

export type Target =
  | { kind: 'file'; path: string }
  | { kind: 'asset' }
  | { kind: 'builtin' }
  | { kind: 'npm'; name: string }
  | { kind: 'unexported'; pkg: string; subpath: string }
  | { kind: 'unknown-package'; pkg: string }
  | { kind: 'missing' };

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every import and re-export of a file, static or dynamic, with whether it is erased at build time. */
export function importsOf(file: Source): Import[] {
  const kind = file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, kind);
  const out: Import[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, at: ts.Node) => {
    if (spec && ts.isStringLiteralLike(spec))
      out.push({
        from: file.path,
        spec: spec.text,
        typeOnly,
        line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1,
      });
  };
  const visit = (node: ts.Node) => {
    // `import { type A }` keeps a (side-effect) import under verbatimModuleSyntax: only
    // `import type` and `export type` are erased, so only they count as type-only.
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, Boolean(node.importClause?.isTypeOnly), node);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly, node);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (callee.kind === ts.SyntaxKind.ImportKeyword || isRequire) add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal as ts.Expression, true, node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The package name of a bare specifier: `@scope/name` or `name`. */
export function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The export target a subpath maps to, by exact key or by one `*` pattern. */
export function exportTarget(exports: Record<string, string>, subpath: string): string | undefined {
  if (exports[subpath] !== undefined) return exports[subpath];
  for (const [key, target] of Object.entries(exports)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const head = key.slice(0, star);
    const tail = key.slice(star + 1);
    if (subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= key.length - 1)
      return target.replace('*', subpath.slice(head.length, subpath.length - tail.length));
  }
  return undefined;
}

function findFile(base: string, files: ReadonlySet<string>): string | undefined {
  const stem = base.replace(/\.(js|mjs|cjs)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (files.has(candidate)) return candidate;
  return undefined;
}

export function resolve(imp: Import, files: ReadonlySet<string>, manifests: readonly Manifest[]): Target {
  const { spec } = imp;
  if (spec.startsWith('.')) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(imp.from), spec));
    const found = findFile(base, files);
    if (found) return { kind: 'file', path: found };
    return CODE.test(base) || !/\.[a-z0-9]+$/i.test(base) ? { kind: 'missing' } : { kind: 'asset' };
  }
  if (BUILTINS.has(spec) || BUILTINS.has(packageName(spec))) return { kind: 'builtin' };
  const pkg = packageName(spec);
  if (!pkg.startsWith('@loupe/')) return { kind: 'npm', name: spec };
  const manifest = manifests.find((m) => m.name === pkg);
  if (!manifest) return { kind: 'unknown-package', pkg };
  const subpath = spec === pkg ? '.' : `.${spec.slice(pkg.length)}`;
  const target = exportTarget(manifest.exports, subpath);
  if (target === undefined) return { kind: 'unexported', pkg, subpath };
  const found = findFile(path.posix.join(manifest.dir, target), files);
  return found ? { kind: 'file', path: found } : { kind: 'missing' };
}

const under = (file: string, p: string) => file === p || file.startsWith(`${p}/`);

export function roomOf(file: string, rooms: readonly Room[]): Room | undefined {
  let best: Room | undefined;
  let bestLength = -1;
  for (const room of rooms)
    for (const p of room.paths)
      if (under(file, p) && p.length > bestLength) {
        best = room;
        bestLength = p.length;
      }
  return best;
}

export function manifestOf(file: string, manifests: readonly Manifest[]): Manifest | undefined {
  return manifests.find((m) => under(file, m.dir));
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || edges.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /\.spec\.ts$/.test(file);

function npmAllowed(room: Room, file: string, name: string): boolean {
  if (isTest(file) && packageName(name) === 'vitest') return true;
  if (room.npmDenied?.includes(packageName(name))) return false;
  const listed = room.npm?.some((n) => name === n || packageName(name) === n) ?? false;
  if (room.runtime === 'node') return true;
  if (room.runtime === 'preload') return name === 'electron' || listed;
  return listed;
}

/**
 * Everything wrong with the input, one sentence each (empty when it holds): imports across rooms
 * that the rooms do not allow, deep imports past a package's `exports`, packages used but not
 * declared, what a runtime may not load, files in no room, and cycles not on the exemption list
 * (or listed ones that are gone, so the list gets shortened).
 */
export function check(input: Input): string[] {
  const { manifests, sources, rooms } = input;
  const files = new Set(sources.map((s) => s.path));
  const problems: string[] = [];
  const edges = new Map<string, Set<string>>();
  const resolved = new Map<string, Array<{ imp: Import; target: Target }>>();

  for (const m of manifests)
    for (const [subpath, target] of Object.entries(m.exports)) {
      const want = subpath === '.' ? './src/index.ts' : `./src/${subpath.slice(2)}.ts`;
      if (target !== want)
        problems.push(
          `${m.name} exports ${subpath} as ${target}: declare it as ${want} (the tsconfig paths and test aliases map @loupe/x/sub to src/sub).`,
        );
      else if (!subpath.includes('*') && !findFile(path.posix.join(m.dir, target), files))
        problems.push(`${m.name} exports ${subpath}, but ${target} does not exist.`);
    }

  for (const source of sources) {
    const room = roomOf(source.path, rooms);
    const manifest = manifestOf(source.path, manifests);
    if (!room) {
      problems.push(`${source.path} is in no room: add its folder to a room in architecture.test.ts.`);
      continue;
    }
    const list: Array<{ imp: Import; target: Target }> = [];
    edges.set(source.path, new Set());
    for (const imp of importsOf(source)) {
      const target = resolve(imp, files, manifests);
      list.push({ imp, target });
      const at = `${source.path}:${imp.line} imports '${imp.spec}'`;
      if (target.kind === 'missing') problems.push(`${at}, which does not resolve to a file.`);
      else if (target.kind === 'unknown-package')
        problems.push(`${at}, a package of ours that does not exist.`);
      else if (target.kind === 'unexported')
        problems.push(
          `${at}, but ${target.pkg} does not export ${target.subpath}: declare it in its package.json "exports", or import from the package's index.`,
        );
      else if (target.kind === 'builtin') {
        if (room.runtime !== 'node')
          problems.push(
            `${at}: a Node built-in, which the ${room.name} room (${room.runtime}) may not load.`,
          );
      } else if (target.kind === 'npm') {
        if (!npmAllowed(room, source.path, imp.spec))
          problems.push(`${at}: an npm package the ${room.name} room (${room.runtime}) may not load.`);
      } else if (target.kind === 'file') {
        edges.get(source.path)!.add(target.path);
        const to = roomOf(target.path, rooms);
        const toManifest = manifestOf(target.path, manifests);
        if (to && !room.may.includes(to.name))
          problems.push(
            `${at}: the ${room.name} room may import only ${room.may.join(', ')}, not ${to.name}.`,
          );
        if (toManifest && toManifest !== manifest) {
          if (imp.spec.startsWith('.'))
            problems.push(
              `${at}: it reaches into ${toManifest.name} by a relative path; import '${toManifest.name}' (or a subpath it exports).`,
            );
          else if (manifest && !manifest.declares.includes(toManifest.name))
            problems.push(
              `${at}, but ${manifest.name} does not declare ${toManifest.name} in its package.json.`,
            );
        } else if (toManifest && !imp.spec.startsWith('.'))
          problems.push(`${at}: its own package by name; import the file by a relative path.`);
      }
    }
    resolved.set(source.path, list);
  }

  // A sandboxed preload loads all it imports, so the rule holds for everything it reaches.
  for (const start of sources.filter((s) => roomOf(s.path, rooms)?.runtime === 'preload')) {
    const seen = new Set<string>([start.path]);
    const queue = [start.path];
    while (queue.length) {
      const file = queue.shift()!;
      for (const { imp, target } of resolved.get(file) ?? []) {
        if (imp.typeOnly) continue;
        if (target.kind === 'builtin' || (target.kind === 'npm' && imp.spec !== 'electron'))
          problems.push(
            `${start.path} loads ${file}, which imports '${imp.spec}': a sandboxed preload loads nothing but electron.`,
          );
        if (target.kind === 'file' && !seen.has(target.path)) {
          seen.add(target.path);
          queue.push(target.path);
        }
      }
    }
  }

  const key = (c: readonly string[]) => c.join(' -> ');
  const found = cycles(edges);
  const exempt = new Set(input.exemptCycles.map((c) => key([...c].sort())));
  for (const c of found)
    if (!exempt.has(key(c)))
      problems.push(`Import cycle: ${key(c)}. Break it (a narrow port, or the shared part in its own file).`);
  const now = new Set(found.map(key));
  for (const c of input.exemptCycles)
    if (!now.has(key([...c].sort())))
      problems.push(`The exempt cycle ${key(c)} no longer exists as listed: shorten the exemption list.`);
  return problems;
}
