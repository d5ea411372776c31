// packFocus: the focus (or given paths) as one document within a token budget. Order: a short
// header (root, revision, settings), the tree (at most a quarter of the budget, saying what it
// left out), files by priority (budget.ts), and the coverage footer. The budget holds for the
// document as written: its tokens are counted on the whole text, and when joins between sections
// cost more than their estimate, the walk is redone with less room until the count fits.
import path from 'node:path';
import { LEVELS, type Level } from '../compress/types';
import { LoupeError } from '../errors';
import { MaskSession } from '../mask/session';
import { summarizeHidden } from '../scan/smart/summary';
import { countTokens } from '../tokens/count';
import { buildTree } from '../tree/model';
import { renderTree } from '../tree/render';
import type { RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import { JOIN, type Walk, walk } from './budget';
import { footerLines } from './footer';
import { type HeaderInfo, LAYOUTS, type Layout } from './formats';
import { rankFiles } from './priority';
import { FileSource } from './source';
import {
  DEFAULT_BUDGET,
  type Included,
  PACK_FORMATS,
  type PackCoverage,
  type PackOptions,
  type PackResult,
  TREE_SHARE,
} from './types';

/** Label of the data block (MCP) that holds the tree and the files. */
export const DATA_LABEL = 'Packed tree and files';
/** Share of the budget the footer's file lists may take (the rest of the footer is always there). */
const LIST_SHARE = 0.06;

interface Scope {
  files: IndexEntry[];
  explicit: Set<RelPath>;
  kind: 'focus' | 'paths';
  everything: boolean;
  outside: number;
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

function scopeOf(ws: Workspace, paths: readonly RelPath[] | undefined): Scope {
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
        `No visible file or folder ${JSON.stringify(raw)} in this project; give a path relative to the root.`,
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
    const rendering = renderTree(model, { format: 'markdown' });
    const section = layout.tree(rendering.text);
    return { section, tokens: count(section), rendering };
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

export async function packFocus(ws: Workspace, options: PackOptions = {}): Promise<PackResult> {
  const { budget, format, detail } = checkOptions(options);
  const scope = scopeOf(ws, options.paths);
  // Omission costs and language shares read the index's token counts.
  if (budget !== null) await ws.tokensReady;
  const files = rankFiles(scope.files, scope.explicit).map((r) => r.entry);
  const encoding = ws.encoding;
  const count = (text: string) => countTokens(text, encoding);
  const layout = LAYOUTS[format];
  const lineNumbers = Boolean(options.lineNumbers);
  const session = options.session ?? new MaskSession();
  const source = new FileSource(ws.content, files, session, { lineNumbers });
  const ctx = {
    layout,
    count,
    source,
    requested: detail,
    lineNumbers,
    ...(options.alreadyReceived ? { alreadyReceived: options.alreadyReceived } : {}),
  };
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
    masking: ws.content.masking,
    lineNumbers,
    placeholders: false,
  };
  const base = {
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
    hidden: { summary: summarizeHidden(ws.hidden), entries: ws.hidden.length },
    scope: { kind: scope.kind, everything: scope.everything, outside: scope.outside },
  };

  const finish = (w: Walk): PackResult => {
    const coverage = coverageOf(base, w, scope.files.length);
    const head = layout.header({ ...header, placeholders: coverage.masked.total > 0 });
    const body = [tree.section, ...w.sections].join('\n\n');
    const data = options.wrapData ? options.wrapData(DATA_LABEL, body) : body;
    const prefix = `${head}\n\n${data}\n\n`;
    const listCap = budget === null ? Number.POSITIVE_INFINITY : Math.floor(budget * LIST_SHARE);
    const compose = (tokens: number) =>
      `${layout.footer(footerLines({ coverage: { ...coverage, tokens }, listCap, count }))}\n`;
    // The footer states the document's own count: settle it (a number's tokens rarely change
    // with its value, so this takes one or two rounds), counting the prefix once.
    const prefixTokens = count(prefix);
    let tokens = prefixTokens + count(compose(prefixTokens));
    for (let round = 0; round < 8; round++) {
      const next = prefixTokens + count(compose(tokens));
      if (next === tokens) break;
      tokens = next;
    }
    let text = prefix + compose(tokens);
    let measured = count(text);
    for (let round = 0; measured !== tokens && round < 8; round++) {
      tokens = measured;
      text = prefix + compose(tokens);
      measured = count(text);
    }
    coverage.tokens = measured;
    const delivered = coverage.outcomes
      .filter((o): o is Included => o.kind === 'included')
      .map((o) => ({ path: o.path, hash: o.hash, level: o.level, lines: o.lines, tokens: o.tokens }));
    return { text, tokens: measured, coverage, delivered };
  };

  if (budget === null) return finish(await walk(files, null, ctx));

  // Room for the files: what the header (with the placeholder warning), the tree, the data
  // block's wrapping and the footer (its fixed lines and its capped lists) leave.
  const headerTokens = count(layout.header({ ...header, placeholders: true }));
  const wrapTokens = options.wrapData ? count(options.wrapData(DATA_LABEL, '')) + 8 : 0;
  // Nothing but omissions: the smallest document, and the footer at its longest lists.
  const emptyWalk: Walk = {
    outcomes: files.map((f) =>
      f.flag
        ? { kind: 'omitted', path: f.path, reason: 'not-read', why: `not read (${f.flag})`, steps: [] }
        : {
            kind: 'omitted',
            path: f.path,
            reason: 'budget',
            why: 'the budget ran out',
            steps: [],
            ...(f.tokens === undefined ? {} : { tokens: f.tokens }),
          },
    ),
    sections: [],
    used: 0,
  };
  const least = finish(emptyWalk);
  const footerTokens = least.tokens - count(layout.header(header)) - tree.tokens;
  // The lists of compressed and referenced files add a heading and a tail line each.
  const reserve = footerTokens + 48;
  let avail = budget - headerTokens - tree.tokens - wrapTokens - reserve - 3 * JOIN;
  let best: PackResult | undefined;
  let grew = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const result = finish(await walk(files, Math.max(0, avail), ctx));
    if (result.tokens <= budget) {
      best = result;
      // The footer came out smaller than its reserve: offer the slack to the files once.
      const slack = budget - result.tokens;
      if (grew || slack < 64) break;
      grew = true;
      avail += slack - 16;
      continue;
    }
    if (best || avail <= 0) break;
    avail -= result.tokens - budget + 8 * (attempt + 1);
  }
  if (!best) {
    if (least.tokens <= budget) return least;
    throw invalid(
      `A budget of ${budget} tokens cannot hold this pack's header, tree line and coverage footer (${least.tokens} tokens); give a budget of at least ${least.tokens}.`,
    );
  }
  return best;
}

function coverageOf(
  base: Omit<PackCoverage, 'tokens' | 'outcomes' | 'counts' | 'masked'>,
  w: Walk,
  scope: number,
): PackCoverage {
  const counts: PackCoverage['counts'] = {
    scope,
    full: 0,
    compressed: {},
    referenced: 0,
    omitted: 0,
    notRead: 0,
  };
  const byRule: Record<string, number> = {};
  let masked = 0;
  for (const o of w.outcomes) {
    if (o.kind === 'included') {
      if (o.level === 'full') counts.full++;
      else counts.compressed[o.level] = (counts.compressed[o.level] ?? 0) + 1;
      for (const [rule, k] of Object.entries(o.masked)) {
        byRule[rule] = (byRule[rule] ?? 0) + k;
        masked += k;
      }
    } else if (o.kind === 'referenced') counts.referenced++;
    else {
      counts.omitted++;
      if (o.reason === 'not-read') counts.notRead++;
    }
  }
  return { ...base, tokens: 0, outcomes: w.outcomes, counts, masked: { total: masked, byRule } };
}
