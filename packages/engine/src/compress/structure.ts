// The signatures pass: empties the bodies of named functions, methods, constructors, accessors
// and closures bound to a name; keeps anonymous inline callbacks whole (an emptied nameless body
// says nothing) and looks into functions called in place (IIFE modules).
import type { Node, Tree } from 'web-tree-sitter';
import type { Grammar } from '../parse/runtime';
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

/** Type ids of the named node types in `names` (a name can have several ids through aliases). */
export function typeIds(grammar: Grammar, names: Iterable<string>): Set<number> {
  const wanted = new Set(names);
  const ids = new Set<number>();
  const language = grammar.language;
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const type = language.nodeTypeForId(id);
    if (type && wanted.has(type) && language.nodeTypeIsNamed(id)) ids.add(id);
  }
  return ids;
}

interface Ids {
  functions: Set<number>;
  wrappers: Set<number>;
  bindings: Set<number>;
  calls: Set<number>;
  arguments: Set<number>;
  functionField: number;
}

const idCache = new WeakMap<StructureSpec, Map<string, Ids>>();

function idsFor(grammar: Grammar, spec: StructureSpec): Ids {
  let byGrammar = idCache.get(spec);
  if (!byGrammar) {
    byGrammar = new Map();
    idCache.set(spec, byGrammar);
  }
  let ids = byGrammar.get(grammar.id);
  if (!ids) {
    ids = {
      functions: typeIds(grammar, Object.keys(spec.functions)),
      wrappers: typeIds(grammar, spec.wrappers),
      bindings: typeIds(grammar, spec.bindings),
      calls: typeIds(grammar, spec.calls),
      arguments: typeIds(grammar, spec.arguments),
      functionField: grammar.language.fieldIdForName('function') ?? -1,
    };
    byGrammar.set(grammar.id, ids);
  }
  return ids;
}

/**
 * `naming` from the walk's ancestor stack (type ids and field ids), without asking the tree for
 * parents: `types[i]`/`fields[i]` describe the ancestor at depth i and its field in its parent.
 */
function namingFromStack(ids: Ids, types: number[], fields: number[], depth: number, field: number): Naming {
  let i = depth - 1;
  let childField = field;
  while (i >= 0 && ids.wrappers.has(types[i]!)) childField = fields[i--]!;
  if (i < 0) return 'anonymous';
  const parent = types[i]!;
  if (ids.calls.has(parent) && childField === ids.functionField) return 'in-place';
  if (ids.bindings.has(parent)) return 'named';
  if (ids.arguments.has(parent) && i > 0 && ids.calls.has(types[i - 1]!)) {
    let j = i - 2;
    while (j >= 0 && ids.wrappers.has(types[j]!)) j--;
    if (j >= 0 && ids.bindings.has(types[j]!)) return 'named';
  }
  return 'anonymous';
}

/**
 * One walk over the file's skeleton: it never enters a body it empties nor a callback it keeps
 * whole, so the cost follows the declarations, not the code inside them.
 */
export function structureEdits(input: StructureInput): StructureResult {
  const { grammar, tree, spec, text } = input;
  const ids = idsFor(grammar, spec);
  const edits: Edit[] = [];
  if (ids.functions.size === 0) return { edits, bodies: 0 };
  const handled = [...input.handled].sort((a, b) => a.start - b.start);
  let h = 0;
  const types: number[] = [];
  const fields: number[] = [];
  let depth = 0;
  const cursor = tree.walk();
  try {
    for (;;) {
      const type = cursor.nodeTypeId;
      let enter = true;
      if (handled.length) {
        const start = cursor.startIndex;
        while (h < handled.length && handled[h]!.end <= start) h++;
        if (h < handled.length && handled[h]!.start <= start) enter = false;
      }
      if (enter && ids.functions.has(type)) {
        const node = cursor.currentNode;
        const rule = spec.functions[node.type]!;
        const how = rule.lambda ? namingFromStack(ids, types, fields, depth, cursor.currentFieldId) : 'named';
        if (how !== 'in-place') {
          enter = false;
          const edit = how === 'named' ? bodyStub(input, node, rule, text) : undefined;
          if (edit) edits.push(edit);
        }
      }
      if (enter) {
        const field = cursor.currentFieldId;
        if (cursor.gotoFirstChild()) {
          types[depth] = type;
          fields[depth] = field;
          depth++;
          continue;
        }
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { edits, bodies: edits.length };
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** The stub for a named function's body, or undefined when the body stays (short, empty, expression). */
function bodyStub(input: StructureInput, node: Node, rule: FunctionRule, text: string): Edit | undefined {
  const { spec } = input;
  const body = bodyOf(node, rule);
  if (!body) return undefined;
  const block = spec.blocks.includes(body.type);
  if (!block && spec.expressionBodies === 'keep') return undefined;
  const oneLine = body.startPosition.row === body.endPosition.row;
  if (oneLine && body.endIndex - body.startIndex <= ONE_LINE_KEEP) return undefined;
  if (body.endIndex - body.startIndex <= 2 && /^\{\s*\}$/.test(text.slice(body.startIndex, body.endIndex)))
    return undefined;
  return stub(input, node, body);
}
