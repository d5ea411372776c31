// Resolution per language (TypeScript/JavaScript: resolve-js.ts). Each import becomes files (each
// edge resolved or ambiguous), external (a package, the standard library), or unresolved.
import type { LanguageId } from '../lang/languages';
import type { RelPath } from '../types';
import type { RawImport } from './imports';
import { dirOf, inside, join, type ProjectFacts } from './project';
import { resolveJs } from './resolve-js';
import type { Resolution, Target } from './types';

/** Facts read from the files of the focus (packages and namespaces they declare, their text). */
export interface ReadFacts {
  jvmPackages: Map<string, RelPath[]>;
  csNamespaces: Map<string, RelPath[]>;
  text(path: RelPath): string | undefined;
}

const files = (targets: Target[]): Resolution =>
  targets.length ? { kind: 'files', targets } : { kind: 'unresolved' };
const one = (path: RelPath | undefined, via?: string): Resolution =>
  path
    ? { kind: 'files', targets: [{ path, status: 'resolved', ...(via ? { via } : {}) }] }
    : { kind: 'unresolved' };

// Python ---------------------------------------------------------------------------------------

function pyModuleFile(facts: ProjectFacts, base: string): RelPath | undefined {
  for (const f of [`${base}.py`, `${base}.pyi`, join(base, '__init__.py'), join(base, '__init__.pyi')])
    if (facts.exists(f)) return f;
  return undefined;
}

/** Files of an absolute module: one -> resolved; several -> those under the importer's own root, else all ambiguous. */
function pyAbsolute(facts: ProjectFacts, from: RelPath, name: string): Target[] {
  const found = facts.pythonModules(name);
  if (found.length <= 1) return found.map((path) => ({ path, status: 'resolved' }));
  const depth = name.split('.').length;
  const rootOf = (f: RelPath) => {
    const parts = f.split('/');
    return parts.slice(0, parts.length - depth - (/__init__\.pyi?$/.test(f) ? 1 : 0)).join('/');
  };
  const mine = found.filter((f) => {
    const root = rootOf(f);
    return root === '' || from.startsWith(`${root}/`);
  });
  if (mine.length === 1)
    return [{ path: mine[0]!, status: 'resolved', via: 'the importing file’s package root' }];
  return (mine.length ? mine : found).map((path) => ({
    path,
    status: 'ambiguous',
    via: 'several packages of this name',
  }));
}

function resolvePython(facts: ProjectFacts, from: RelPath, imp: RawImport): Resolution {
  const spec = imp.spec;
  const dots = /^\.*/.exec(spec)![0].length;
  const rest = spec.slice(dots);
  if (dots) {
    let base = dirOf(from);
    for (let i = 1; i < dots; i++) base = dirOf(base);
    const mod = rest ? join(base, rest.replace(/\./g, '/')) : base;
    const targets: Target[] = [];
    let needsModule = !imp.names?.length;
    for (const n of imp.names ?? []) {
      const sub = n === '*' ? undefined : pyModuleFile(facts, join(mod, n));
      if (sub) targets.push({ path: sub, status: 'resolved' });
      else needsModule = true;
    }
    if (needsModule) {
      const f = pyModuleFile(facts, mod);
      if (f) targets.push({ path: f, status: 'resolved' });
    }
    return files(dedupe(targets));
  }
  const targets: Target[] = [];
  let needsModule = !imp.names?.length;
  for (const n of imp.names ?? []) {
    const sub = n === '*' ? [] : pyAbsolute(facts, from, `${rest}.${n}`);
    if (sub.length) targets.push(...sub);
    else needsModule = true;
  }
  if (needsModule) targets.push(...pyAbsolute(facts, from, rest));
  return targets.length ? { kind: 'files', targets: dedupe(targets) } : { kind: 'external' };
}

// Go -------------------------------------------------------------------------------------------

function resolveGo(facts: ProjectFacts, spec: string): Resolution {
  const mod = facts.goModules.find((m) => spec === m.module || spec.startsWith(`${m.module}/`));
  if (!mod) return { kind: 'external' };
  const dir = join(mod.dir, spec.slice(mod.module.length + 1));
  const pkg = (facts.byDir.get(dir) ?? []).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  return files(pkg.map((path) => ({ path, status: 'resolved', via: `go module ${mod.module}` })));
}

// Rust -----------------------------------------------------------------------------------------

