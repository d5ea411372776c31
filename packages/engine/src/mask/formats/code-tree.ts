// Where a string literal bound to a name is, as tree-sitter parses the file. The gate
// (formats/code.ts) proposes `name <operator> <quote>` places; the tree confirms each: the
// operator is a real token of a binding (assignment, declaration, object or struct field, dict
// pair, keyword or named argument, default parameter), the name is on its left, and the value on
// its right is a plain string literal (no interpolation). Per language, only node type names.
import type { Node, Tree } from 'web-tree-sitter';
import type { TextSpan } from './pem';

export type CodeLanguage =
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'tsx'
  | 'php'
  | 'ruby'
  | 'go'
  | 'java'
  | 'csharp';

/** A place the gate found: a secret-named identifier, its operator, and the quote after it. */
export interface Binding {
  nameStart: number;
  nameEnd: number;
  op: number;
  opEnd: number;
  quote: number;
}

/** A literal's content span and the binding that names it. */
export interface BoundLiteral extends TextSpan {
  binding: Binding;
}

interface Shape {
  /** Binding node types and the operator tokens that bind inside them. */
  bindings: Record<string, readonly string[]>;
  /** String literal node types. */
  strings: ReadonlySet<string>;
}

const JS: Shape = {
  bindings: {
    variable_declarator: ['='],
    assignment_expression: ['='],
    pair: [':'],
    assignment_pattern: ['='],
    required_parameter: ['='],
    optional_parameter: ['='],
    public_field_definition: ['='],
    field_definition: ['='],
  },
  strings: new Set(['string', 'template_string']),
};

const SHAPES: Record<CodeLanguage, Shape> = {
  python: {
    bindings: {
      assignment: ['='],
      keyword_argument: ['='],
      default_parameter: ['='],
      typed_default_parameter: ['='],
      pair: [':'],
      named_expression: [':='],
    },
    strings: new Set(['string', 'concatenated_string']),
  },
  javascript: JS,
  typescript: JS,
  tsx: JS,
  php: {
    bindings: {
      assignment_expression: ['='],
      array_element_initializer: ['=>'],
      simple_parameter: ['='],
      property_promotion_parameter: ['='],
      property_element: ['='],
      const_element: ['='],
      argument: [':'],
    },
    strings: new Set(['string', 'encapsed_string']),
  },
  ruby: {
    bindings: { assignment: ['='], pair: ['=>', ':'], optional_parameter: ['='], keyword_parameter: [':'] },
    strings: new Set(['string']),
  },
  go: {
    bindings: {
      short_var_declaration: [':='],
      var_spec: ['='],
      const_spec: ['='],
      assignment_statement: ['='],
      keyed_element: [':'],
    },
    strings: new Set(['interpreted_string_literal', 'raw_string_literal']),
  },
  java: {
    bindings: { variable_declarator: ['='], assignment_expression: ['='], element_value_pair: ['='] },
    strings: new Set(['string_literal']),
  },
  csharp: {
    bindings: {
      variable_declarator: ['='],
      assignment_expression: ['='],
      property_declaration: ['='],
      parameter: ['='],
      argument: [':'],
      anonymous_object_creation_expression: ['='],
    },
    strings: new Set([
      'string_literal',
      'verbatim_string_literal',
      'raw_string_literal',
      'interpolated_string_expression',
    ]),
  },
};

/** Leaves a name can be: identifiers of every kind, symbols, and the content of a string key. */
const NAMES = new Set([
  'identifier',
  'property_identifier',
  'field_identifier',
  'shorthand_property_identifier',
  'name',
  'variable_name',
  'constant',
  'instance_variable',
  'class_variable',
  'global_variable',
  'hash_key_symbol',
  'simple_symbol',
  'string_content',
  'string_fragment',
  'interpreted_string_literal_content',
  'string_literal_content',
]);

/** Name lists: `a, b = …` pairs names and values by position. */
const LIST = new Set(['pattern_list', 'expression_list', 'left_assignment_list', 'tuple_pattern']);

/** Nodes between a name and its binding: member access, subscripts, string keys, name lists. */
const NAME_PATHS = new Set([
  'attribute',
  'member_expression',
  'subscript',
  'subscript_expression',
  'element_reference',
  'selector_expression',
  'field_access',
  'member_access_expression',
  'call',
  'variable_name',
  'string',
  'encapsed_string',
  'interpreted_string_literal',
  'string_literal',
  'literal_element',
  'simple_symbol',
  ...LIST,
]);

