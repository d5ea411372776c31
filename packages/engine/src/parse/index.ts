// One parse per content hash, shared by compression and the declarations index.
import type { Tree } from 'web-tree-sitter';
import { fallbackGrammarOf, type GrammarId, grammarOf, type LanguageId, languageOf } from '../lang/languages';
import { ParseCache } from './cache';
import { type Grammar, loadGrammar } from './runtime';

export { ParseCache } from './cache';
export { copyGrammars, GRAMMAR_IDS, GRAMMAR_SOURCES, locateGrammar } from './grammars';
export { type Grammar, type GrammarLoad, loadGrammar, query } from './runtime';

/** Files larger than this are not parsed (a parse holds several times the text in memory). */
export const MAX_PARSE_CHARS = 4 * 1024 * 1024;

export const defaultParseCache = new ParseCache();

/** Parses `text` once per content hash and runs `use` on the tree; `use` must not keep the tree. */
export function withTree<R>(
  grammar: Grammar,
  text: string,
  use: (tree: Tree) => R,
  cache: ParseCache = defaultParseCache,
): R {
  const make = () => {
    const tree = grammar.parser.parse(text);
    if (!tree) throw new Error(`the ${grammar.id} parser returned no tree`);
    return tree;
  };
  return cache.use(ParseCache.key(grammar.id, text), text.length, make, use);
}

export type Syntax =
  | { ok: true; language: LanguageId; grammar: Grammar }
  | { ok: false; language: LanguageId | undefined; reason: string };

/**
 * The loaded grammar for a file, chosen by its name. A C header that only parses as C++ gets the
 * C++ grammar. Never throws: every refusal carries a reason a person can read.
 */
export async function syntaxFor(
  path: string,
  text: string,
  cache: ParseCache = defaultParseCache,
): Promise<Syntax> {
  const language = languageOf(path);
  if (!language) return { ok: false, language, reason: 'unknown language' };
  const id = grammarOf(language);
  if (!id) return { ok: false, language, reason: `no grammar for ${language}` };
  if (text.length > MAX_PARSE_CHARS)
    return { ok: false, language, reason: `larger than ${MAX_PARSE_CHARS / 1024 / 1024} MiB, not parsed` };
  const loaded = await loadGrammar(id);
  if (!loaded.ok) return { ok: false, language, reason: loaded.reason };
  const alt: GrammarId | undefined = fallbackGrammarOf(path, language);
  if (alt && withTree(loaded.grammar, text, (t) => t.rootNode.hasError, cache)) {
    const second = await loadGrammar(alt);
    if (second.ok && !withTree(second.grammar, text, (t) => t.rootNode.hasError, cache))
      return { ok: true, language, grammar: second.grammar };
  }
  return { ok: true, language, grammar: loaded.grammar };
}
