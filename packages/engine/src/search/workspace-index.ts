// The search index of a workspace (one per workspace, shared by every session), the focus as a
// cached list, and grammars preloaded for what was indexed.

import { declarations } from '../declarations/declarations';
import { type GrammarId, grammarOf, type LanguageId, languageOf } from '../lang/languages';
import { loadGrammar } from '../parse/runtime';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { SearchIndex } from './search-index';

const indexes = new WeakMap<Workspace, { index: SearchIndex; dispose: () => void }>();

/**
 * The workspace's search index (one per workspace, shared by every session). It holds text as its
 * pipeline delivered it, so a pipeline switched with masking (`Workspace.setMasking`) gets a new one.
 */
export function searchIndexOf(ws: Workspace): SearchIndex {
  const known = indexes.get(ws);
  if (known && known.index.source === ws.content) return known.index;
  known?.dispose();
  const created = new SearchIndex(ws.content, ws.maskKey, ws.cacheDir);
  const disposers = [
    ws.onDidChangeIndex(() => created.retain((p) => ws.index.get(p) !== undefined)),
    // The watcher's changes: read again on the next search, even when size and mtime look the same.
    ws.onDidChangeFiles((e) => created.update([...e.added, ...e.changed, ...e.removed])),
    ws.onDidClose(() => created.close()),
  ];
  indexes.set(ws, {
    index: created,
    dispose: () => {
      for (const d of disposers) d();
      created.close(); // replaced (masking switched): its share of the UTF-8 budget comes back
    },
  });
  return created;
}

const focusCache = new WeakMap<
  Workspace,
  { all: readonly IndexEntry[]; revision: number; at: Uint32Array }
>();

/**
 * `ws.focusedFiles()`, remembered as positions in the index's sorted list while that list and the
 * focus revision stay the same (entries replaced in place by the watcher are read fresh).
 */
export function focusedFiles(ws: Workspace): IndexEntry[] {
  const all = ws.index.all();
  const revision = ws.focus.snapshot.revision;
  let cached = focusCache.get(ws);
  if (!cached || cached.all !== all || cached.revision !== revision) {
    const m = ws.focus.matcher();
    const at: number[] = [];
    all.forEach((e, i) => {
      if (m.has(e.path)) at.push(i);
    });
    cached = { all, revision, at: Uint32Array.from(at) };
    focusCache.set(ws, cached);
  }
  return Array.from(cached.at, (i) => all[i]!);
}

/** Per grammar: loaded, and its declarations query compiled by one parse of empty text. */
const warming = new Map<GrammarId, Promise<void>>();
/** Grammars whose warm-up has settled (done or failed): nothing left to wait for. */
const warmed = new Set<GrammarId>();

function warm(id: GrammarId, path: string): Promise<void> {
  let pending = warming.get(id);
  if (!pending) {
    pending = loadGrammar(id)
      .then(() => declarations('', path))
      .then(
        () => undefined,
        () => undefined, // a grammar that fails leaves the text ranking; declarationsOf says so
      )
      .finally(() => warmed.add(id));
    warming.set(id, pending);
  }
  return pending;
}

/** One path per grammar not yet warmed. */
function coldGrammars(paths: readonly string[]): Map<GrammarId, string> {
  const out = new Map<GrammarId, string>();
  const seen = new Set<LanguageId>();
  for (const p of paths) {
    const language = languageOf(p);
    if (!language || seen.has(language)) continue;
    seen.add(language);
    const id = grammarOf(language);
    if (id && !warmed.has(id) && !out.has(id)) out.set(id, p);
  }
  return out;
}

/**
 * Starts loading the grammars of newly indexed files in the background, so the first search that
 * parses a language does not wait for the grammar to compile.
 */
export function preloadGrammars(paths: readonly string[]): void {
  for (const [id, p] of coldGrammars(paths)) void warm(id, p);
}

/**
 * Waits for the grammars of these files to load and compile their declarations query (once per
 * process; ~30 ms a grammar, and as much again for the first parse). Which files a search parses
 * is a count, so this changes when the first search answers, never what it answers.
 */
export async function grammarsReady(paths: readonly string[]): Promise<void> {
  const cold = coldGrammars(paths);
  if (cold.size) await Promise.all([...cold].map(([id, p]) => warm(id, p)));
}
