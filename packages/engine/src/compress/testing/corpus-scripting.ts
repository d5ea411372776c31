// Generated TypeScript, JavaScript, Python, Ruby, PHP and shell files for the re-parse test.
import { indent, int, Name, name, pick, type Rand, times, WORDS } from './rand';

function jsBody(r: Rand, depth = 0, ts = true): string[] {
  return times(r, 1, 4, () => {
    const v = name(r);
    switch (int(r, 0, depth > 1 ? 2 : 5)) {
      case 0:
        return [`const ${v} = ${int(r, 0, 99)}; // ${pick(r, WORDS)}`];
      case 1:
        return [`items.forEach((x) => {`, ...indent(jsBody(r, depth + 1, ts), '  '), '});'];
      case 2:
        return ['const text = `line one', '', `  $${'{'}x} after a blank line\`;`];
      case 3:
        return [`if (x > ${int(r, 0, 9)}) {`, ...indent(jsBody(r, depth + 1, ts), '  '), '}'];
      case 4:
        return [
          `function ${v}(a${ts ? ': number): number' : ')'} {`,
          ...indent(jsBody(r, depth + 1, ts), '  '),
          '  return a;',
          '}',
        ];
      default:
        return [`await fetch('/${pick(r, WORDS)}').then((res) => res.json());`];
    }
  });
}

export function typescript(r: Rand, test: boolean): string {
  const out = [`import { ${name(r)} } from './${pick(r, WORDS)}';`, ''];
  if (test) {
    out.push("import { describe, expect, it } from 'vitest';", '');
    const group = (d: number): string[] => [
      `describe('${pick(r, WORDS)} ${d}', () => {`,
      `  const ${name(r)} = ${int(r, 1, 9)};`,
      ...times(r, 1, 3, () => [
        `  it('does ${pick(r, WORDS)}', async () => {`,
        ...indent(jsBody(r, 1), '    '),
        '  });',
      ]),
      ...(d < 2 && r() < 0.5 ? indent(group(d + 1), '  ') : []),
      '});',
    ];
    out.push(...times(r, 1, 3, () => group(0)));
    return `${out.join('\n')}\n`;
  }
  out.push(
    ...times(r, 1, 5, () => {
      const n = Name(r);
      switch (int(r, 0, 6)) {
        case 0:
          return [
            `/** The ${pick(r, WORDS)} shape. */`,
            `export interface ${n}<T> {`,
            `  ${name(r)}: T;`,
            `  ${name(r)}(x: number): Promise<T>;`,
            '}',
            '',
          ];
        case 1:
          return [`export enum ${n} {`, `  ${Name(r)} = ${int(r, 0, 9)},`, `  ${Name(r)},`, '}', ''];
        case 2: {
          const m = name(r);
          return [
            `@${name(r)}()`,
            `export class ${n}<T extends object> {`,
            `  private ${name(r)} = new Map<string, T>();`,
            `  static ${name(r)} = ${int(r, 0, 9)};`,
            '  constructor(private readonly x: number) {',
            '    super();',
            '  }',
            `  ${m}(a: string): T;`,
            `  ${m}(a: number): T;`,
            `  ${m}(a: unknown): T {`,
            ...indent(jsBody(r), '    '),
            '    return a as T;',
            '  }',
            `  get ${name(r)}(): number { return this.x; }`,
            `  ${name(r)} = (e: Event): void => {`,
            ...indent(jsBody(r), '    '),
            '  };',
            `  static ${Name(r)} = class {`,
            `    ${name(r)}() {`,
            ...indent(jsBody(r), '      '),
            '    }',
            '  };',
            '}',
            '',
          ];
        }
        case 3:
          return [
            `export const ${name(r)} = async (x: number): Promise<number> => {`,
            ...indent(jsBody(r), '  '),
            '  return x;',
            '};',
            '',
          ];
        case 4:
          return [`setTimeout(() => {`, ...indent(jsBody(r), '  '), `}, ${int(r, 1, 999)});`, ''];
        case 5:
          return [
            `export const ${name(r)} = {`,
            `  ${name(r)}(x: number) {`,
            ...indent(jsBody(r), '    '),
            '  },',
            `  ${name(r)}: ${int(r, 0, 9)},`,
            '};',
            '',
          ];
        default:
          return [
            `export namespace ${n} {`,
            `  export function ${name(r)}<T>(x: T): T {`,
            ...indent(jsBody(r), '    '),
            '    return x;',
            '  }',
            '}',
            '',
          ];
      }
    }),
  );
  return `${out.join('\n')}\n`;
}

export function javascript(r: Rand): string {
  const out = [`const ${name(r)} = require('./${pick(r, WORDS)}');`, ''];
  out.push(
    ...times(r, 1, 5, () => {
      switch (int(r, 0, 3)) {
        case 0:
          return [
            `class ${Name(r)} {`,
            `  #${name(r)} = 1;`,
            `  ${name(r)}(a) {`,
            ...indent(jsBody(r, 0, false), '    '),
            '  }',
            `  *[Symbol.iterator]() {`,
            '    yield 1;',
            '  }',
            '}',
            '',
          ];
        case 1:
          return [
            `module.exports.${name(r)} = function (x) {`,
            ...indent(jsBody(r, 0, false), '  '),
            '};',
            '',
          ];
        case 2:
          return [
            ';(function () {',
            `  function ${name(r)}() {`,
            ...indent(jsBody(r, 0, false), '    '),
            '  }',
            '})();',
            '',
          ];
        default:
          return [
            `const ${name(r)} = (props) => (`,
            `  <div className="${pick(r, WORDS)}">`,
            '    {props.children}',
            '  </div>',
            ');',
            '',
          ];
      }
    }),
  );
  return `${out.join('\n')}\n`;
}

