// C and C++: functions found through their declarator chains, classes, namespaces, templates,
// out-of-class definitions (`void Foo::bar() {}` qualifies as `Foo::bar`), macros.
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

const NAME_TYPES = ['identifier', 'field_identifier', 'type_identifier', 'destructor_name', 'operator_name'];

/** The next link of a declarator chain: the `declarator` field, or the inner declarator of `T& f()`. */
function inner(node: Node): Node | null {
  return (
    node.childForFieldName('declarator') ??
    node.namedChildren.find((c) => c && (c.type.endsWith('declarator') || NAME_TYPES.includes(c.type))) ??
    null
  );
}

/** Follows declarators (pointers, references, functions) to the declared name node. */
function declared(node: Node): Node | undefined {
  let current: Node | null = node.childForFieldName('declarator');
  for (let depth = 0; current && depth < 8; depth++) {
    if (NAME_TYPES.includes(current.type) || current.type === 'qualified_identifier') return current;
    current = inner(current);
  }
  return undefined;
}

function isFunction(node: Node): boolean {
  let current: Node | null = node.childForFieldName('declarator');
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === 'function_declarator') return true;
    if (NAME_TYPES.includes(current.type)) return false;
    current = inner(current);
  }
  return false;
}

function name(node: Node): string | undefined {
  const target = declared(node);
  if (!target) return undefined;
  if (target.type !== 'qualified_identifier') return target.text;
  // `A<T>::B::get` -> `get`: the innermost name.
  let inner: Node | null = target;
  while (inner?.type === 'qualified_identifier') inner = inner.childForFieldName('name');
  return inner?.text;
}

function qualifier(node: Node): string | undefined {
  const target = declared(node);
  if (target?.type !== 'qualified_identifier') return undefined;
  const parts: string[] = [];
  let current: Node | null = target;
  while (current?.type === 'qualified_identifier') {
    const scope = current.childForFieldName('scope');
    // Template arguments are not part of the name: `A<T>::get` qualifies as `A::get`.
    if (scope)
      parts.push(
        scope.type === 'template_type' ? (scope.childForFieldName('name')?.text ?? scope.text) : scope.text,
      );
    current = current.childForFieldName('name');
  }
  return parts.join('::') || undefined;
}

const TYPES: DeclarationKind[] = ['class', 'struct', 'union'];

function functionKind(node: Node, ctx: DeclarationContext): DeclarationKind {
  return (ctx.parent && TYPES.includes(ctx.parent)) || qualifier(node) ? 'method' : 'function';
}

/** Prototypes and variables at namespace level, members inside types. */
function declarationKind(node: Node, ctx: DeclarationContext): DeclarationKind | undefined {
  if (isFunction(node)) return functionKind(node, ctx);
  if (ctx.parent && TYPES.includes(ctx.parent)) return 'field';
  return node.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const')
    ? 'constant'
    : 'variable';
}

/** `struct s *p;` mentions a type, `struct s { … };` declares it. */
function withBody(kind: DeclarationKind) {
  return (node: Node) => (node.childForFieldName('body') ? kind : undefined);
}

export const c: SyntaxSpec = {
  comments: ['comment'],
  strings: ['raw_string_literal', 'string_literal'],
  structure: {
    functions: { function_definition: {}, lambda_expression: { lambda: true } },
    bindings: ['init_declarator', 'assignment_expression'],
    wrappers: ['parenthesized_expression'],
    calls: ['call_expression'],
    arguments: ['argument_list'],
    blocks: ['compound_statement', 'try_statement'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      function_definition: { kind: functionKind, name, qualifier },
      declaration: { kind: declarationKind, name, qualifier, moduleLevelOnly: true },
      field_declaration: { kind: (n, ctx) => (isFunction(n) ? functionKind(n, ctx) : 'field'), name },
      class_specifier: { kind: withBody('class') },
      struct_specifier: { kind: withBody('struct') },
      union_specifier: { kind: withBody('union') },
      enum_specifier: { kind: withBody('enum') },
      enumerator: { kind: 'member' },
      type_definition: { kind: 'type', name },
      alias_declaration: { kind: 'type' },
      concept_definition: { kind: 'type' },
      namespace_definition: { kind: 'module' },
      preproc_def: { kind: 'macro', moduleLevelOnly: true },
      preproc_function_def: { kind: 'macro', moduleLevelOnly: true },
    },
    rangeParents: ['template_declaration'],
    separator: '::',
  },
};
