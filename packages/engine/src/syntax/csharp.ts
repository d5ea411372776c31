// C#: classes, records, properties and accessors, namespaces (block and file-scoped).
import type { Node } from 'web-tree-sitter';
import { childOfType, type SyntaxSpec } from './spec';

/** `private int a = 1, b;` and `event Handler E;` are named by their first declarator. */
function declaratorName(node: Node): string | undefined {
  const declaration = childOfType(node, ['variable_declaration']);
  if (!declaration) return undefined;
  return childOfType(declaration, ['variable_declarator'])?.childForFieldName('name')?.text;
}

function operatorName(node: Node): string | undefined {
  const children = node.children;
  const at = children.findIndex((c) => c?.type === 'operator');
  const op = at >= 0 ? children[at + 1] : undefined;
  return op ? `operator ${op.text}` : undefined;
}

function isConst(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'const');
}

export const csharp: SyntaxSpec = {
  comments: ['comment'],
  strings: [
    'string_literal',
    'verbatim_string_literal',
    'raw_string_literal',
    'interpolated_string_expression',
  ],
  structure: {
    functions: {
      method_declaration: {},
      constructor_declaration: {},
      destructor_declaration: {},
      operator_declaration: {},
      conversion_operator_declaration: {},
      local_function_statement: {},
      accessor_declaration: {},
      lambda_expression: { lambda: true },
      anonymous_method_expression: { lambda: true },
    },
    bindings: ['variable_declarator', 'assignment_expression'],
    wrappers: ['parenthesized_expression', 'argument'],
    calls: ['invocation_expression'],
    arguments: ['argument_list'],
    blocks: ['block'],
    stub: 'brace',
    expressionBodies: 'block',
    expressionEnd: ';',
  },
  declarations: {
    rules: {
      namespace_declaration: { kind: 'module' },
      file_scoped_namespace_declaration: { kind: 'module' },
      class_declaration: { kind: 'class' },
      struct_declaration: { kind: 'struct' },
      interface_declaration: { kind: 'interface' },
      enum_declaration: { kind: 'enum' },
      enum_member_declaration: { kind: 'member' },
      record_declaration: { kind: 'record' },
      record_struct_declaration: { kind: 'record' },
      delegate_declaration: { kind: 'type' },
      method_declaration: { kind: 'method' },
      constructor_declaration: { kind: 'constructor' },
      destructor_declaration: { kind: 'method', name: (n) => `~${n.childForFieldName('name')?.text ?? ''}` },
      operator_declaration: { kind: 'method', name: operatorName },
      property_declaration: { kind: 'property' },
      indexer_declaration: { kind: 'property', name: () => 'this[]' },
      event_declaration: { kind: 'event' },
      event_field_declaration: { kind: 'event', name: declaratorName },
      field_declaration: { kind: (n) => (isConst(n) ? 'constant' : 'field'), name: declaratorName },
    },
    rangeParents: [],
    separator: '.',
    fileScoped: ['file_scoped_namespace_declaration'],
  },
};
