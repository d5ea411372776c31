// The declarations of a file from its cached tree-sitter parse: kind, name, qualified name and
// line range, for search ranking and `get_file {symbol}`. Declarations inside function bodies
// (local helpers, classes in test callbacks) are listed too, marked `local`.
import type { Node, Tree } from 'web-tree-sitter';
import { alternation, knownTypes } from '../compress/structure';
import { defaultParseCache, type ParseCache, syntaxFor, withTree } from '../parse/index';
import { type Grammar, query } from '../parse/runtime';
import { type DeclarationKind, type DeclarationSpec, SYNTAX, type SyntaxSpec } from '../syntax/index';

export interface Declaration {
  kind: DeclarationKind;
  name: string;
  /** Enclosing declarations joined: `Class.method`, `Type::fn` (Rust, C++, PHP), `module.function`. */
  qualifiedName: string;
  /** 1-based, inclusive; decorators, annotations, `export` and `template<…>` included. */
  startLine: number;
  endLine: number;
  /** First line of the comments (and Rust attributes) right above, when there are any. */
  docLine?: number;
  /** Declared inside a function or lambda body. */
  local?: true;
}

export type { DeclarationKind } from '../syntax/index';

interface Open {
  end: number;
  /** Set for declarations: their name qualifies what they contain. */
  name?: string;
  kind?: DeclarationKind;
  /** Function-like: what it contains is local. */
  fn: boolean;
}

function nameOf(node: Node, rule: DeclarationSpec['rules'][string]): string | undefined {
  const how = rule.name ?? 'name';
  const name = typeof how === 'string' ? node.childForFieldName(how)?.text : how(node);
  const trimmed = name?.trim();
  return trimmed ? trimmed : undefined;
}

function docLineOf(node: Node, spec: SyntaxSpec, leading: readonly string[]): number | undefined {
  // The only declaration of a wrapper on its own line (Go's `type X struct`, `const X = 1`): its
  // comments sit above the wrapper.
  const parent = node.parent;
  if (
    !node.previousNamedSibling &&
    parent &&
    parent.namedChildCount === 1 &&
    parent.startPosition.row === node.startPosition.row &&
    parent.parent
  )
    return docLineOf(parent, spec, leading);
  let row = node.startPosition.row;
  let doc: number | undefined;
  for (let prev = node.previousNamedSibling; prev; prev = prev.previousNamedSibling) {
    if (!spec.comments.includes(prev.type) && !leading.includes(prev.type)) break;
    if (prev.endPosition.row < row - 1) break;
    // A comment trailing code on its line (`x = 1 // note`) belongs to that code.
    const before = prev.previousSibling;
    if (before && before.endPosition.row === prev.startPosition.row) break;
    row = prev.startPosition.row;
    doc = row + 1;
  }
  return doc;
}

/** Last row of a declaration; a node that ends with its newline (a `#define`) ends on the row before. */
function lastRow(outer: Node, node: Node): number {
  const end = outer.endIndex >= node.endIndex ? outer.endPosition : node.endPosition;
  const start = Math.min(outer.startPosition.row, node.startPosition.row);
  return end.column === 0 && end.row > start ? end.row - 1 : end.row;
}

const querySources = new Map<string, string | undefined>();

/**
 * The query that visits a grammar's declaration candidates: every node of the rule types and
 * function types, and the `where` patterns of the rules that have them (those this grammar's
 * node types can express; TypeScript's and JavaScript's grammars differ in a few names).
 */
function declarationQuery(grammar: Grammar, spec: SyntaxSpec): string | undefined {
  if (querySources.has(grammar.id)) return querySources.get(grammar.id);
  const rules = spec.declarations?.rules ?? {};
  const plain = Object.keys(rules).filter((t) => !rules[t]!.where);
  const types = knownTypes(grammar, new Set([...plain, ...Object.keys(spec.structure?.functions ?? {})]));
  const patterns = Object.values(rules)
    .flatMap((r) => r.where ?? [])
    .filter((p) => {
      try {
        query(grammar, p);
        return true;
      } catch {
        return false; // a node type this grammar does not have
      }
    });
  const parts = [...(types.length ? [alternation(types, 'd')] : []), ...patterns];
  const source = parts.length ? parts.join('\n') : undefined;
  querySources.set(grammar.id, source);
  return source;
}

