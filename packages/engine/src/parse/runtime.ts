// The tree-sitter runtime and its grammars, loaded lazily: the runtime (module and wasm) on first
// use, each grammar the first time a file of its language is parsed. A grammar that fails to load
// is remembered with its reason, so callers fall back at once instead of retrying on every file.
// Synchronous callers (masking) initialise the runtime ahead (`initTreeSitter`) and then load a
// grammar without waiting (`grammarNow`).
import { readFileSync } from 'node:fs';
import type { Language, Parser, Query } from 'web-tree-sitter';
import type { GrammarId } from '../lang/languages';
import { locateGrammar, locateRuntime } from './grammars';

export interface Grammar {
  id: GrammarId;
  language: Language;
  parser: Parser;
  /** Compiled queries by source text. */
  queries: Map<string, Query>;
}

export type GrammarLoad = { ok: true; grammar: Grammar } | { ok: false; reason: string };

type TreeSitter = typeof import('web-tree-sitter');

let runtime: Promise<TreeSitter> | undefined;
let loaded: TreeSitter | undefined;

/** Loads and initialises the runtime (once); grammars load on demand after it. */
export function initTreeSitter(): Promise<TreeSitter> {
  return initRuntime();
}

function initRuntime(): Promise<TreeSitter> {
  runtime ??= (async () => {
    const ts = await import('web-tree-sitter');
    const wasm = locateRuntime();
    await ts.Parser.init(wasm ? { locateFile: () => wasm } : undefined);
    loaded = ts;
    return ts;
  })();
  return runtime;
}

/** The runtime's module, once a grammar has loaded (every tree comes from one). */
export function treeSitter(): TreeSitter {
  if (!loaded) throw new Error('the tree-sitter runtime is not loaded yet');
  return loaded;
}

/** The WebAssembly global (this project's TypeScript lib has its types only through web-tree-sitter). */
const Wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => unknown } })
  .WebAssembly;

const loads = new Map<GrammarId, Promise<GrammarLoad>>();
/** Loads that have settled, readable without waiting. */
const settled = new Map<GrammarId, GrammarLoad>();

/** Loads a grammar from a file (uncached); a missing or broken file gives a reason. */
export async function loadGrammarFile(id: GrammarId, file: string | undefined): Promise<GrammarLoad> {
  if (!file) return { ok: false, reason: `the ${id} grammar is not installed` };
  try {
    const { Language, Parser } = await initRuntime();
    const language = await Language.load(file);
    const parser = new Parser();
    parser.setLanguage(language);
    return { ok: true, grammar: { id, language, parser, queries: new Map() } };
  } catch (error) {
    return { ok: false, reason: `the ${id} grammar failed to load (${(error as Error).message})` };
  }
}

/** Loads a grammar once; later calls share the result, failures included. */
export function loadGrammar(id: GrammarId): Promise<GrammarLoad> {
  let pending = loads.get(id);
  if (!pending) {
    pending = loadGrammarFile(id, locateGrammar(id)).then((r) => {
      if (!settled.has(id)) settled.set(id, r);
      return settled.get(id)!;
    });
    loads.set(id, pending);
  }
  return pending;
}

/**
 * A grammar without waiting, once the runtime is initialised (`initTreeSitter`): loaded before,
 * or compiled here synchronously from its .wasm. Undefined while the runtime is not up (the caller
 * decides what that means; it is never a reason to wait). Shared with `loadGrammar`.
 */
export function grammarNow(id: GrammarId): GrammarLoad | undefined {
  const known = settled.get(id);
  if (known) return known;
  if (!loaded) return undefined;
  const file = locateGrammar(id);
  let load: GrammarLoad;
  if (!file) load = { ok: false, reason: `the ${id} grammar is not installed` };
  else
    try {
      const module = new Wasm.Module(readFileSync(file)) as Parameters<TreeSitter['Language']['loadSync']>[0];
      const language = loaded.Language.loadSync(module);
      const parser = new loaded.Parser();
      parser.setLanguage(language);
      load = { ok: true, grammar: { id, language, parser, queries: new Map() } };
    } catch (error) {
      load = { ok: false, reason: `the ${id} grammar failed to load (${(error as Error).message})` };
    }
  settled.set(id, load);
  if (!loads.has(id)) loads.set(id, Promise.resolve(load));
  return load;
}

/** A query compiled once per grammar. Throws on a malformed query: that is a bug in Loupe. */
export function query(grammar: Grammar, source: string): Query {
  let q = grammar.queries.get(source);
  if (!q) {
    q = new (treeSitter().Query)(grammar.language, source);
    grammar.queries.set(source, q);
  }
  return q;
}
