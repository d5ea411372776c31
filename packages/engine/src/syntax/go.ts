// Go: functions, methods with receivers, types, constants.
import type { Node } from 'web-tree-sitter';
import type { SyntaxSpec } from './spec';

/** `func (s *Server[T]) Serve()` -> `Server`. */
function receiverType(node: Node): string | undefined {
  const receiver = node.childForFieldName('receiver');
  if (!receiver) return undefined;
  return receiver.descendantsOfType('type_identifier')[0]?.text;
}

export const go: SyntaxSpec = {
  comments: ['comment'],
  keepComment: /^\/\/(go:|\s*\+build)/,
  strings: ['raw_string_literal', 'interpreted_string_literal'],
  structure: {
    functions: { function_declaration: {}, method_declaration: {}, func_literal: { lambda: true } },
    bindings: ['var_spec', 'short_var_declaration', 'assignment_statement', 'keyed_element'],
    wrappers: ['expression_list', 'parenthesized_expression', 'literal_element'],
    calls: ['call_expression'],
    arguments: ['argument_list'],
    blocks: ['block'],
    stub: 'brace',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      function_declaration: { kind: 'function' },
      method_declaration: { kind: 'method', qualifier: receiverType },
      type_spec: {
        kind: (n) => {
          const type = n.childForFieldName('type')?.type;
          return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
        },
      },
      type_alias: { kind: 'type' },
      const_spec: { kind: 'constant', moduleLevelOnly: true },
      var_spec: { kind: 'variable', moduleLevelOnly: true },
      field_declaration: { kind: 'field' },
      method_elem: { kind: 'method' },
      method_spec: { kind: 'method' },
    },
    rangeParents: [],
    separator: '.',
  },
};
