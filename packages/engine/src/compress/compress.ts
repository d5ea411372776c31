// compress(text, path, options): one file at a detail level. Whatever happens, the result says
// which level was applied and, when it is not the one asked for, why. Output that would not
// re-parse cleanly with the same grammar is never returned: the file goes back in full.
import type { Node, Tree } from 'web-tree-sitter';
import { defaultParseCache, type ParseCache, syntaxFor, withTree } from '../parse/index';
import { type Grammar, query, treeSitter } from '../parse/runtime';
import { SYNTAX, type SyntaxSpec } from '../syntax/index';
import { applyCompression, type Compression } from './applied';
import { outlineEdits } from './outline';
import { alternation, knownTypes, structureEdits } from './structure';
import { isTestFile } from './testfiles';
import { applyEdits, type Edit, LineIndex, mergeEdits, pointAfter } from './text';
import { blankLineTrims, removalTrims, type Span } from './trims';
import type { CompressOptions, CompressResult, CompressStats, Level } from './types';

export interface CompressDeps {
  cache: ParseCache;
}

const NO_STATS: CompressStats = { bodies: 0, comments: 0, docstrings: 0, tests: 0 };

function full(requested: Level, reason?: string, language?: CompressResult['language']): Compression {
  return {
    edits: [],
    level: 'full',
    requested,
    ...(reason ? { reason } : {}),
    language,
    stats: { ...NO_STATS },
  };
}

/** 1-based line of the first ERROR or MISSING node (the innermost one: a whole-file ERROR says little). */
export function firstErrorLine(tree: Tree): number {
  let node: Node = tree.rootNode;
  for (let depth = 0; depth < 500; depth++) {
    let next: Node | null = null;
    for (const child of node.children) {
      if (child && (child.hasError || child.isError || child.isMissing)) {
        next = child;
        break;
      }
    }
    if (!next) break;
    node = next;
  }
  return node.startPosition.row + 1;
}

interface Plan {
  level: Level;
  comments: boolean;
  blankLines: boolean;
  docstrings: boolean;
  bodies: boolean;
  tests: boolean;
  reason?: string;
}

function plan(
  spec: SyntaxSpec,
  path: string,
  text: string,
  options: CompressOptions,
  language: string,
): Plan {
  const strip = options.level === 'compact' || Boolean(options.stripComments);
  // Docstrings are documentation: stripping comments at signatures/outline takes them too,
  // unless asked to keep them; at compact they stay unless asked to go.
  const docstrings = Boolean(
    spec.docstrings && (options.stripDocstrings ?? (options.level !== 'compact' && strip)),
  );
  if (options.level === 'compact' || !spec.structure) {
    if (options.level !== 'compact' && !strip)
      return {
        level: 'full',
        comments: false,
        blankLines: false,
        docstrings: false,
        bodies: false,
        tests: false,
        reason: `${language} has no function bodies to empty`,
      };
    const reason =
      options.level === 'compact'
        ? undefined
        : `${language} has no function bodies to empty; comments and blank lines removed instead`;
    return {
      level: 'compact',
      comments: true,
      blankLines: true,
      docstrings,
      bodies: false,
      tests: false,
      ...(reason ? { reason } : {}),
    };
  }
  const tests = options.level === 'outline' && Boolean(spec.outline) && isTestFile(path, text);
  return { level: options.level, comments: strip, blankLines: false, docstrings, bodies: true, tests };
}

