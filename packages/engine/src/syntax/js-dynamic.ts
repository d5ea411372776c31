// JavaScript's declarations made by running code rather than by declaration syntax, as CommonJS
// libraries write them: `res.send = function …`, `exports.x = …`, `module.exports.x = …`, members
// of `module.exports = { … }` and `X.prototype = { … }`, `X.prototype.y = function …`, and
// properties defined by a call: `Object.defineProperty(obj, 'name', { get … })`, a
// `defineGetter(obj, 'name', fn)`-style helper (an owner, a string literal name, a function) and
// the members of `Object.defineProperties(obj, { … })`. What stays out is in docs/search.md.
import type { Node } from 'web-tree-sitter';
import type { DeclarationKind, DeclarationRule } from './spec';

const FUNCTIONS = ['arrow_function', 'function_expression', 'function', 'generator_function'];
/** Around an expression without changing what it is: `(x)`, `x as T`, `x!`, `x satisfies T`. */
const WRAPPERS = ['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression'];

/**
 * `f` remembered for the last node it was asked about: a rule asks its kind, name and qualifier of
 * the same node in a row, and each would walk the same children (and parents, which cost most).
 */
function perNode<T>(f: (node: Node) => T): (node: Node) => T {
  let last: { tree: unknown; id: number; value: T } | undefined;
  return (node) => {
    if (last && last.id === node.id && last.tree === node.tree) return last.value;
    const value = f(node);
    last = { tree: node.tree, id: node.id, value };
    return value;
  };
}

function unwrap(node: Node | null): Node | null {
  let n = node;
  while (n && WRAPPERS.includes(n.type)) n = n.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
  return n;
}

/** `a.b.c` as its names, or undefined for anything else (`this`, calls, `a[0]`). */
function chain(node: Node | null): string[] | undefined {
  const n = unwrap(node);
  if (!n) return undefined;
  if (n.type === 'identifier') return [n.text];
  if (n.type !== 'member_expression') return undefined;
  const property = n.childForFieldName('property');
  if (property?.type !== 'property_identifier') return undefined;
  const object = chain(n.childForFieldName('object'));
  return object ? [...object, property.text] : undefined;
}

const isExports = (names: readonly string[]) =>
  (names.length === 1 && names[0] === 'exports') ||
  (names.length === 2 && names[0] === 'module' && names[1] === 'exports');

/** The owner as agents write it: `View` for `View.prototype`. */
const owner = (names: readonly string[]) => names.filter((n) => n !== 'prototype').join('.');

/** The value an assignment stores (through `a = b = f`, which stores f in both). */
function storedValue(node: Node): Node | null {
  let value = unwrap(node.childForFieldName('right'));
  while (value?.type === 'assignment_expression') value = unwrap(value.childForFieldName('right'));
  return value;
}

/**
 * What storing `value` declares: a function or a class anywhere; any other value only as an
 * export or on a prototype (`app.limit = 2` in an example configures something, it defines nothing).
 */
function valueKind(
  value: Node | null,
  member: DeclarationKind,
  object: readonly string[],
): DeclarationKind | undefined {
  if (value && FUNCTIONS.includes(value.type)) return member;
  if (value?.type === 'class') return 'class';
  if (member === 'function') return 'variable';
  return object.includes('prototype') ? 'property' : undefined;
}

interface Member {
  /** Names before the member (`res`, `View.prototype`, `module.exports`). */
  object: string[];
  name: string;
}

/** The member an assignment statement writes, or undefined. */
const assignedMember = perNode((node: Node): Member | undefined => {
  const parent = node.parent?.type;
  if (parent !== 'expression_statement' && parent !== 'assignment_expression') return undefined;
  const names = chain(node.childForFieldName('left'));
  if (!names || names.length < 2) return undefined;
  const name = names[names.length - 1]!;
  const object = names.slice(0, -1);
  // `X.prototype = { … }` and `module.exports = { … }` declare their members, not themselves.
  if (name === 'prototype' || isExports(names)) return undefined;
  return { object, name };
});

function namedFunction(value: Node | null): string | undefined {
  return value && FUNCTIONS.includes(value.type) ? value.childForFieldName('name')?.text : undefined;
}

/** `x.y = …`, `exports.x = …`, `X.prototype.y = …`, and `module.exports = function name() {}`. */
export const memberAssignment: DeclarationRule = {
  kind: (node) => {
    const value = storedValue(node);
    const member = assignedMember(node);
    if (!member) {
      const names = chain(node.childForFieldName('left'));
      return names && isExports(names) && namedFunction(value) ? 'function' : undefined;
    }
    // A named class expression is declared by its own name (the `class` rule).
    if (value?.type === 'class' && value.childForFieldName('name')) return undefined;
    return valueKind(value, isExports(member.object) ? 'function' : 'method', member.object);
  },
  name: (node) => assignedMember(node)?.name ?? namedFunction(storedValue(node)),
  qualifier: (node) => {
    const member = assignedMember(node);
    return member && !isExports(member.object) ? owner(member.object) : undefined;
  },
  absolute: true,
  moduleLevelOnly: true,
  where: [
    '(expression_statement (assignment_expression) @d)',
    '(assignment_expression right: (assignment_expression) @d)',
  ],
};

function stringName(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'string') return undefined;
  const parts = node.namedChildren.filter((c) => c?.type === 'string_fragment');
  return parts.length === 1 && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(parts[0]!.text)
    ? parts[0]!.text
    : undefined;
}

