// packFocus: the focus (or given paths) as one document within a token budget. Order: a short
// header (root, revision, settings), the tree (at most a quarter of the budget, saying what it
// left out), files by priority (budget.ts), and the coverage footer (document.ts). With no budget,
// every file goes in at the detail asked for (full.ts).

import path from 'node:path';
import { safeJson } from '@loupe/common';
import { LEVELS, type Level } from '../compress/types';
import { LoupeError } from '../errors';
import { MaskSession } from '../mask/session';
import { summarizeHidden } from '../scan/smart/summary';
import { makeScope } from '../search/scope';
import { countTokens } from '../tokens/count';
import { buildTree } from '../tree/model';
import { renderTree } from '../tree/render';
import type { RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { localCounter, threadCounter } from './counter';
import {
  type DocContext,
  fitBudget,
  LARGE_BYTES,
  type PackReport,
  type PartWriter,
  packFull,
  packFullSections,
} from './document';
import { type HeaderInfo, LAYOUTS, type Layout } from './formats';
import { rankFiles } from './priority';
import type { SectionSettings } from './section';
import { localRunner, poolRunner, sectionThreads, startSections } from './sections';
import { FileSource } from './source';
import { DEFAULT_BUDGET, PACK_FORMATS, type PackOptions, type PackResult, TREE_SHARE } from './types';

export { DATA_LABEL, type PackReport } from './document';

export interface PackDeps {
  /** Above this many bytes in scope, a full pack masks and counts on several threads. */
  largeBytes?: number;
  /** Threads that read and count a full pack (0: all on this thread); default by the project's size. */
  countThreads?: number;
  /** From this many bytes in scope (below `largeBytes`), a full pack counts on one thread beside this one. */
  besideBytes?: number;
}

/** From this many bytes in scope, a full pack counts beside the thread that reads and masks. */
export const BESIDE_BYTES = 1 << 20;

/** Bytes in scope (by the index): what decides where a full pack's work runs. */
function scopeBytes(files: readonly IndexEntry[]): number {
  return files.reduce((a, f) => a + f.size, 0);
}

interface Scope {
  files: IndexEntry[];
  explicit: Set<RelPath>;
  kind: 'focus' | 'paths';
  everything: boolean;
  outside: number;
  unmatched?: string[];
}

function invalid(message: string): LoupeError {
  return new LoupeError('invalid-argument', message);
}

function normalizePath(p: string): string {
  const q = p
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/');
  return q === '.' ? '' : q;
}

/** Given paths inside `within` (an agent's focus): files, folders and globs, as search scopes them. */
function scopeWithin(ws: Workspace, paths: readonly RelPath[], within: readonly IndexEntry[]): Scope {
  const scope = makeScope(paths, ws.root);
  const files: IndexEntry[] = [];
  const explicit = new Set<RelPath>();
  for (const e of within) {
    const s = scope ? scope.test(e.path) : 'scoped';
    if (!s) continue;
    files.push(e);
    if (s === 'explicit') explicit.add(e.path);
  }
  const unmatched = scope?.unmatched() ?? [];
  return {
    files,
    explicit,
    kind: 'paths',
    everything: false,
    outside: ws.index.size - files.length,
    ...(unmatched.length ? { unmatched } : {}),
  };
}

function scopeOf(
  ws: Workspace,
  paths: readonly RelPath[] | undefined,
  within: readonly IndexEntry[] | undefined,
): Scope {
  if (paths && within) return scopeWithin(ws, paths, within);
  if (!paths) {
    const files = ws.focusedFiles();
    const snap = ws.focus.snapshot;
    const explicit = new Set(snap.include.filter((p) => ws.index.get(p)));
    return {
      files,
      explicit,
      kind: 'focus',
      everything: snap.include.length === 0,
      outside: ws.index.size - files.length,
    };
  }
  const wanted = new Set<RelPath>();
  const explicit = new Set<RelPath>();
  const folders: string[] = [];
  for (const raw of paths) {
    const p = normalizePath(raw);
    if (ws.index.get(p)) {
      wanted.add(p);
      explicit.add(p);
    } else if (ws.index.isFolder(p)) folders.push(p);
    else
      throw new LoupeError(
        'not-found',
        `No visible file or folder ${safeJson(raw)} in this project; give a path relative to the root.`,
      );
  }
  const files = ws.index
    .all()
    .filter((e) => wanted.has(e.path) || folders.some((f) => f === '' || e.path.startsWith(`${f}/`)));
  return { files, explicit, kind: 'paths', everything: false, outside: ws.index.size - files.length };
}

function checkOptions(options: PackOptions): {
  budget: number | null;
  format: NonNullable<PackOptions['format']>;
  detail: Level;
} {
  const b = options.budget === undefined ? DEFAULT_BUDGET : options.budget;
  if (b !== null && (!Number.isInteger(b) || b < 0))
    throw invalid(`The budget must be a whole number of tokens (0 for no cap), not ${b}.`);
  const format = options.format ?? 'markdown';
  if (!PACK_FORMATS.includes(format))
    throw invalid(`Unknown pack format "${format}"; use one of ${PACK_FORMATS.join(', ')}.`);
  const detail = options.detail ?? 'full';
  if (!LEVELS.includes(detail)) throw invalid(`Unknown detail "${detail}"; use one of ${LEVELS.join(', ')}.`);
  return { budget: b === 0 ? null : b, format, detail };
}

interface TreePart {
  section: string;
  tokens: number;
  cap?: number;
  rendering: ReturnType<typeof renderTree>;
}

/** The tree section, its whole text within `cap` tokens (when there is one). */
function treePart(
  files: readonly IndexEntry[],
  layout: Layout,
  count: (t: string) => number,
  cap?: number,
): TreePart {
  const model = buildTree(files.map((f) => ({ path: f.path })));
  if (cap === undefined) {
    // A full pack counts it with the rest of the document.
    const rendering = renderTree(model, { format: 'markdown' });
    return { section: layout.tree(rendering.text), tokens: 0, rendering };
  }
  const overhead = count(layout.tree('')) + 2;
  let max = cap - overhead;
  for (let tries = 0; ; tries++) {
    const rendering =
      max >= 1
        ? renderTree(model, { format: 'markdown', maxTokens: max }, { count })
        : renderTree(model, { format: 'markdown', maxEntries: 0 });
    const section = layout.tree(rendering.text);
    const tokens = count(section);
    if (tokens <= cap || max < 1 || tries > 6) return { section, tokens, cap, rendering };
    max -= tokens - cap;
  }
}

/** The focus (or given paths) packed into one document; see docs/packing.md. */
export async function packFocus(
  ws: Workspace,
  options: PackOptions = {},
  deps: PackDeps = {},
): Promise<PackResult> {
  const chunks: string[] = [];
  const done = await packFocusTo(
    ws,
    options,
    (chunk) => {
      // Byte parts are whole sections: each decodes alone.
      chunks.push(
        typeof chunk === 'string'
          ? chunk
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8'),
      );
    },
    deps,
  );
  return { ...done, text: chunks.join('') };
}

/**
 * Like `packFocus`, but hands the document to `write` in order instead of returning it: a full
 * pack (no budget) of a large project is written as it is read and never held whole.
 */
export async function packFocusTo(
  ws: Workspace,
  options: PackOptions,
  write: PartWriter,
  deps: PackDeps = {},
): Promise<PackReport> {
  const { budget, format, detail } = checkOptions(options);
  const scope = scopeOf(ws, options.paths, options.within);
  const session = options.session ?? new MaskSession();
  const lineNumbers = Boolean(options.lineNumbers);
  // A person's one-off export may turn masking off; everything else reads the workspace's pipeline.
  const content = ws.contentFor(options.masking ?? ws.content.masking);
  // A full pack at full detail for a reader goes file by file through sections.ts: on worker
  // threads for a large project (started now, so they load the rules and the encoding while the
  // files are ranked), on this thread for a smaller one, from BESIDE_BYTES with the counting (~40%
  // of the work) on one thread beside it (docs/packing.md).
  const sectioned = budget === null && detail === 'full' && !options.wrapData && !options.alreadyReceived;
  const bytes = budget === null ? scopeBytes(scope.files) : 0;
  const large = bytes > (deps.largeBytes ?? LARGE_BYTES);
  const settings: SectionSettings = {
    format,
    encoding: ws.encoding,
    lineNumbers,
    masking: content.masking,
    ...(content.rulesPath ? { rulesPath: content.rulesPath } : {}),
    key: session.key,
  };
  const threads = deps.countThreads ?? (large ? sectionThreads() : 0);
  const beside =
    sectioned && threads === 0 && deps.countThreads !== 0 && bytes >= (deps.besideBytes ?? BESIDE_BYTES);
  const sectionCounter = sectioned
    ? beside
      ? threadCounter(ws.encoding)
      : localCounter(ws.encoding)
    : undefined;
  const runner = sectioned
    ? threads > 0
      ? poolRunner(threads, settings)
      : localRunner({ ...settings, count: !beside })
    : undefined;
  // Omission costs and language shares read the index's token counts.
  if (budget !== null) await ws.tokensReady;
  const files = rankFiles(scope.files, scope.explicit).map((r) => r.entry);
  // The first batches are read while the tree is built.
  const stream = runner ? startSections(files, ws.root, runner) : undefined;
  const encoding = ws.encoding;
  const count = (text: string) => countTokens(text, encoding);
  const layout = LAYOUTS[format];
  // Otherwise a full pack of a large project masks and counts on worker threads; a small one does
  // both here (one file per read keeps the pipeline's masking on this thread).
  const source = new FileSource(content, files, session, {
    lineNumbers,
    encoding,
    ...(budget === null ? { batch: large ? 64 : 1 } : {}),
  });
  const tree = treePart(
    scope.files,
    layout,
    count,
    budget === null ? undefined : Math.floor(budget * TREE_SHARE),
  );
  const header: HeaderInfo = {
    root: options.rootLabel ?? path.basename(ws.root),
    revision: ws.focus.snapshot.revision,
    everything: scope.everything,
    paths: scope.kind === 'paths',
    budget,
    encoding,
    detail,
    masking: content.masking,
    lineNumbers,
    placeholders: false,
    ...(options.instructions ? { instructions: options.instructions } : {}),
  };
  const ctx: DocContext = {
    layout,
    header,
    treeSection: tree.section,
    scope: scope.files,
    count,
    ...(options.wrapData ? { wrapData: options.wrapData } : {}),
    base: {
      format,
      encoding,
      budget,
      revision: header.revision,
      detail,
      masking: header.masking,
      lineNumbers,
      tree: {
        tokens: tree.tokens,
        ...(tree.cap === undefined ? {} : { cap: tree.cap }),
        total: tree.rendering.total,
        shown: tree.rendering.shown,
        leftOut: tree.rendering.leftOut,
      },
      // For agents (wrapped data) the footer is trusted text: names in it are JSON strings.
      hidden: {
        summary: summarizeHidden(ws.hidden, { quoteNames: Boolean(options.wrapData) }),
        entries: ws.hidden.length,
      },
      scope: {
        kind: scope.kind,
        everything: scope.everything,
        outside: scope.outside,
        ...(scope.unmatched ? { unmatched: scope.unmatched } : {}),
      },
    },
  };
  const received = options.alreadyReceived ? { alreadyReceived: options.alreadyReceived } : {};
  if (stream)
    try {
      return await packFullSections(ctx, stream, { settings, session }, write, sectionCounter!);
    } finally {
      await sectionCounter!.close();
    }
  if (budget === null) {
    // A large pack counts on one thread of its own (started before the first file is read, so it
    // loads the encoding meanwhile): a second thread costs its own copy of the encoding and a cold
    // memo, and measured more CPU than it saved. A small pack counts here: a thread would cost more
    // memory (~30 MB) than it saves time.
    const threads = deps.countThreads ?? (large ? 1 : 0);
    const c = options.wrapData || threads === 0 ? localCounter(encoding) : threadCounter(encoding);
    try {
      return await packFull(ctx, files, { layout, source, requested: detail, ...received }, write, c);
    } finally {
      await c.close();
    }
  }
  const walkContext = { layout, count, source, requested: detail, lineNumbers, ...received };
  const { text, ...rest } = await fitBudget(ctx, files, walkContext, budget, tree.tokens);
  await write(text);
  return rest;
}
