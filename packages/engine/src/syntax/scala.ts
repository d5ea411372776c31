// Scala 2 and 3: classes, objects, traits, enums, defs (block, expression and indented bodies).
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

function valueName(node: Node): string | undefined {
  const pattern = node.childForFieldName('pattern');
  return pattern?.type === 'identifier' ? pattern.text : undefined;
}

function valueKind(node: Node, ctx: DeclarationContext): DeclarationKind {
  if (ctx.parent) return 'field';
  return node.type === 'val_definition' ? 'constant' : 'variable';
}

export const scala: SyntaxSpec = {
  comments: ['comment', 'block_comment'],
  strings: ['string', 'interpolated_string_expression'],
  structure: {
    functions: {
      function_definition: {},
      lambda_expression: { lambda: true, body: ['block', 'indented_block'] },
    },
    bindings: ['val_definition', 'var_definition'],
    wrappers: ['parenthesized_expression'],
    calls: ['call_expression'],
    arguments: ['arguments'],
    blocks: ['block', 'indented_block'],
    stub: 'brace',
    expressionBodies: 'block',
  },
  declarations: {
    rules: {
      class_definition: { kind: 'class' },
      object_definition: { kind: 'object' },
      trait_definition: { kind: 'trait' },
      enum_definition: { kind: 'enum' },
      simple_enum_case: { kind: 'member' },
      full_enum_case: { kind: 'member' },
      function_definition: { kind: (_, ctx) => (ctx.parent ? 'method' : 'function') },
      function_declaration: { kind: (_, ctx) => (ctx.parent ? 'method' : 'function') },
      val_definition: { kind: valueKind, name: valueName, moduleLevelOnly: true },
      var_definition: { kind: valueKind, name: valueName, moduleLevelOnly: true },
      type_definition: { kind: 'type' },
    },
    rangeParents: [],
    separator: '.',
  },
};
