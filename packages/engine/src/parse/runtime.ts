// The tree-sitter runtime and its grammars, loaded lazily: the runtime (module and wasm) on first
// use, each grammar the first time a file of its language is parsed. A grammar that fails to load
// is remembered with its reason, so callers fall back at once instead of retrying on every file.
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

const loads = new Map<GrammarId, Promise<GrammarLoad>>();

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
    pending = loadGrammarFile(id, locateGrammar(id));
    loads.set(id, pending);
  }
  return pending;
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
