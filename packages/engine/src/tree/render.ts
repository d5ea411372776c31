// renderTree: one entry point for the four forms. Options name a subtree, a depth, the per-node
// fields, and caps by entries and by output tokens; the result states exactly what was left out.
import { LoupeError } from '../errors';
import { countWithin, LinesWithin } from '../tokens/within';
import type { RelPath } from '../types';
import { asciiFragment, renderAscii } from './ascii';
import { type CountTokens, countO200k } from './count';
import { fitTokens, type Probe } from './fit';
import { jsonFragment, renderJson } from './json';
import { type LineSink, markdownFragment, markdownLines, renderMarkdown } from './markdown';
import type { FolderNode, TreeModel, TreeNode } from './model';
import { markerText } from './text';
import {
  type Counts,
  type LimitReason,
  type Limits,
  makeView,
  pickOrder,
  shownFromPicks,
  type TreeField,
  type View,
} from './view';
import { renderXml, xmlFragment } from './xml';

export const TREE_FORMATS = ['markdown', 'ascii', 'json', 'xml'] as const;
export type TreeFormat = (typeof TREE_FORMATS)[number];
export const TREE_FIELDS = ['tokens', 'size', 'received'] as const satisfies readonly TreeField[];

export interface TreeOptions {
  /** Default `markdown`, the agent form. */
  format?: TreeFormat;
  /** A folder to start at, relative to the root ('' or omitted: the root). */
  path?: RelPath;
  /** Levels shown below the start folder (1: its direct entries only). */
  depth?: number;
  /** Per-node columns, emitted in the order tokens, size, received; nothing else is emitted. */
  fields?: readonly TreeField[];
  /** At most this many entries (folders and files) below the start folder. */
  maxEntries?: number;
  /**
   * The text counts at most this many tokens (measured with `count`), unless even the rendering
   * without any entry (the start folder, its marker, the closing line) is longer; `tokens` says.
   */
  maxTokens?: number;
  /** First line of the ascii form for the root (e.g. the project folder's name); default `.`. */
  rootName?: string;
}

export interface TreeRendering {
  text: string;
  format: TreeFormat;
  /** The start folder. */
  path: RelPath;
  /** Entries below the start folder; `shown + leftOut = total`. */
  total: Counts;
  shown: Counts;
  leftOut: Counts;
  /** Why entries were left out; empty when none were. */
  by: LimitReason[];
  /** Tokens of `text`, measured when `maxTokens` was given. */
  tokens?: number;
}

interface Form {
  render(view: View, options: TreeOptions): string;
  /** The rendering line by line, stopping once `out` is full (where a form can). */
  lines?(view: View, out: LineSink): void;
  /** What one shown entry adds to the text (for the estimate of a token cap). */
  fragment(view: View, node: TreeNode): string;
  /** What a folder's "left out" marker adds at most. */
  marker: string;
}

const BIG = { folders: 99_999, files: 999_999 };
const EXACT_FRAGMENTS = 4000;

const FORMS: Record<TreeFormat, Form> = {
  markdown: {
    render: renderMarkdown,
    lines: markdownLines,
    fragment: markdownFragment,
    marker: ` ${markerText(BIG)}`,
  },
  ascii: {
    render: (view, o) => renderAscii(view, o.rootName),
    fragment: asciiFragment,
    marker: `\n│   └── ${markerText(BIG)}`,
  },
  json: { render: renderJson, fragment: jsonFragment, marker: `,"omitted":${JSON.stringify(BIG)}` },
  xml: { render: renderXml, fragment: xmlFragment, marker: '\n <omitted folders="99999" files="999999"/>' },
};

function invalid(message: string): LoupeError {
  return new LoupeError('invalid-argument', message);
}

function checkCount(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isInteger(value) || value < min))
    throw invalid(`${name} must be a whole number of at least ${min}, not ${value}.`);
}

function startFolder(model: TreeModel, path: RelPath | undefined): FolderNode {
  const node = model.find(path ?? '');
  if (!node)
    throw new LoupeError(
      'not-found',
      `No visible folder "${path}" in this tree; give a folder path relative to the root.`,
    );
  if (node.kind === 'file')
    throw new LoupeError(
      'not-a-directory',
      `"${node.path}" is a file, not a folder; give the folder that holds it.`,
    );
  return node;
}