const stem = (f: RelPath) => f.slice(f.lastIndexOf('/') + 1).replace(/\.rs$/, '');
const isModRoot = (f: RelPath) => ['mod', 'lib', 'main'].includes(stem(f));

function rustModuleFile(facts: ProjectFacts, dir: string, name: string): RelPath | undefined {
  for (const f of [join(dir, `${name}.rs`), join(dir, name, 'mod.rs')]) if (facts.exists(f)) return f;
  return undefined;
}

/** The crate source folder a file belongs to: the Cargo crate's `src`, else the nearest folder with lib.rs or main.rs. */
function crateSrc(facts: ProjectFacts, from: RelPath): string | undefined {
  const crate = facts.crateOf(from);
  if (crate) return crate.src;
  for (let d = dirOf(from); ; d = dirOf(d)) {
    if (facts.exists(join(d, 'lib.rs')) || facts.exists(join(d, 'main.rs'))) return d;
    if (d === '') return undefined;
  }
}

function rootFile(facts: ProjectFacts, src: string): RelPath | undefined {
  return [join(src, 'lib.rs'), join(src, 'main.rs')].find((f) => facts.exists(f));
}

/** Module path of a file inside its crate (`src/a/b.rs` -> [a, b]). */
function modulePath(src: string, from: RelPath): string[] {
  const rel = src ? from.slice(src.length + 1) : from;
  const parts = rel.replace(/\.rs$/, '').split('/');
  const last = parts[parts.length - 1];
  if (last === 'mod' || ((last === 'lib' || last === 'main') && parts.length === 1)) parts.pop();
  return parts;
}

function resolveRustUse(facts: ProjectFacts, from: RelPath, spec: string): Resolution {
  const segs = spec.split('::').filter(Boolean);
  let src = crateSrc(facts, from);
  let path: string[];
  const head = segs[0];
  if (head === 'crate' && src !== undefined) path = segs.slice(1);
  else if ((head === 'super' || head === 'self') && src !== undefined) {
    path = modulePath(src, from);
    let i = 0;
    for (; segs[i] === 'super' || segs[i] === 'self'; i++) if (segs[i] === 'super') path = path.slice(0, -1);
    path = [...path, ...segs.slice(i)];
  } else {
    const other = facts.crates.find((c) => c.name === head);
    if (other) {
      src = other.src;
      path = segs.slice(1);
    } else if (src !== undefined && head) {
      // A module declared by the current one (`mod a; use a::X;`).
      const here = modulePath(src, from);
      const childDir = isModRoot(from) ? dirOf(from) : join(dirOf(from), stem(from));
      if (!rustModuleFile(facts, childDir, head)) return { kind: 'external' };
      path = [...here, ...segs];
    } else return { kind: 'external' };
  }
  if (src === undefined) return { kind: 'unresolved' };
  for (let k = path.length; k >= 1; k--) {
    const f = rustModuleFile(facts, join(src, ...path.slice(0, k - 1)), path[k - 1]!);
    // `a::b::Item` names an item of module a::b: resolved; deeper misses may be inline modules.
    if (f) return files([{ path: f, status: k >= path.length - 1 ? 'resolved' : 'ambiguous' }]);
  }
  const root = rootFile(facts, src);
  if (!root || root === from) return { kind: 'unresolved' };
  return files([{ path: root, status: path.length <= 1 ? 'resolved' : 'ambiguous' }]);
}

function resolveRust(facts: ProjectFacts, from: RelPath, imp: RawImport): Resolution {
  if (imp.kind === 'rust-mod') {
    const attr = imp.names?.[0];
    if (attr) {
      const target = inside(join(dirOf(from), attr));
      return one(facts.exists(target) ? target : undefined);
    }
    const childDir = isModRoot(from) ? dirOf(from) : join(dirOf(from), stem(from));
    return one(rustModuleFile(facts, childDir, imp.spec));
  }
  return resolveRustUse(facts, from, imp.spec);
}

// Java and Kotlin ------------------------------------------------------------------------------

