// Where each grammar's .wasm comes from, and where it is found at run time: from sources and the
// CLI the npm packages in node_modules; in the packaged app a flat `grammars/` folder that
// `copyGrammars` fills at build time (resources/grammars, never committed).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GrammarId } from '../lang/languages';

export interface GrammarSource {
  /** npm package that ships the .wasm. */
  pkg: string;
  /** Path of the .wasm inside the package. */
  file: string;
}

const VSCODE = '@vscode/tree-sitter-wasm';

/** One grammar per id. @vscode/tree-sitter-wasm first; official grammar packages where it has none. */
export const GRAMMAR_SOURCES: Record<GrammarId, GrammarSource> = {
  typescript: { pkg: VSCODE, file: 'wasm/tree-sitter-typescript.wasm' },
  tsx: { pkg: VSCODE, file: 'wasm/tree-sitter-tsx.wasm' },
  javascript: { pkg: VSCODE, file: 'wasm/tree-sitter-javascript.wasm' },
  python: { pkg: VSCODE, file: 'wasm/tree-sitter-python.wasm' },
  go: { pkg: VSCODE, file: 'wasm/tree-sitter-go.wasm' },
  rust: { pkg: VSCODE, file: 'wasm/tree-sitter-rust.wasm' },
  java: { pkg: VSCODE, file: 'wasm/tree-sitter-java.wasm' },
  csharp: { pkg: VSCODE, file: 'wasm/tree-sitter-c-sharp.wasm' },
  cpp: { pkg: VSCODE, file: 'wasm/tree-sitter-cpp.wasm' },
  ruby: { pkg: VSCODE, file: 'wasm/tree-sitter-ruby.wasm' },
  php: { pkg: VSCODE, file: 'wasm/tree-sitter-php.wasm' },
  bash: { pkg: VSCODE, file: 'wasm/tree-sitter-bash.wasm' },
  powershell: { pkg: VSCODE, file: 'wasm/tree-sitter-powershell.wasm' },
  css: { pkg: VSCODE, file: 'wasm/tree-sitter-css.wasm' },
  ini: { pkg: VSCODE, file: 'wasm/tree-sitter-ini.wasm' },
  c: { pkg: 'tree-sitter-c', file: 'tree-sitter-c.wasm' },
  kotlin: { pkg: '@tree-sitter-grammars/tree-sitter-kotlin', file: 'tree-sitter-kotlin.wasm' },
  scala: { pkg: 'tree-sitter-scala', file: 'tree-sitter-scala.wasm' },
  yaml: { pkg: '@tree-sitter-grammars/tree-sitter-yaml', file: 'tree-sitter-yaml.wasm' },
  toml: { pkg: '@tree-sitter-grammars/tree-sitter-toml', file: 'tree-sitter-toml.wasm' },
  html: { pkg: 'tree-sitter-html', file: 'tree-sitter-html.wasm' },
  json: { pkg: 'tree-sitter-json', file: 'tree-sitter-json.wasm' },
};

export const GRAMMAR_IDS = Object.keys(GRAMMAR_SOURCES) as GrammarId[];

/** The runtime's own module, shipped beside the grammars. */
export const RUNTIME_WASM = 'web-tree-sitter.wasm';

/** File name of a grammar inside a flat grammars folder. */
export function grammarFileName(id: GrammarId): string {
  return `tree-sitter-${id}.wasm`;
}

export interface LocateDeps {
  env: NodeJS.ProcessEnv;
  exists: (file: string) => boolean;
  /** Resolves `pkg/sub/path` from this module; throws when the package is missing. */
  resolve: (spec: string) => string;
  /** Electron's resources folder when running inside the packaged app. */
  resourcesPath: string | undefined;
  /** The folder of the running module (a bundle's dist/ folder, or this source folder). */
  moduleDir: string;
}

const require = createRequire(import.meta.url);

