// Python: indentation bodies, docstrings, decorators.
import type { Node } from 'web-tree-sitter';
import type { DeclarationContext, DeclarationKind, SyntaxSpec } from './spec';

function assignmentName(node: Node): string | undefined {
  const left = node.childForFieldName('left');
  return left?.type === 'identifier' ? left.text : undefined;
}

/** What a class attribute's value makes it: `x = property(get_x)` a property, `f = staticmethod(g)` a method. */
function attributeKind(node: Node): DeclarationKind {
  const value = node.childForFieldName('right');
  if (value?.type === 'lambda') return 'method';
  if (value?.type !== 'call') return 'field';
  const callee = value.childForFieldName('function')?.text.split('.').pop() ?? '';
  if (callee === 'property' || callee === 'cached_property') return 'property';
  return callee === 'staticmethod' || callee === 'classmethod' ? 'method' : 'field';
}

/** `@property`, `@cached_property`, `@x.setter`: the method is read as an attribute. */
const PROPERTY_DECORATOR = /^@\s*(?:[\w.]*\.)?(?:property|cached_property|getter|setter|deleter)\s*$/;

function functionKind(node: Node, ctx: DeclarationContext): DeclarationKind {
  if (ctx.parent !== 'class') return 'function';
  if (node.childForFieldName('name')?.text === '__init__') return 'constructor';
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : undefined;
  const decorators = decorated?.namedChildren.filter((c) => c?.type === 'decorator') ?? [];
  return decorators.some((d) => PROPERTY_DECORATOR.test(d!.text)) ? 'property' : 'method';
}

function assignmentKind(node: Node, ctx: DeclarationContext): DeclarationKind | undefined {
  // Only statement-level assignments: `a = b = 1` declares `a` once.
  if (node.parent?.type !== 'expression_statement') return undefined;
  if (ctx.parent === 'class') return attributeKind(node);
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
      function_definition: { kind: functionKind },
      assignment: { kind: assignmentKind, name: assignmentName, moduleLevelOnly: true },
      type_alias_statement: { kind: 'type', name: (n) => n.childForFieldName('left')?.text },
    },
    rangeParents: ['decorated_definition', 'expression_statement'],
    separator: '.',
  },
};
