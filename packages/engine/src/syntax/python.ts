// Python: indentation bodies, docstrings, decorators.
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

function assignmentName(node: Node): string | undefined {
  const left = node.childForFieldName('left');
  return left?.type === 'identifier' ? left.text : undefined;
}

function assignmentKind(node: Node, ctx: DeclarationContext): DeclarationKind | undefined {
  // Only statement-level assignments: `a = b = 1` declares `a` once.
  if (node.parent?.type !== 'expression_statement') return undefined;
  if (ctx.parent === 'class') return 'field';
  const name = assignmentName(node) ?? '';
  return /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable';
}

export const python: SyntaxSpec = {
  comments: ['comment'],
  keepComment: /^#!|^#.*coding[:=]/,
  strings: ['string', 'concatenated_string'],
  docstrings: true,
  structure: {
    functions: { function_definition: {}, lambda: { lambda: true } },
    bindings: [],
    wrappers: [],
    calls: [],
    arguments: [],
    blocks: ['block'],
    stub: 'python',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      class_definition: { kind: 'class' },
      function_definition: {
        kind: (n, ctx) =>
          ctx.parent === 'class'
            ? n.childForFieldName('name')?.text === '__init__'
              ? 'constructor'
              : 'method'
            : 'function',
      },
      assignment: { kind: assignmentKind, name: assignmentName, moduleLevelOnly: true },
      type_alias_statement: { kind: 'type', name: (n) => n.childForFieldName('left')?.text },
    },
    rangeParents: ['decorated_definition', 'expression_statement'],
    separator: '.',
  },
};