/** Whether a lambda is the callee of a call (through parentheses and other wrappers). */
function calledInPlace(node: Node, spec: SyntaxSpec): boolean {
  const structure = spec.structure;
  if (!structure) return false;
  let at = node;
  let up = node.parent;
  while (up && structure.wrappers.includes(up.type)) {
    at = up;
    up = up.parent;
  }
  return up !== null && structure.calls.includes(up.type) && up.childForFieldName('function')?.id === at.id;
}

/** Declarations from a parsed tree (for callers that already hold one inside `withTree`). */
export function declarationsOfTree(grammar: Grammar, tree: Tree): Declaration[] {
  const spec = SYNTAX[grammar.id];
  const decl = spec.declarations;
  if (!decl) return [];
  const functions = spec.structure?.functions ?? {};
  const source = declarationQuery(grammar, spec);
  if (!source) return [];
  const nodes = query(grammar, source)
    .captures(tree.rootNode)
    .filter((c) => c.name === 'd')
    .map((c) => c.node)
    .sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex || a.id - b.id)
    // A node two patterns capture is visited once.
    .filter((n, i, all) => i === 0 || all[i - 1]!.id !== n.id);
  const leading = decl.leading ?? [];
  const out: Declaration[] = [];
  const stack: Open[] = [];
  for (const node of nodes) {
    const start = node.startIndex;
    while (stack.length && stack[stack.length - 1]!.end <= start) stack.pop();
    const local = stack.some((o) => o.fn);
    // A function called where it stands (`(function (root) { … })(this)`, the UMD wrapper) runs
    // once as part of its surroundings: what it declares is not local to it. (Asked only outside
    // functions: walking up a tree is not cheap.)
    const fn =
      node.type in functions && !(functions[node.type]!.lambda && !local && calledInPlace(node, spec));
    const rule = decl.rules[node.type];
    let parent: DeclarationKind | undefined;
    for (let i = stack.length - 1; i >= 0 && !parent; i--) parent = stack[i]!.kind;
    const kind =
      rule && !(rule.moduleLevelOnly && local)
        ? typeof rule.kind === 'function'
          ? rule.kind(node, { parent, local })
          : rule.kind
        : undefined;
    const name = kind && rule ? nameOf(node, rule) : undefined;
    if (!kind || !name || !rule) {
      if (fn) stack.push({ end: node.endIndex, fn: true });
      continue;
    }
    let outer = node;
    // (`parent` walks down from the root each time it is asked: ask once per level.)
    for (let up = node.parent; up && decl.rangeParents.includes(up.type); up = up.parent) outer = up;
    const qualifier = rule.qualifier?.(node);
    const scope = qualifier && rule.absolute ? [] : stack.filter((o) => o.name).map((o) => o.name!);
    if (qualifier) scope.push(qualifier);
    const declaration: Declaration = {
      kind,
      name,
      qualifiedName: [...scope, name].join(decl.separator),
      startLine: outer.startPosition.row + 1,
      endLine: lastRow(outer, node) + 1,
    };
    const doc = docLineOf(outer, spec, leading);
    if (doc !== undefined) declaration.docLine = doc;
    if (local) declaration.local = true;
    out.push(declaration);
    const scoped = decl.fileScoped?.includes(node.type) && !node.childForFieldName('body');
    stack.push({ end: scoped ? (node.parent?.endIndex ?? node.endIndex) : node.endIndex, name, kind, fn });
  }
  return out;
}

/** Declarations of a file; empty when its language has no grammar here. */
export async function declarations(
  text: string,
  path: string,
  deps: { cache: ParseCache } = { cache: defaultParseCache },
): Promise<Declaration[]> {
  const syntax = await syntaxFor(path, text, deps.cache);
  if (!syntax.ok) return [];
  return withTree(syntax.grammar, text, (tree) => declarationsOfTree(syntax.grammar, tree), deps.cache);
}
