// Kotlin: classes and interfaces (one node type, told apart by keyword), objects, properties
// with accessors, init blocks, secondary constructors.
import type { Node } from 'web-tree-sitter';
import {
  childOfType,
  type DeclarationContext,
  type DeclarationKind,
  hasToken,
  type SyntaxSpec,
} from './spec';

function classKind(node: Node): DeclarationKind {
  if (hasToken(node, 'interface')) return 'interface';
  const modifiers = childOfType(node, ['modifiers']);
  return modifiers && /\benum\b/.test(modifiers.text) ? 'enum' : 'class';
}

function propertyName(node: Node): string | undefined {
  return childOfType(node, ['variable_declaration'])?.namedChildren.find((c) => c?.type === 'identifier')
    ?.text;
}

function propertyKind(node: Node, ctx: DeclarationContext): DeclarationKind {
  const modifiers = childOfType(node, ['modifiers']);
  if (modifiers && /\bconst\b/.test(modifiers.text)) return 'constant';
  return ctx.parent ? 'property' : hasToken(node, 'val') ? 'constant' : 'variable';
}

export const kotlin: SyntaxSpec = {
  comments: ['line_comment', 'block_comment'],
  strings: ['string_literal', 'multiline_string_literal'],
  structure: {
    functions: {
      function_declaration: { body: ['function_body'] },
      secondary_constructor: { body: ['block'] },
      getter: { body: ['function_body'] },
      setter: { body: ['function_body'] },
      anonymous_initializer: { body: ['block'] },
      anonymous_function: { lambda: true, body: ['function_body'] },
      lambda_literal: { lambda: true, body: [] },
    },
    bindings: [],
    wrappers: [],
    calls: [],
    arguments: [],
    blocks: ['function_body', 'block'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      class_declaration: { kind: classKind },
      object_declaration: { kind: 'object' },
      companion_object: { kind: 'object', name: (n) => n.childForFieldName('name')?.text ?? 'Companion' },
      function_declaration: { kind: (_, ctx) => (ctx.parent ? 'method' : 'function') },
      secondary_constructor: { kind: 'constructor', name: () => 'constructor' },
      property_declaration: { kind: propertyKind, name: propertyName, moduleLevelOnly: true },
      type_alias: { kind: 'type', name: 'type' },
      enum_entry: { kind: 'member', name: (n) => childOfType(n, ['identifier'])?.text },
    },
    rangeParents: [],
    separator: '.',
  },
};
