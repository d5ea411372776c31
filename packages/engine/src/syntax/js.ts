// JavaScript, TypeScript and TSX (one family: TypeScript's grammar extends JavaScript's).
import type { Node } from 'web-tree-sitter';
import { definePropertyCall, inDescriptor, memberAssignment, objectOwner, pairMember } from './js-dynamic';
import { type DeclarationKind, hasToken, type SyntaxSpec } from './spec';

const FUNCTION_VALUES = ['arrow_function', 'function_expression', 'function', 'generator_function'];
const CLASS_VALUES = ['class'];

/** Members of interfaces and type literals named by a type alias, not of inline object types. */
function memberOf(kind: DeclarationKind) {
  return (node: Node): DeclarationKind | undefined => {
    const parent = node.parent;
    if (parent?.type === 'interface_body') return kind;
    return parent?.type === 'object_type' && parent.parent?.type === 'type_alias_declaration'
      ? kind
      : undefined;
  };
}

function unquote(text: string | undefined): string | undefined {
  return text?.replace(/^['"`]|['"`]$/g, '');
}

function methodKind(node: Node): DeclarationKind | undefined {
  if (inDescriptor(node)) return undefined; // `get() {}` of `Object.defineProperty(o, 'x', { get() {} })`
  if (node.childForFieldName('name')?.text === 'constructor') return 'constructor';
  return hasToken(node, 'get') || hasToken(node, 'set') ? 'property' : 'method';
}

function variableKind(node: Node): DeclarationKind | undefined {
  const value = node.childForFieldName('value');
  if (value && FUNCTION_VALUES.includes(value.type)) return 'function';
  if (value && CLASS_VALUES.includes(value.type)) return 'class';
  return node.parent && hasToken(node.parent, 'const') ? 'constant' : 'variable';
}

/** Only plain identifiers name a variable; destructuring patterns declare nothing searchable. */
function variableName(node: Node): string | undefined {
  const name = node.childForFieldName('name');
  return name?.type === 'identifier' ? name.text : undefined;
}

export const js: SyntaxSpec = {
  comments: ['comment', 'html_comment'],
  keepComment: /^\/\/\/\s*<reference/,
  strings: ['template_string', 'string'],
  structure: {
    functions: {
      function_declaration: {},
      generator_function_declaration: {},
      method_definition: {},
      function_expression: { lambda: true },
      function: { lambda: true },
      generator_function: { lambda: true },
      arrow_function: { lambda: true },
    },
    bindings: [
      'variable_declarator',
      'pair',
      'assignment_expression',
      'public_field_definition',
      'field_definition',
      'export_statement',
    ],
    wrappers: ['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression'],
    calls: ['call_expression'],
    arguments: ['arguments'],
    blocks: ['statement_block'],
    stub: 'brace',
    expressionBodies: 'block',
  },
  declarations: {
    rules: {
      class_declaration: { kind: 'class' },
      abstract_class_declaration: { kind: 'class' },
      class: { kind: 'class' },
      interface_declaration: { kind: 'interface' },
      type_alias_declaration: { kind: 'type' },
      enum_declaration: { kind: 'enum' },
      enum_assignment: { kind: 'member' },
      internal_module: { kind: 'module' },
      module: { kind: 'module', name: (n) => unquote(n.childForFieldName('name')?.text) },
      function_declaration: { kind: 'function' },
      generator_function_declaration: { kind: 'function' },
      function_signature: { kind: 'function' },
      method_definition: { kind: methodKind, qualifier: objectOwner, absolute: true },
      method_signature: { kind: memberOf('method') },
      abstract_method_signature: { kind: memberOf('method') },
      property_signature: { kind: memberOf('property') },
      public_field_definition: {
        kind: (n) =>
          FUNCTION_VALUES.includes(n.childForFieldName('value')?.type ?? '') ? 'method' : 'field',
      },
      field_definition: {
        kind: (n) =>
          FUNCTION_VALUES.includes(n.childForFieldName('value')?.type ?? '') ? 'method' : 'field',
        name: 'property',
      },
      variable_declarator: { kind: variableKind, name: variableName, moduleLevelOnly: true },
      // CommonJS and other declarations made by running code (js-dynamic.ts).
      assignment_expression: memberAssignment,
      call_expression: definePropertyCall,
      pair: pairMember,
    },
    rangeParents: ['export_statement', 'lexical_declaration', 'variable_declaration', 'ambient_declaration'],
    separator: '.',
  },
  outline: {
    style: 'js',
    groups: ['describe', 'suite', 'context', 'fdescribe', 'xdescribe'],
    leaves: [
      'it',
      'test',
      'bench',
      'specify',
      'fit',
      'xit',
      'beforeEach',
      'afterEach',
      'beforeAll',
      'afterAll',
      'before',
      'after',
    ],
  },
};