const fileStem = (f: RelPath) => f.slice(f.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');

function resolveJvm(facts: ProjectFacts, read: ReadFacts, spec: string): Resolution {
  const segs = spec.split('.');
  if (segs[segs.length - 1] === '*') {
    const pkg = segs.slice(0, -1).join('.');
    const inPkg = read.jvmPackages.get(pkg) ?? [];
    if (inPkg.length)
      return files(inPkg.map((path) => ({ path, status: 'ambiguous', via: `wildcard import of ${pkg}` })));
    return { kind: 'external' };
  }
  // a.b.C.D: the class is C in package a.b (D nested), or D in package a.b.C.
  for (let k = segs.length - 1; k >= 1; k--) {
    const pkg = segs.slice(0, k).join('.');
    const name = segs[k]!;
    const declared = (read.jvmPackages.get(pkg) ?? []).filter((f) => fileStem(f) === name);
    if (declared.length)
      return files(
        declared.map((path) => ({ path, status: declared.length === 1 ? 'resolved' : 'ambiguous' })),
      );
    // By the conventional layout (…/a/b/C.java), for files not read.
    const byPath = facts.bySuffix('jvm', /\.(java|kts?)$/, false, `${segs.slice(0, k).join('/')}/${name}`);
    if (byPath.length)
      return files(
        byPath.map((path) => ({
          path,
          status: byPath.length === 1 ? 'resolved' : 'ambiguous',
          via: 'package folders',
        })),
      );
    // Kotlin top-level functions and properties: the file of the package that declares the name.
    const holders = (read.jvmPackages.get(pkg) ?? []).filter((f) =>
      new RegExp(`\\b(?:fun|val|var|object|class|interface|typealias)\\s+(?:<[^>]*>\\s*)?${name}\\b`).test(
        read.text(f) ?? '',
      ),
    );
    if (holders.length)
      return files(
        holders.map((path) => ({ path, status: holders.length === 1 ? 'resolved' : 'ambiguous' })),
      );
  }
  return { kind: 'external' };
}

// C# -------------------------------------------------------------------------------------------

const CS_TYPE = /\b(?:class|interface|struct|enum|record)\s+(\w+)/g;

/** Files declaring the namespace; narrowed to those whose types the importer names. Always ambiguous. */
function resolveCsharp(read: ReadFacts, from: RelPath, spec: string): Resolution {
  const declaring = (read.csNamespaces.get(spec) ?? []).filter((f) => f !== from);
  if (!declaring.length) return { kind: 'external' };
  const text = read.text(from) ?? '';
  const used = declaring.filter((f) => {
    for (const m of (read.text(f) ?? '').matchAll(CS_TYPE))
      if (new RegExp(`\\b${m[1]}\\b`).test(text)) return true;
    return false;
  });
  const picked = used.length ? used : declaring;
  return files(
    picked.map((path) => ({
      path,
      status: 'ambiguous',
      via: used.length ? `namespace ${spec}, a type of it named here` : `namespace ${spec}`,
    })),
  );
}

// C and C++ ------------------------------------------------------------------------------------

function resolveInclude(facts: ProjectFacts, from: RelPath, imp: RawImport): Resolution {
  if (imp.kind === 'module') {
    const local = inside(join(dirOf(from), imp.spec));
    if (facts.exists(local)) return one(local);
  }
  const found = facts.bySuffix(
    'c',
    /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp|c|cc|cpp|cxx)$/i,
    true,
    imp.spec.replace(/^\.\//, ''),
  );
  if (!found.length) return imp.kind === 'module' ? { kind: 'unresolved' } : { kind: 'external' };
  // Include paths are not known: one file of that name is the likely one; a system-style include could still be a system header.
  const sure = found.length === 1 && imp.kind === 'module';
  return files(
    found.map((path) => ({
      path,
      status: sure ? 'resolved' : 'ambiguous',
      via: 'include path (by file name)',
    })),
  );
}

function dedupe(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((t) => !seen.has(t.path) && seen.add(t.path));
}

export function resolveImport(
  facts: ProjectFacts,
  read: ReadFacts,
  from: RelPath,
  language: LanguageId,
  imp: RawImport,
): Resolution {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return resolveJs(facts, from, imp.spec);
    case 'python':
      return resolvePython(facts, from, imp);
    case 'go':
      return resolveGo(facts, imp.spec);
    case 'rust':
      return resolveRust(facts, from, imp);
    case 'java':
    case 'kotlin':
      return resolveJvm(facts, read, imp.spec);
    case 'csharp':
      return resolveCsharp(read, from, imp.spec);
    case 'c':
    case 'cpp':
      return resolveInclude(facts, from, imp);
    default:
      return { kind: 'external' };
  }
}
