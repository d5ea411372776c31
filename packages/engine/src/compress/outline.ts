// The outline pass for test files: `describe`/`it`/`test` calls keep their names and lose their
// bodies; inside a group, nested groups and tests stay (folded) and everything else is folded
// into one line that says where it was.
import type { Node, Tree } from 'web-tree-sitter';
import { type Grammar, query } from '../parse/runtime';
import type { OutlineSpec, StructureSpec } from '../syntax/spec';
import { bodyOf, ONE_LINE_KEEP } from './structure';
import { braceStub, foldStub, rubyStub, type StubContext } from './stubs';
import type { Edit } from './text';
import type { Span } from './trims';

export interface OutlineInput extends StubContext {
  grammar: Grammar;
  tree: Tree;
  spec: OutlineSpec;
  structure: StructureSpec;
}

export interface OutlineResult {
  edits: Edit[];
  /** Callbacks handled here; the signatures pass leaves them alone. */
  handled: Span[];
  tests: number;
}

const JS_CALLS = '(call_expression function: (_) @callee arguments: (arguments) @args) @call';
const RUBY_CALLS = '(call method: (identifier) @callee block: [(do_block) (block)] @args) @call';

/**
 * The names along a callee: `describe` -> [describe]; `test.describe.parallel` -> [test,
 * describe, parallel]; `describe.each([...])` -> [describe, each]. Root first.
 */
function calleeNames(node: Node): string[] {
  const names: string[] = [];
  let current: Node | null = node;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current.type === 'identifier') {
      names.unshift(current.text);
      return names;
    }
    if (current.type === 'member_expression') {
      const property = current.childForFieldName('property');
      if (property) names.unshift(property.text);
      current = current.childForFieldName('object');
    } else if (current.type === 'call_expression') current = current.childForFieldName('function');
    else return [];
  }
  return [];
}

interface TestCall {
  call: Node;
  kind: 'group' | 'leaf';
  /** The callback (JS) or block (Ruby). */
  callback: Node;
  /** Its body, whose contents are folded or emptied. */
  body: Node;
}

function jsTestCall(input: OutlineInput, call: Node): TestCall | undefined {
  // `test.describe(…)` (Playwright) is a group although its root is a leaf name.
  const names = calleeNames(call.childForFieldName('function')!);
  const root = names[0];
  const kind = names.some((n) => input.spec.groups.includes(n))
    ? 'group'
    : root && input.spec.leaves.includes(root)
      ? 'leaf'
      : undefined;
  if (!kind) return undefined;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  for (let i = args.length - 1; i >= 0; i--) {
    const arg = args[i];
    const rule = arg && input.structure.functions[arg.type];
    if (!arg || !rule?.lambda) continue;
    const body = bodyOf(arg, rule);
    return body ? { call, kind, callback: arg, body } : undefined;
  }
  return undefined;
}

function rubyTestCall(input: OutlineInput, call: Node): TestCall | undefined {
  const name = call.childForFieldName('method')?.text;
  const kind =
    name && input.spec.groups.includes(name)
      ? 'group'
      : name && input.spec.leaves.includes(name)
        ? 'leaf'
        : undefined;
  const callback = call.childForFieldName('block');
  const body = callback?.childForFieldName('body');
  return kind && callback && body ? { call, kind, callback, body } : undefined;
}

export function outlineEdits(input: OutlineInput): OutlineResult {
  const ruby = input.spec.style === 'ruby';
  const testCall = (n: Node) => (ruby ? rubyTestCall(input, n) : jsTestCall(input, n));
  const calls = query(input.grammar, ruby ? RUBY_CALLS : JS_CALLS)
    .captures(input.tree.rootNode)
    .filter((c) => c.name === 'call')
    .map((c) => c.node)
    .sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const edits: Edit[] = [];
  const handled: Span[] = [];
  let tests = 0;
  let skipUntil = -1;

  const empty = (t: TestCall) => {
    const body = t.body;
    const oneLine = body.startPosition.row === body.endPosition.row;
    if (oneLine && body.endIndex - body.startIndex <= ONE_LINE_KEEP) return;
    edits.push(
      ruby
        ? rubyStub(input, body.startIndex, body.endIndex)
        : braceStub(input, body.startIndex, body.endIndex),
    );
  };

  /** Keeps nested tests in a group's body, folds runs of anything else. */
  const fold = (t: TestCall) => {
    const blockBody = ruby || input.structure.blocks.includes(t.body.type);
    if (!blockBody) return empty(t);
    let run: Span | undefined;
    const flush = () => {
      if (run) edits.push(foldStub(ruby ? 'ruby' : 'brace', input, run.start, run.end));
      run = undefined;
    };
    for (const statement of t.body.namedChildren) {
      if (!statement) continue;
      const inner = ruby
        ? statement
        : statement.type === 'expression_statement'
          ? statement.namedChild(0)
          : null;
      const nested =
        inner && inner.type === (ruby ? 'call' : 'call_expression') ? testCall(inner) : undefined;
      if (nested) {
        flush();
        visit(nested);
      } else if (run) run.end = statement.endIndex;
      else run = { start: statement.startIndex, end: statement.endIndex };
    }
    flush();
  };

  const visit = (t: TestCall) => {
    tests++;
    if (t.kind === 'group') fold(t);
    else empty(t);
  };

  for (const call of calls) {
    if (call.startIndex < skipUntil) continue;
    const t = testCall(call);
    if (!t) continue;
    visit(t);
    handled.push({ start: t.callback.startIndex, end: t.callback.endIndex });
    skipUntil = call.endIndex;
  }
  return { edits, handled, tests };
}