function pyBody(r: Rand, depth = 0): string[] {
  return times(r, 1, 4, () => {
    const v = name(r);
    switch (int(r, 0, depth > 1 ? 2 : 4)) {
      case 0:
        return [`${v} = ${int(r, 0, 99)}  # ${pick(r, WORDS)}`];
      case 1:
        return [`text = """first`, '', `after a blank line"""`];
      case 2:
        return [`values = [x * 2 for x in range(${int(r, 2, 9)})]`];
      case 3:
        return [`if x > ${int(r, 0, 9)}:`, ...indent(pyBody(r, depth + 1), '    ')];
      default:
        return [
          `def ${v}(a, *rest):`,
          '    """Nested helper."""',
          ...indent(pyBody(r, depth + 1), '    '),
          '    return a',
        ];
    }
  });
}

export function python(r: Rand): string {
  const out = ['"""Generated module."""', 'import os', '', `${name(r).toUpperCase()} = ${int(r, 0, 99)}`, ''];
  out.push(
    ...times(r, 1, 5, () => {
      if (r() < 0.4)
        return [
          '',
          `@${name(r)}`,
          `def ${name(r)}(x: int, y: str = "a") -> list[str]:`,
          '    """Do one thing."""',
          ...indent(pyBody(r), '    '),
          '    return [y] * x',
          '',
        ];
      return [
        '',
        `class ${Name(r)}(${pick(r, ['object', 'Base', 'Generic[T]'])}):`,
        '    """A generated class."""',
        '',
        `    ${name(r)}: int = ${int(r, 0, 9)}`,
        '',
        '    def __init__(self, value):',
        '        self.value = value',
        '        # keep it',
        '        self.items = []',
        '',
        '    @property',
        `    def ${name(r)}(self) -> int:`,
        ...indent(pyBody(r), '        '),
        '        return 1',
        '',
        `    class ${Name(r)}:`,
        `        async def ${name(r)}(self):`,
        ...indent(pyBody(r), '            '),
        '',
        `    def ${name(r)}(self): return self.value`,
        '',
      ];
    }),
  );
  out.push('', 'if __name__ == "__main__":', '    main()');
  return `${out.join('\n')}\n`;
}

export function ruby(r: Rand, spec: boolean): string {
  if (spec)
    return `${[
      'require "spec_helper"',
      '',
      `RSpec.describe ${Name(r)} do`,
      `  let(:${name(r)}) { ${int(r, 0, 9)} }`,
      ...times(r, 1, 3, () => [
        `  describe "${pick(r, WORDS)}" do`,
        ...times(r, 1, 2, () => [
          `    it "works" do`,
          `      x = ${int(r, 0, 9)}`,
          '      expect(x).to be_truthy',
          '    end',
        ]),
        '  end',
      ]),
      'end',
    ].join('\n')}\n`;
  const out = ['# frozen_string_literal: true', '', `module ${Name(r)}`];
  out.push(
    ...indent(
      times(r, 1, 3, () => [
        `class ${Name(r)} < Base`,
        `  attr_reader :${name(r)}`,
        `  ${name(r).toUpperCase()} = ${int(r, 0, 9)}`,
        '',
        '  def initialize(value)',
        '    @value = value',
        '    @items = []',
        '  end',
        '',
        `  def ${name(r)}(x, y = 2)`,
        '    # comment',
        `    x.times do |i|`,
        '      puts i',
        '    end',
        '    text = <<~TXT',
        '      first',
        '',
        '      after a blank line',
        '    TXT',
        '    y',
        '  end',
        '',
        `  def self.${name(r)}`,
        '    new(1)',
        '    new(2)',
        '  end',
        'end',
        '',
      ]),
      '  ',
    ),
  );
  out.push('end');
  return `${out.join('\n')}\n`;
}

export function php(r: Rand): string {
  const out = ['<?php', '', `namespace Gen\\${Name(r)};`, ''];
  out.push(
    ...times(r, 1, 3, () => [
      `interface ${Name(r)} { public function ${name(r)}(): int; }`,
      '',
      `final class ${Name(r)}`,
      '{',
      `    public const ${name(r).toUpperCase()} = ${int(r, 0, 9)};`,
      '    public function __construct(private int $x)',
      '    {',
      '        $this->x = $x * 2;',
      '        // keep',
      '    }',
      '',
      `    public function ${name(r)}(int $a): int`,
      '    {',
      '        $f = fn($y) => $y + 1;',
      '        $text = <<<TXT',
      'first',
      '',
      'after a blank line',
      'TXT;',
      '        return $f($a);',
      '    }',
      '}',
      '',
      `$${name(r)} = function (int $a): int {`,
      '    return $a * 2;',
      '};',
      '',
    ]),
  );
  return `${out.join('\n')}\n`;
}

export function bash(r: Rand): string {
  const out = ['#!/usr/bin/env bash', 'set -euo pipefail', ''];
  out.push(
    ...times(r, 1, 4, () => [
      `# ${pick(r, WORDS)}`,
      `${name(r)}() {`,
      '  local x="$1"',
      `  for i in 1 2 ${int(r, 3, 9)}; do`,
      '    echo "$x $i"',
      '  done',
      '  cat <<EOF',
      'first',
      '',
      'after a blank line',
      'EOF',
      '}',
      '',
    ]),
  );
  return `${out.join('\n')}\n`;
}
