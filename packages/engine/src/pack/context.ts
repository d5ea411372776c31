// What every pack strategy writes around the files: the checked options, the tree section (at most
// a quarter of the budget, saying what it left out), the header, and the coverage the footer
// reports before the files are decided.
import path from 'node:path';
import { LEVELS, type Level } from '../compress/types';
import { LoupeError } from '../errors';
import { summarizeHidden } from '../scan/smart/summary';
import { buildTree } from '../tree/model';
import { renderTree } from '../tree/render';
import type { Encoding } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { Workspace } from '../workspace/workspace';
import type { DocContext } from './document';
import { type HeaderInfo, LAYOUTS, type Layout } from './formats';
import type { Scope } from './scope';
import {
  DEFAULT_BUDGET,
  PACK_FORMATS,
  type PackFormat,
  type PackOptions,
  TREE_SHARE,
  type TreeSection,
} from './types';
import type { PackMemo } from './warm';

function invalid(message: string): LoupeError {
  return new LoupeError('invalid-argument', message);
}

export interface Checked {
  /** null: no cap (a full pack). */
  budget: number | null;
  format: PackFormat;
  detail: Level;
}

/** The options as a pack uses them, or one sentence saying what is wrong with them. */
export function checkOptions(options: PackOptions): Checked {
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

/** The document around the files: header, tree and the coverage so far. */
export function documentContext(
  ws: Workspace,
  options: PackOptions,
  scope: Scope,
  settings: Checked & {
    encoding: Encoding;
    masking: boolean;
    lineNumbers: boolean;
    count(t: string): number;
    /** The workspace's memo of earlier packs: the tree section of the same paths is made once. */
    memo?: PackMemo;
  },
): DocContext & { treeTokens: number } {
  const { budget, format, detail, encoding, masking, lineNumbers, count, memo } = settings;
  const layout = LAYOUTS[format];
  const cap = budget === null ? undefined : Math.floor(budget * TREE_SHARE);
  const make = (): TreeSection => {
    const { section, tokens, rendering } = treePart(scope.files, layout, count, cap);
    const { total, shown, leftOut } = rendering;
    return { section, tokens, ...(cap === undefined ? {} : { cap }), total, shown, leftOut };
  };
  const tree = memo ? memo.tree(scope.files, `${format}:${cap}:${encoding}`, make) : make();
  const header: HeaderInfo = {
    root: options.rootLabel ?? path.basename(ws.root),
    revision: ws.focus.snapshot.revision,
    everything: scope.everything,
    paths: scope.kind === 'paths',
    budget,
    encoding,
    detail,
    masking,
    lineNumbers,
    placeholders: false,
    ...(options.instructions ? { instructions: options.instructions } : {}),
  };
  return {
    layout,
    header,
    treeSection: tree.section,
    treeTokens: tree.tokens,
    scope: scope.files,
    count,
    ...(options.wrapData ? { wrapData: options.wrapData } : {}),
    base: {
      format,
      encoding,
      budget,
      revision: header.revision,
      detail,
      masking,
      lineNumbers,
      tree: {
        tokens: tree.tokens,
        ...(tree.cap === undefined ? {} : { cap: tree.cap }),
        total: { ...tree.total },
        shown: { ...tree.shown },
        leftOut: { ...tree.leftOut },
      },
      // For agents (wrapped data) the footer is trusted text: names in it are JSON strings.
      hidden: {
        summary: summarizeHidden(ws.hidden, {
          quoteNames: Boolean(options.wrapData),
          ...(options.hiddenCountsOnly ? { countsOnly: true } : {}),
        }),
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
}