export const defaultLocateDeps: LocateDeps = {
  env: process.env,
  exists: existsSync,
  resolve: (spec) => require.resolve(spec),
  resourcesPath: (process as { resourcesPath?: string }).resourcesPath,
  moduleDir: path.dirname(fileURLToPath(import.meta.url)),
};

/** Flat grammar folders to try, first match wins: override, packaged app, next to a bundle. */
export function grammarDirs(deps: LocateDeps = defaultLocateDeps): string[] {
  const dirs: string[] = [];
  if (deps.env.LOUPE_GRAMMARS_DIR) dirs.push(deps.env.LOUPE_GRAMMARS_DIR);
  if (deps.resourcesPath) dirs.push(path.join(deps.resourcesPath, 'grammars'));
  dirs.push(path.join(deps.moduleDir, 'grammars'));
  return dirs;
}

/** The .wasm file for a grammar, or undefined when neither a grammars folder nor the package has it. */
export function locateGrammar(id: GrammarId, deps: LocateDeps = defaultLocateDeps): string | undefined {
  for (const dir of grammarDirs(deps)) {
    const file = path.join(dir, grammarFileName(id));
    if (deps.exists(file)) return file;
  }
  const source = GRAMMAR_SOURCES[id];
  try {
    const file = deps.resolve(`${source.pkg}/${source.file}`);
    return deps.exists(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** The runtime .wasm when a grammars folder ships one; otherwise web-tree-sitter finds its own. */
export function locateRuntime(deps: LocateDeps = defaultLocateDeps): string | undefined {
  for (const dir of grammarDirs(deps)) {
    const file = path.join(dir, RUNTIME_WASM);
    if (deps.exists(file)) return file;
  }
  return undefined;
}

export interface CopiedGrammar {
  id: GrammarId | 'runtime';
  pkg: string;
  version: string;
  license: string;
  file: string;
}

/** Package folder found through a file it ships (some packages do not export package.json). */
function packageInfo(pkg: string, file: string): { version: string; license: string; dir: string } {
  const resolved = require.resolve(`${pkg}/${file}`);
  const dir = resolved.slice(0, resolved.length - file.length - 1);
  const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license?: string;
  };
  return { version: json.version, license: json.license ?? 'unknown', dir };
}

/**
 * Copies every grammar, the runtime .wasm, their licences and a manifest (grammars.json) into
 * `destDir` as a flat folder that `locateGrammar` finds. The desktop build calls this for
 * resources/grammars; a missing grammar package fails the build with its name.
 */
export function copyGrammars(destDir: string): CopiedGrammar[] {
  mkdirSync(path.join(destDir, 'licenses'), { recursive: true });
  const copied: CopiedGrammar[] = [];
  const licensed = new Set<string>();
  const license = (pkg: string, dir: string) => {
    if (licensed.has(pkg)) return;
    licensed.add(pkg);
    const text = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].map((n) => path.join(dir, n)).find(existsSync);
    if (text) copyFileSync(text, path.join(destDir, 'licenses', `${pkg.replace('/', '__')}.LICENSE`));
  };
  for (const id of GRAMMAR_IDS) {
    const { pkg, file } = GRAMMAR_SOURCES[id];
    const info = packageInfo(pkg, file);
    const target = path.join(destDir, grammarFileName(id));
    copyFileSync(path.join(info.dir, file), target);
    license(pkg, info.dir);
    copied.push({ id, pkg, version: info.version, license: info.license, file: grammarFileName(id) });
  }
  const rt = packageInfo('web-tree-sitter', RUNTIME_WASM);
  copyFileSync(path.join(rt.dir, RUNTIME_WASM), path.join(destDir, RUNTIME_WASM));
  license('web-tree-sitter', rt.dir);
  copied.push({
    id: 'runtime',
    pkg: 'web-tree-sitter',
    version: rt.version,
    license: rt.license,
    file: RUNTIME_WASM,
  });
  writeFileSync(path.join(destDir, 'grammars.json'), `${JSON.stringify(copied, null, 2)}\n`);
  return copied;
}