/** Wrappers around a value: parentheses, Go's literal element, TypeScript's `as` and `!`. */
const WRAPPERS = new Set([
  'parenthesized_expression',
  'literal_element',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
]);

/** The text of a literal between its delimiters; anything else inside (an interpolation) makes it a template. */
const CONTENT = new Set([
  'string_content',
  'string_fragment',
  'escape_sequence',
  'interpreted_string_literal_content',
  'raw_string_literal_content',
  'multiline_string_fragment',
  'raw_string_content',
  'string_literal_content',
]);

const opening = (n: Node) => !n.isNamed || n.type.endsWith('_start');
const closing = (n: Node) => !n.isNamed || n.type.endsWith('_end');

/** The content span of a plain string literal node, or undefined for a template or an empty string. */
function content(node: Node, text: string): TextSpan | undefined {
  const children = node.children.filter((c): c is Node => c !== null);
  if (children.length === 0) {
    // A literal that is one token (C#'s verbatim @"…"): its delimiters are its first and last quotes.
    const raw = text.slice(node.startIndex, node.endIndex);
    const open = raw.indexOf('"');
    return open >= 0 && raw.length - 1 > open + 1
      ? { start: node.startIndex + open + 1, end: node.endIndex - 1 }
      : undefined;
  }
  let i = 0;
  while (i < children.length && opening(children[i]!)) i++;
  let j = children.length;
  while (j > i && closing(children[j - 1]!)) j--;
  if (i === 0 || j === children.length) return undefined;
  for (let k = i; k < j; k++) if (!CONTENT.has(children[k]!.type)) return undefined;
  const start = children[i - 1]!.endIndex;
  const end = children[j]!.startIndex;
  return end > start ? { start, end } : undefined;
}

/** The value node on the right of `op`, by the name's place in a name list (`a, b = x, y`). */
function boundValue(op: Node, index: number | undefined): Node | undefined {
  let value: Node | null = op.nextNamedSibling;
  while (value?.type === 'comment') value = value.nextNamedSibling;
  while (value && (WRAPPERS.has(value.type) || LIST.has(value.type))) {
    if (LIST.has(value.type)) {
      const k = index ?? (value.namedChildCount === 1 ? 0 : -1);
      value = k >= 0 ? value.namedChild(k) : null;
      index = undefined;
    } else value = value.firstNamedChild;
  }
  return value ?? undefined;
}

/** The literal value spans the tree confirms for the gate's bindings. */
export function boundLiterals(
  tree: Tree,
  text: string,
  bindings: readonly Binding[],
  language: CodeLanguage,
): BoundLiteral[] {
  const shape = SHAPES[language];
  const root = tree.rootNode;
  const out: BoundLiteral[] = [];
  for (const b of bindings) {
    const op = root.descendantForIndex(b.op, b.opEnd);
    const binding = op?.parent;
    if (!op || !binding || op.childCount > 0 || op.type !== text.slice(b.op, b.opEnd)) continue;
    if (!shape.bindings[binding.type]?.includes(op.type)) continue;
    const leaf = root.descendantForIndex(b.nameStart, b.nameEnd);
    if (
      !leaf ||
      !NAMES.has(leaf.type) ||
      leaf.startIndex < binding.startIndex ||
      leaf.endIndex > op.startIndex
    )
      continue;
    // From the name up to the binding only through name paths; a name list gives the name's index.
    let index: number | undefined;
    let node: Node = leaf;
    let ok = true;
    while (node.parent && node.parent.id !== binding.id) {
      const parent: Node = node.parent;
      if (!NAME_PATHS.has(parent.type)) {
        ok = false;
        break;
      }
      if (LIST.has(parent.type)) index = parent.namedChildren.findIndex((c) => c?.id === node.id);
      node = parent;
    }
    if (!ok) continue;
    const value = boundValue(op, index);
    if (!value) continue;
    const parts = value.type === 'concatenated_string' ? value.namedChildren : [value];
    for (const part of parts) {
      if (!part || !shape.strings.has(part.type)) continue;
      const span = content(part, text);
      if (span) out.push({ ...span, binding: b });
    }
  }
  return out;
}
