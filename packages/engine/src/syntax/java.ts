// Java: classes, interfaces, enums, records, annotations.
import type { Node } from 'web-tree-sitter';
import type { SyntaxSpec } from './spec';

/** `int a = 1, b;` declares `a` (the first declarator names the field). */
function declaratorName(node: Node): string | undefined {
  return node.childForFieldName('declarator')?.childForFieldName('name')?.text;
}

function isConstant(node: Node): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
  return /\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers);
}

export const java: SyntaxSpec = {
  comments: ['line_comment', 'block_comment'],
  strings: ['string_literal'],
  structure: {
    functions: {
      method_declaration: {},
      constructor_declaration: {},
      compact_constructor_declaration: {},
      lambda_expression: { lambda: true },
    },
    bindings: ['variable_declarator', 'assignment_expression'],
    wrappers: ['parenthesized_expression'],
    calls: ['method_invocation'],
    arguments: ['argument_list'],
    blocks: ['block', 'constructor_body'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      class_declaration: { kind: 'class' },
      interface_declaration: { kind: 'interface' },
      annotation_type_declaration: { kind: 'interface' },
      enum_declaration: { kind: 'enum' },
      enum_constant: { kind: 'member' },
      record_declaration: { kind: 'record' },
      method_declaration: { kind: 'method' },
      annotation_type_element_declaration: { kind: 'method' },
      constructor_declaration: { kind: 'constructor' },
      compact_constructor_declaration: { kind: 'constructor' },
      field_declaration: { kind: (n) => (isConstant(n) ? 'constant' : 'field'), name: declaratorName },
      constant_declaration: { kind: 'constant', name: declaratorName },
    },
    rangeParents: [],
    separator: '.',
  },
};
