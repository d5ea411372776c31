// The search index of a workspace (one per workspace, shared by every session), the focus as a
// cached list, and grammars preloaded for what was indexed.
import { type GrammarId, grammarOf, type LanguageId, languageOf } from '../lang/languages';
import { loadGrammar } from '../parse/runtime';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { SearchIndex } from './store';

const indexes = new WeakMap<Workspace, SearchIndex>();

/** The workspace's search index (one per workspace, shared by every session). */
export function searchIndexOf(ws: Workspace): SearchIndex {
  let index = indexes.get(ws);
  if (!index) {
    const created = new SearchIndex(ws.content, ws.maskKey);
    ws.onDidChangeIndex(() => created.retain((p) => ws.index.get(p) !== undefined));
    // The watcher's changes: read again on the next search, even when size and mtime look the same.
    ws.onDidChangeFiles((e) => created.update([...e.added, ...e.changed, ...e.removed]));
    indexes.set(ws, created);
    index = created;
  }
  return index;
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

const preloaded = new Set<GrammarId>();

/**
 * Starts loading the grammars of newly indexed files in the background, so the first search that
 * parses a language does not spend its parse budget compiling the grammar.
 */
export function preloadGrammars(paths: readonly string[]): void {
  const seen = new Set<LanguageId>();
  for (const p of paths) {
    const language = languageOf(p);
    if (!language || seen.has(language)) continue;
    seen.add(language);
    const id = grammarOf(language);
    if (id && !preloaded.has(id)) {
      preloaded.add(id);
      void loadGrammar(id).catch(() => undefined);
    }
  }
}
