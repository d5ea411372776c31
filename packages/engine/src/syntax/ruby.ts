// Ruby: modules, classes, methods (`initialize` is the constructor), blocks, RSpec outlines.
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

function methodKind(node: Node, ctx: DeclarationContext): DeclarationKind {
  if (node.childForFieldName('name')?.text === 'initialize') return 'constructor';
  return ctx.parent === 'class' || ctx.parent === 'module' ? 'method' : 'function';
}

function constantName(node: Node): string | undefined {
  const left = node.childForFieldName('left');
  return left?.type === 'constant' ? left.text : undefined;
}

export const ruby: SyntaxSpec = {
  comments: ['comment'],
  keepComment: /^#!|^#\s*(frozen_string_literal|encoding|typed):/,
  strings: ['heredoc_body', 'string'],
  structure: {
    functions: {
      method: {},
      singleton_method: {},
      do_block: { lambda: true },
      block: { lambda: true },
    },
    bindings: [],
    wrappers: [],
    calls: [],
    arguments: [],
    blocks: ['body_statement', 'block_body'],
    stub: 'ruby',
    expressionBodies: 'keep',
  },
  declarations: {
    rules: {
      module: { kind: 'module' },
      class: { kind: 'class' },
      method: { kind: methodKind },
      singleton_method: { kind: 'method' },
      assignment: { kind: 'constant', name: constantName, moduleLevelOnly: true },
    },
    rangeParents: [],
    separator: '.',
  },
  outline: {
    style: 'ruby',
    groups: ['describe', 'context', 'feature', 'shared_examples', 'shared_examples_for', 'shared_context'],
    leaves: [
      'it',
      'specify',
      'example',
      'scenario',
      'its',
      'let',
      'let!',
      'subject',
      'before',
      'after',
      'around',
    ],
  },
};
