// Rust: items, impl and trait blocks (methods qualify as `Type::method`), macros.
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

/** `impl<T> Display for Wrapper<T>` -> `Wrapper`. */
function implName(node: Node): string | undefined {
  const type = node.childForFieldName('type');
  if (!type) return undefined;
  if (type.type === 'type_identifier') return type.text;
  return (type.childForFieldName('type') ?? type.descendantsOfType('type_identifier')[0])?.text ?? type.text;
}

function fnKind(_: Node, ctx: DeclarationContext): DeclarationKind {
  return ctx.parent === 'impl' || ctx.parent === 'trait' ? 'method' : 'function';
}

export const rust: SyntaxSpec = {
  comments: ['line_comment', 'block_comment'],
  strings: ['string_literal', 'raw_string_literal'],
  structure: {
    functions: { function_item: {}, closure_expression: { lambda: true } },
    bindings: ['let_declaration', 'const_item', 'static_item', 'assignment_expression'],
    wrappers: ['parenthesized_expression'],
    calls: ['call_expression'],
    arguments: ['arguments'],
    blocks: ['block'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      function_item: { kind: fnKind },
      function_signature_item: { kind: fnKind },
      struct_item: { kind: 'struct' },
      enum_item: { kind: 'enum' },
      enum_variant: { kind: 'member' },
      union_item: { kind: 'union' },
      trait_item: { kind: 'trait' },
      impl_item: { kind: 'impl', name: implName },
      mod_item: { kind: 'module' },
      const_item: { kind: 'constant' },
      static_item: { kind: 'constant' },
      type_item: { kind: 'type' },
      associated_type: { kind: 'type' },
      macro_definition: { kind: 'macro' },
      field_declaration: { kind: 'field' },
    },
    rangeParents: [],
    separator: '::',
    leading: ['attribute_item'],
  },
};
