// The signatures pass: empties the bodies of named functions, methods, constructors, accessors
// and closures bound to a name; keeps anonymous inline callbacks whole (an emptied nameless body
// says nothing) and looks into functions called in place (IIFE modules).
import type { Node, Tree } from 'web-tree-sitter';
import { type Grammar, query } from '../parse/runtime';
import type { FunctionRule, StructureSpec } from '../syntax/spec';
import { bashStub, braceStub, pythonStub, rubyStub, type StubContext } from './stubs';
import type { Edit } from './text';
import type { Span } from './trims';

/** A body on one line and at most this long is kept: the stub would not be much shorter. */
export const ONE_LINE_KEEP = 100;

export interface StructureInput extends StubContext {
  grammar: Grammar;
  tree: Tree;
  spec: StructureSpec;
  /** Python: keep the docstring at the top of an emptied body. */
  keepDocstrings: boolean;
  /** Ranges already handled (outline folds): nothing inside them is looked at. */
  handled: Span[];
}

export interface StructureResult {
  edits: Edit[];
  bodies: number;
}

/** Node types of the grammar that exist in this grammar's version (queries reject unknown ones). */
export function knownTypes(grammar: Grammar, types: Iterable<string>): string[] {
  return [...types].filter((t) => grammar.language.idForNodeType(t, true) != null);
}

export function alternation(types: string[], capture: string): string {
  return `[${types.map((t) => `(${t})`).join(' ')}] @${capture}`;
}

/** The body node of a function-like node, by field or by child type. */
export function bodyOf(node: Node, rule: FunctionRule): Node | null {
  const where = rule.body ?? 'body';
  if (typeof where === 'string') return node.childForFieldName(where);
  for (const child of node.namedChildren) if (child && where.includes(child.type)) return child;
  return null;
}

type Naming = 'named' | 'anonymous' | 'in-place';

function climb(node: Node, wrappers: readonly string[]): { child: Node; parent: Node | null } {
  let child = node;
  let parent = node.parent;
  while (parent && wrappers.includes(parent.type)) {
    child = parent;
    parent = parent.parent;
  }
  return { child, parent };
}

/** Whether a lambda is bound to a name, passed inline, or called where it stands. */
export function naming(node: Node, spec: StructureSpec): Naming {
  const { child, parent } = climb(node, spec.wrappers);
  if (!parent) return 'anonymous';
  if (spec.calls.includes(parent.type) && parent.childForFieldName('function')?.id === child.id)
    return 'in-place';
  if (spec.bindings.includes(parent.type)) return 'named';
  if (spec.arguments.includes(parent.type) && parent.parent && spec.calls.includes(parent.parent.type)) {
    // `const Button = memo(() => …)`: the call's result is bound, so its callback is the named thing.
    const outer = climb(parent.parent, spec.wrappers).parent;
    if (outer && spec.bindings.includes(outer.type)) return 'named';
  }
  return 'anonymous';
}

/** Python: where an emptied body starts (comments between `:` and the block belong to it). */
function pythonBodyStart(body: Node): number {
  let start = body.startIndex;
  for (let prev = body.previousSibling; prev && prev.type === 'comment'; prev = prev.previousSibling)
    start = prev.startIndex;
  return start;
}

function pythonDocstring(body: Node): { start: number; end: number } | undefined {
  const first = body.namedChild(0);
  if (first?.type !== 'expression_statement' || first.namedChildCount !== 1) return undefined;
  const value = first.namedChild(0);
  return value?.type === 'string' ? { start: first.startIndex, end: first.endIndex } : undefined;
}

function stub(input: StructureInput, node: Node, body: Node): Edit | undefined {
  const { spec } = input;
  switch (spec.stub) {
    case 'python':
      return pythonStub(
        input,
        pythonBodyStart(body),
        body.endIndex,
        input.keepDocstrings ? pythonDocstring(body) : undefined,
      );
    case 'ruby':
      return rubyStub(input, body.startIndex, body.endIndex);
    case 'bash':
      return bashStub(input, body.startIndex, body.endIndex);
    default: {
      let end = body.endIndex;
      // C# `int M() => expr;`: the `;` ends the expression body and goes with it.
      if (spec.expressionEnd && !spec.blocks.includes(body.type)) {
        const next = body.nextSibling;
        if (next && next.type === spec.expressionEnd && next.parent?.id === node.id) end = next.endIndex;
      }
      const prev = body.previousSibling;
      const from = prev && !prev.isExtra ? prev.endIndex : undefined;
      return braceStub(input, body.startIndex, end, from);
    }
  }
}

export function structureEdits(input: StructureInput): StructureResult {
  const { grammar, tree, spec, text } = input;
  const types = knownTypes(grammar, Object.keys(spec.functions));
  const edits: Edit[] = [];
  if (types.length === 0) return { edits, bodies: 0 };
  const nodes = query(grammar, alternation(types, 'fn'))
    .captures(tree.rootNode)
    .map((c) => c.node)
    .sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const handled = [...input.handled].sort((a, b) => a.start - b.start);
  let h = 0;
  let skipUntil = -1;
  for (const node of nodes) {
    const start = node.startIndex;
    if (start < skipUntil) continue;
    while (h < handled.length && handled[h]!.end <= start) h++;
    if (h < handled.length && handled[h]!.start <= start) continue;
    const rule = spec.functions[node.type]!;
    if (rule.lambda) {
      const how = naming(node, spec);
      if (how === 'in-place') continue;
      if (how === 'anonymous') {
        skipUntil = node.endIndex;
        continue;
      }
    }
    const body = bodyOf(node, rule);
    if (!body) continue;
    skipUntil = node.endIndex;
    const block = spec.blocks.includes(body.type);
    if (!block && spec.expressionBodies === 'keep') continue;
    const oneLine = body.startPosition.row === body.endPosition.row;
    if (oneLine && body.endIndex - body.startIndex <= ONE_LINE_KEEP) continue;
    if (body.endIndex - body.startIndex <= 2 && /^\{\s*\}$/.test(text.slice(body.startIndex, body.endIndex)))
      continue;
    const edit = stub(input, node, body);
    if (edit) edits.push(edit);
  }
  return { edits, bodies: edits.length };
}