/** Entries below `start` within `depth` levels. */
function entriesWithin(model: TreeModel, start: FolderNode, depth: number | undefined): number {
  if (depth === undefined) return start.folderCount + start.fileCount;
  let n = 0;
  // A folder's subtree is a contiguous run of the preorder.
  for (let i = start.order; i <= start.order + start.folderCount; i++) {
    const f = model.folders[i]!;
    if (f.depth - start.depth < depth) n += f.folders.length + f.files.length;
  }
  return n;
}

export function renderTree(
  model: TreeModel,
  options: TreeOptions = {},
  deps: { count: CountTokens } = { count: countO200k },
): TreeRendering {
  const format = options.format ?? 'markdown';
  const form = FORMS[format];
  if (!form) throw invalid(`Unknown tree format "${format}"; use one of ${TREE_FORMATS.join(', ')}.`);
  const unknown = (options.fields ?? []).find((f) => !(TREE_FIELDS as readonly string[]).includes(f));
  if (unknown) throw invalid(`Unknown tree field "${unknown}"; use ${TREE_FIELDS.join(', ')}.`);
  const fields = TREE_FIELDS.filter((f) => options.fields?.includes(f));
  checkCount('depth', options.depth, 0);
  checkCount('maxEntries', options.maxEntries, 0);
  checkCount('maxTokens', options.maxTokens, 1);
  const start = startFolder(model, options.path);
  const limits: Limits = {
    depth: options.depth,
    maxEntries: options.maxEntries,
    maxTokens: options.maxTokens,
  };

  const total = start.folderCount + start.fileCount;
  const reachable = entriesWithin(model, start, options.depth);
  const limit = Math.min(reachable, options.maxEntries ?? reachable);

  // Picks in breadth-first order, drawn lazily: a cap of a few thousand entries on a 100k-file
  // tree never walks the rest.
  const order = pickOrder(start, options.depth);
  const picks: TreeNode[] = [];
  const pick = (i: number): TreeNode => {
    while (picks.length <= i) picks.push(order.next().value as TreeNode);
    return picks[i]!;
  };
  const viewAt = (k: number): View => {
    if (k === total) return makeView(model, start, fields, limits, undefined, k, []);
    if (k > 0) pick(k - 1);
    const by: LimitReason[] = [];
    if (reachable < total) by.push('depth');
    if (k === options.maxEntries && k < reachable) by.push('max-entries');
    if (k < limit) by.push('max-tokens');
    return makeView(model, start, fields, limits, shownFromPicks(model, picks, k), k, by);
  };
  const result = (view: View, text: string, tokens?: number): TreeRendering => ({
    text,
    format,
    path: start.path,
    total: view.total,
    shown: { folders: view.total.folders - view.left.folders, files: view.total.files - view.left.files },
    leftOut: view.left,
    by: view.by,
    ...(tokens === undefined ? {} : { tokens }),
  });

  if (options.maxTokens === undefined) {
    const view = viewAt(limit);
    return result(view, form.render(view, options));
  }
  const probe = (k: number, within?: number): Probe => {
    const view = viewAt(k);
    if (within !== undefined && form.lines) {
      // Made and counted only until it is over `within` (a rendering that is over is not used).
      const taken = new LinesWithin(within, deps.count);
      form.lines(view, taken);
      const { text, tokens } = taken.result();
      return { k, view, text: text ?? '', tokens };
    }
    const text = form.render(view, options);
    const tokens = within === undefined ? deps.count(text) : countWithin(text, within, deps.count);
    return { k, view, text, tokens };
  };
  const bare = viewAt(0);
  // Fragments are counted exactly for the first entries; past that, their length at the rate
  // measured so far is estimate enough (the exact counts of whole renderings decide), which keeps
  // a huge cap on a huge tree from counting every name twice.
  let counted = 0;
  let countedTokens = 0;
  let countedChars = 0;
  const cost = (node: TreeNode): number => {
    const text = form.fragment(bare, node);
    if (counted >= EXACT_FRAGMENTS) return (text.length * countedTokens) / Math.max(1, countedChars);
    counted++;
    const n = deps.count(text);
    countedTokens += n;
    countedChars += text.length;
    return n;
  };
  const best = fitTokens({
    limit,
    budget: options.maxTokens,
    start,
    probe,
    pick,
    cost,
    markerCost: deps.count(form.marker),
  });
  return result(best.view, best.text, best.tokens);
}
