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

/** `:name` or `"name"` (no interpolation) as a name. */
function literalName(node: Node | null | undefined): string | undefined {
  if (node?.type === 'simple_symbol') return node.text.slice(1);
  if (node?.type !== 'string' || node.namedChildCount !== 1) return undefined;
  const content = node.namedChildren[0];
  return content?.type === 'string_content' ? content.text : undefined;
}

const DEFINES = new Set(['define_method', 'define_singleton_method', 'alias_method']);
const ATTRIBUTES = new Set(['attr_reader', 'attr_writer', 'attr_accessor']);

const methodOf = (call: Node | null | undefined) =>
  call?.type === 'call' && !call.childForFieldName('receiver')
    ? call.childForFieldName('method')?.text
    : undefined;

/** `define_method(:name) do … end`, `alias_method :new, :old`: the name they define. */
function definedName(node: Node): string | undefined {
  if (!DEFINES.has(methodOf(node) ?? '')) return undefined;
  const args = node.childForFieldName('arguments');
  return literalName(args?.namedChildren[0]);
}

/** One name of `attr_reader :a, :b` (each symbol is a declaration). */
function attributeName(node: Node): string | undefined {
  const args = node.parent;
  return args?.type === 'argument_list' && ATTRIBUTES.has(methodOf(args.parent) ?? '')
    ? literalName(node)
    : undefined;
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
      // Methods and readers a class body defines by calling: `define_method(:x)`, `attr_reader :a`.
      call: {
        kind: (n) => (definedName(n) ? 'method' : undefined),
        name: definedName,
        moduleLevelOnly: true,
        where: [
          '((call method: (identifier) @m) @d (#match? @m "^(define_method|define_singleton_method|alias_method)$"))',
        ],
      },
      simple_symbol: {
        kind: (n) => (attributeName(n) ? 'property' : undefined),
        name: attributeName,
        where: [
          '((call method: (identifier) @m arguments: (argument_list (simple_symbol) @d)) (#match? @m "^attr_(reader|writer|accessor)$"))',
        ],
      },
      alias: { kind: 'method' },
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