/** The arguments of a call statement, comments left out. */
function callArguments(node: Node): Node[] | undefined {
  const args = node.childForFieldName('arguments');
  return args?.type === 'arguments'
    ? args.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment')
    : undefined;
}

const calleeIs = (call: Node, name: RegExp) => name.test(call.childForFieldName('function')?.text ?? '');

/** A property descriptor (`{ get() {…} }`, `{ value: function … }`): what kind of member it defines. */
function descriptorKind(node: Node | null): DeclarationKind | undefined {
  if (node?.type !== 'object') return undefined;
  let kind: DeclarationKind | undefined;
  for (const m of node.namedChildren) {
    const key =
      m?.type === 'pair'
        ? m.childForFieldName('key')?.text
        : m?.type === 'method_definition'
          ? m.childForFieldName('name')?.text
          : undefined;
    if (key === 'get' || key === 'set') return 'property';
    if (key === 'value')
      kind =
        m?.type === 'method_definition' ||
        FUNCTIONS.includes(unwrap(m!.childForFieldName('value'))?.type ?? '')
          ? 'method'
          : 'property';
  }
  return kind;
}

/** `Object.defineProperty(obj, 'name', descriptor)` or `defineGetter(obj, 'name', fn)`: [owner, name, kind]. */
const definedProperty = perNode((node: Node): [string, string, DeclarationKind] | undefined => {
  if (node.parent?.type !== 'expression_statement') return undefined;
  const args = callArguments(node);
  if (args?.length !== 3) return undefined;
  const target = chain(args[0]!);
  const name = stringName(args[1]);
  if (!target || !name) return undefined;
  const value = unwrap(args[2]!);
  if (value && FUNCTIONS.includes(value.type)) return [owner(target), name, 'property'];
  const kind = calleeIs(node, /(^|\.)defineProperty$/) ? descriptorKind(value) : undefined;
  return kind ? [owner(target), name, kind] : undefined;
});

export const definePropertyCall: DeclarationRule = {
  kind: (node) => definedProperty(node)?.[2],
  name: (node) => definedProperty(node)?.[1],
  qualifier: (node) => definedProperty(node)?.[0] || undefined,
  absolute: true,
  moduleLevelOnly: true,
  where: ['(expression_statement (call_expression) @d)'],
};

/** The object a member (pair or method) belongs to, when an assignment or a define call owns it. */
type Owned = { owner: string | undefined; exports: boolean; descriptor: boolean; defines: boolean };

function ownedBy(object: Node | null): Owned | undefined {
  if (object?.type !== 'object') return undefined;
  const parent = object.parent;
  if (parent?.type === 'assignment_expression' && parent.childForFieldName('right')?.id === object.id) {
    const names = chain(parent.childForFieldName('left'));
    if (!names) return undefined;
    if (isExports(names)) return { owner: undefined, exports: true, descriptor: false, defines: false };
    return { owner: owner(names), exports: false, descriptor: false, defines: false };
  }
  if (parent?.type === 'arguments' && parent.parent?.type === 'call_expression') {
    const call = parent.parent;
    const args = callArguments(call) ?? [];
    if (calleeIs(call, /(^|\.)defineProperties$/) && args.length === 2 && args[1]?.id === object.id) {
      const target = chain(args[0]!);
      return target ? { owner: owner(target), exports: false, descriptor: false, defines: true } : undefined;
    }
    // The descriptor of `defineProperty`: its get/set/value are the property, declared by the call.
    if (calleeIs(call, /(^|\.)defineProperty$/) && args[2]?.id === object.id)
      return { owner: undefined, exports: false, descriptor: true, defines: false };
  }
  // The descriptors inside `defineProperties(obj, { name: { get … } })`.
  if (parent?.type === 'pair' && ownedBy(parent.parent)?.defines)
    return { owner: undefined, exports: false, descriptor: true, defines: false };
  return undefined;
}

/** What owns the object a member (pair or method) stands in. */
const ownerOf = perNode((member: Node) => ownedBy(member.parent));

/** Whether a method or pair is part of a property descriptor (declared by its call, not itself). */
export function inDescriptor(node: Node): boolean {
  return ownerOf(node)?.descriptor === true;
}

/** The owner of a member of an owned object (`Router` for `Router.prototype = { handle … }`). */
export function objectOwner(node: Node): string | undefined {
  return ownerOf(node)?.owner;
}

function keyName(node: Node): string | undefined {
  const key = node.childForFieldName('key');
  if (key?.type === 'property_identifier') return key.text;
  return stringName(key);
}

/**
 * `{ name: function … }` anywhere (as `{ name() {} }` already is), and every member of
 * `module.exports = { … }` and of `Object.defineProperties(obj, { … })`.
 */
export const pairMember: DeclarationRule = {
  kind: (node) => {
    const owned = ownerOf(node);
    if (owned?.descriptor) return undefined;
    const value = unwrap(node.childForFieldName('value'));
    if (owned?.defines) return descriptorKind(value) ?? 'property';
    if (value && FUNCTIONS.includes(value.type)) return 'method';
    return owned?.exports && value?.type !== 'class' ? 'property' : undefined;
  },
  name: keyName,
  qualifier: objectOwner,
  absolute: true,
  where: [
    ...FUNCTIONS.map((f) => `(pair value: (${f})) @d`),
    '(pair value: (parenthesized_expression)) @d',
    '(assignment_expression right: (object (pair) @d))',
    '(arguments (object (pair) @d))',
  ],
};
