// What the nodes of each grammar mean to Loupe, as data: which are comments, which are function
// bodies, which are declarations. One module per language family fills these in; compression and
// the declarations index read them and hold no per-language code of their own beyond hooks.
import type { Node } from 'web-tree-sitter';

export type StubStyle = 'brace' | 'python' | 'ruby' | 'bash';

export interface FunctionRule {
  /** Where the body is: a field name (default `body`) or the types of the child that holds it. */
  body?: string | readonly string[];
  /** Anonymous unless bound to a name: arrow functions, lambdas, closures, blocks. */
  lambda?: boolean;
}

export interface StructureSpec {
  /** Function-like nodes by type. */
  functions: Readonly<Record<string, FunctionRule>>;
  /** Parents that name a lambda: `const f = () => {}`, `{ key: () => {} }`, `f = lambda`. */
  bindings: readonly string[];
  /** Nodes between a lambda and its binding that change nothing (parentheses, expression lists). */
  wrappers: readonly string[];
  /** Call nodes: a lambda that is the callee runs in place (IIFE) and is looked into. */
  calls: readonly string[];
  /** Argument lists: a lambda passed to a call that is itself bound (`const C = memo(() => …)`). */
  arguments: readonly string[];
  /** Body types that are statement blocks; any other body is an expression body. */
  blocks: readonly string[];
  /** How an emptied body is written. */
  stub: StubStyle;
  /** Multi-line expression bodies: replaced by a block stub, or kept whole. */
  expressionBodies: 'block' | 'keep';
  /** Tokens after an expression body that end it (C# `=> expr;`): emptied with it. */
  expressionEnd?: string;
}

export type DeclarationKind =
  | 'class'
  | 'interface'
  | 'function'
  | 'method'
  | 'constructor'
  | 'enum'
  | 'member'
  | 'type'
  | 'struct'
  | 'union'
  | 'trait'
  | 'impl'
  | 'module'
  | 'object'
  | 'record'
  | 'constant'
  | 'variable'
  | 'field'
  | 'property'
  | 'event'
  | 'macro';

/** What the declarations walk knows about where a node sits. */
export interface DeclarationContext {
  /** Kind of the nearest enclosing declaration. */
  parent: DeclarationKind | undefined;
  /** Inside a function or lambda body. */
  local: boolean;
}

export interface DeclarationRule {
  kind: DeclarationKind | ((node: Node, ctx: DeclarationContext) => DeclarationKind | undefined);
  /** The name: a field (default `name`) or a function; no name, no declaration. */
  name?: string | ((node: Node) => string | undefined);
  /** A qualifier the node carries itself: Go receivers, C++ `Foo::` in `void Foo::bar()`. */
  qualifier?: (node: Node) => string | undefined;
  /**
   * The qualifier names the whole owner (`res` in `res.send = function …`): the enclosing
   * declarations do not add to it (`a.b = c.d = f` declares `a.b` and `c.d`, not `a.b.c.d`).
   */
  absolute?: boolean;
  /** Skip when inside a function body (locals that are not functions or types). */
  moduleLevelOnly?: boolean;
  /**
   * Where such nodes can declare, as tree-sitter patterns capturing the node as `@d` (default:
   * every node of the type). For common node types that declare only in some places (a call
   * statement, a pair whose value is a function): the query visits those, not every call.
   */
  where?: readonly string[];
}

export interface DeclarationSpec {
  rules: Readonly<Record<string, DeclarationRule>>;
  /** Parents whose range the declaration takes (decorators, `export`, templates). */
  rangeParents: readonly string[];
  /** Between qualified name parts. */
  separator: '.' | '::';
  /** Declarations that scope the rest of their parent (`namespace A;` in C# and PHP). */
  fileScoped?: readonly string[];
  /** Siblings right above a declaration that belong to it besides comments (Rust attributes). */
  leading?: readonly string[];
}

export interface OutlineSpec {
  style: 'js' | 'ruby';
  /** Calls that group tests: their callback keeps its tests, the rest is folded. */
  groups: readonly string[];
  /** Calls whose callback is emptied. */
  leaves: readonly string[];
}

export interface SyntaxSpec {
  /** Comment node types (outermost only). */
  comments: readonly string[];
  /** Comments kept even when stripping: shebangs, compiler directives. */
  keepComment?: RegExp;
  /** Nodes whose blank lines are content: strings, heredocs, block scalars. */
  strings: readonly string[];
  /** Python-style docstrings (a string statement first in a module, class or function). */
  docstrings?: boolean;
  structure?: StructureSpec;
  declarations?: DeclarationSpec;
  outline?: OutlineSpec;
}

/** Text of a field, or undefined. */
export function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/** The first child of one of `types`, or null. */
export function childOfType(node: Node, types: readonly string[]): Node | null {
  for (const child of node.namedChildren) if (child && types.includes(child.type)) return child;
  return null;
}

/** True when an unnamed child token `word` is present (`const`, `interface`, `get`). */
export function hasToken(node: Node, word: string): boolean {
  for (const child of node.children) if (child && !child.isNamed && child.type === word) return true;
  return false;
}