function commentSpans(grammar: Grammar, tree: Tree, spec: SyntaxSpec, text: string): Span[] {
  const types = knownTypes(grammar, spec.comments);
  if (types.length === 0) return [];
  const spans: Span[] = [];
  for (const { node } of query(grammar, alternation(types, 'c')).captures(tree.rootNode)) {
    if (spec.keepComment?.test(text.slice(node.startIndex, node.startIndex + 80))) continue;
    // `{/* note */}` in JSX: the braces only hold the comment and go with it.
    const holder = /\{\s*$/.test(text.slice(Math.max(0, node.startIndex - 8), node.startIndex))
      ? node.parent
      : null;
    if (holder?.type === 'jsx_expression' && holder.namedChildCount === 1)
      spans.push({ start: holder.startIndex, end: holder.endIndex });
    else spans.push({ start: node.startIndex, end: node.endIndex });
  }
  return spans;
}

const DEFINITIONS = '[(class_definition) (function_definition)] @d';

/** The docstring statement of a module or block: its first statement, if that is a lone string. */
function docstringOf(container: Node | null): Node | undefined {
  if (!container) return undefined;
  for (const child of container.namedChildren) {
    if (!child || child.type === 'comment') continue;
    const value =
      child.type === 'expression_statement' && child.namedChildCount === 1 ? child.namedChild(0) : null;
    return value?.type === 'string' ? child : undefined;
  }
  return undefined;
}

/** Python docstrings: removed, or `...` where one is all its block holds. */
function docstringTrims(
  grammar: Grammar,
  tree: Tree,
  text: string,
  lines: LineIndex,
): { trims: Edit[]; count: number } {
  const found: Node[] = [];
  const top = docstringOf(tree.rootNode);
  if (top) found.push(top);
  for (const { node } of query(grammar, DEFINITIONS).captures(tree.rootNode)) {
    const doc = docstringOf(node.childForFieldName('body'));
    if (doc) found.push(doc);
  }
  const alone: Edit[] = [];
  const spans: Span[] = [];
  for (const node of found) {
    let next = node.nextNamedSibling;
    while (next?.type === 'comment') next = next.nextNamedSibling;
    if (!next && node.parent?.type === 'block')
      alone.push({ start: node.startIndex, end: node.endIndex, text: '...' });
    else spans.push({ start: node.startIndex, end: node.endIndex });
  }
  return { trims: [...alone, ...removalTrims(text, lines, spans)], count: found.length };
}

/**
 * Inside a string, heredoc or block scalar that spans lines (its blank lines are content). The
 * smallest node at a blank line is that string or one of its parts, so three levels suffice.
 */
function protectedAt(tree: Tree, strings: readonly string[]) {
  return (offset: number) => {
    let node = tree.rootNode.descendantForIndex(offset);
    for (let depth = 0; node && depth < 3; depth++, node = node.parent) {
      if (strings.includes(node.type) && node.startIndex < offset && node.endIndex > offset) return true;
    }
    return false;
  };
}

function errorLineOf(tree: Tree | null): number {
  if (!tree) return 1;
  try {
    return tree.rootNode.hasError ? firstErrorLine(tree) : 0;
  } finally {
    tree.delete();
  }
}

/**
 * Re-parses the output and returns the first error line, or 0 (exported for tests). A much shorter output is parsed
 * afresh; otherwise incrementally from the input's tree, which reuses everything the edits left
 * alone (measured: cheaper down to about half the input's length).
 */
export function reparseErrorLine(
  grammar: Grammar,
  tree: Tree,
  lines: LineIndex,
  edits: Edit[],
  output: string,
): number {
  if (output.length * 2 < lines.text.length) return errorLineOf(grammar.parser.parse(output));
  const old = tree.copy();
  const TreeEdit = treeSitter().Edit;
  try {
    for (let i = edits.length - 1; i >= 0; i--) {
      const e = edits[i]!;
      const startPosition = lines.point(e.start);
      old.edit(
        new TreeEdit({
          startIndex: e.start,
          oldEndIndex: e.end,
          newEndIndex: e.start + e.text.length,
          startPosition,
          oldEndPosition: lines.point(e.end),
          newEndPosition: pointAfter(startPosition, e.text),
        }),
      );
    }
    return errorLineOf(grammar.parser.parse(output, old));
  } finally {
    old.delete();
  }
}

export async function compress(
  text: string,
  path: string,
  options: CompressOptions,
  deps: CompressDeps = { cache: defaultParseCache },
): Promise<CompressResult> {
  return applyCompression(text, await compression(text, path, options, deps));
}

/** What compress does to `text`, as edits (what the compression cache keeps: compress-cache.ts). */
export async function compression(
  text: string,
  path: string,
  options: CompressOptions,
  deps: CompressDeps = { cache: defaultParseCache },
): Promise<Compression> {
  const requested = options.level;
  if (requested === 'full') return full(requested);
  const syntax = await syntaxFor(path, text, deps.cache);
  if (!syntax.ok) return full(requested, syntax.reason, syntax.language);
  const { grammar, language } = syntax;
  const spec = SYNTAX[grammar.id];
  return withTree(
    grammar,
    text,
    (tree): Compression => {
      if (tree.rootNode.hasError)
        return full(
          requested,
          `the ${grammar.id} parser reports a syntax error at line ${firstErrorLine(tree)}`,
          language,
        );
      const p = plan(spec, path, text, options, language);
      if (p.level === 'full') return full(requested, p.reason, language);
      const lines = new LineIndex(text);
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const stats: CompressStats = { ...NO_STATS };
      const trims: Edit[] = [];
      if (p.comments) {
        const spans = commentSpans(grammar, tree, spec, text);
        stats.comments = spans.length;
        trims.push(...removalTrims(text, lines, spans));
      }
      if (p.docstrings) {
        const doc = docstringTrims(grammar, tree, text, lines);
        stats.docstrings = doc.count;
        trims.push(...doc.trims);
      }
      if (p.blankLines) trims.push(...blankLineTrims(text, protectedAt(tree, spec.strings)));
      const structural: Edit[] = [];
      const ctx = { text, lines, eol, grammar, tree };
      let handled: Span[] = [];
      if (p.tests && spec.outline && spec.structure) {
        const outline = outlineEdits({ ...ctx, spec: spec.outline, structure: spec.structure });
        structural.push(...outline.edits);
        handled = outline.handled;
        stats.tests = outline.tests;
      }
      if (p.bodies && spec.structure) {
        const result = structureEdits({
          ...ctx,
          spec: spec.structure,
          keepDocstrings: !p.docstrings,
          handled,
        });
        structural.push(...result.edits);
        stats.bodies = result.bodies;
      }
      const edits = mergeEdits(structural, trims);
      if (edits.length === 0)
        return {
          edits,
          level: p.level,
          requested,
          ...(p.reason ? { reason: p.reason } : {}),
          language,
          stats,
        };
      const output = applyEdits(text, edits);
      const bad = reparseErrorLine(grammar, tree, lines, edits, output);
      if (bad)
        return full(
          requested,
          `the ${p.level} output did not re-parse cleanly (line ${bad}); returned in full`,
          language,
        );
      return {
        edits,
        level: p.level,
        requested,
        ...(p.reason ? { reason: p.reason } : {}),
        language,
        stats,
      };
    },
    deps.cache,
  );
}
