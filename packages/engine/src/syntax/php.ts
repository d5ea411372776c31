// PHP: namespaces, classes, interfaces, traits, enums; `__construct` is the constructor.
import type { Node } from 'web-tree-sitter';
import { childOfType, type SyntaxSpec } from './spec';

function propertyName(node: Node): string | undefined {
  const element = childOfType(node, ['property_element']);
  return element?.childForFieldName('name')?.text.replace(/^\$/, '');
}

function constName(node: Node): string | undefined {
  return childOfType(node, ['const_element'])?.namedChildren.find((c) => c?.type === 'name')?.text;
}

export const php: SyntaxSpec = {
  comments: ['comment'],
  strings: ['string', 'encapsed_string', 'heredoc', 'nowdoc'],
  structure: {
    functions: {
      function_definition: {},
      method_declaration: {},
      anonymous_function: { lambda: true },
      anonymous_function_creation_expression: { lambda: true },
      arrow_function: { lambda: true },
    },
    bindings: ['assignment_expression', 'array_element_initializer'],
    wrappers: ['parenthesized_expression', 'argument'],
    calls: ['function_call_expression'],
    arguments: ['arguments'],
    blocks: ['compound_statement'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      namespace_definition: { kind: 'module' },
      class_declaration: { kind: 'class' },
      interface_declaration: { kind: 'interface' },
      trait_declaration: { kind: 'trait' },
      enum_declaration: { kind: 'enum' },
      enum_case: { kind: 'member' },
      function_definition: { kind: 'function' },
      method_declaration: {
        kind: (n) => (n.childForFieldName('name')?.text === '__construct' ? 'constructor' : 'method'),
      },
      property_declaration: { kind: 'property', name: propertyName },
      const_declaration: { kind: 'constant', name: constName },
    },
    rangeParents: [],
    separator: '::',
    fileScoped: ['namespace_definition'],
  },
};
