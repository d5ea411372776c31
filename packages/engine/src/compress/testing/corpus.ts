// A deterministic generator of source files in every language with a compression strategy, for
// the re-parse test: random mixes of the constructs each strategy handles (nested classes,
// overloads, generics, decorators, named closures, inline callbacks, docstrings, comments,
// strings with blank lines), same seed, same files.

export type Rand = () => number;

/** mulberry32 */
export function rng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'user order item cart price total stock queue cache token event route index store scan pack mask'.split(
    ' ',
  );
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const times = (r: Rand, lo: number, hi: number, f: (i: number) => string[]) =>
  Array.from({ length: int(r, lo, hi) }, (_, i) => f(i)).flat();
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
let counter = 0;
/** Unique names, so every declaration name can be looked for in the output. */
const name = (r: Rand) =>
  `${pick(r, WORDS)}${pick(r, WORDS).replace(/^./, (c) => c.toUpperCase())}${++counter}`;
const Name = (r: Rand) => cap(name(r));
const indent = (lines: string[], by: string) => lines.map((l) => (l ? by + l : l));

function cBody(r: Rand, depth = 0): string[] {
  return times(r, 1, 4, () => {
    const v = name(r);
    switch (int(r, 0, depth > 1 ? 2 : 4)) {
      case 0:
        return [`int ${v} = ${int(r, 0, 99)}; // ${pick(r, WORDS)}`];
      case 1:
        return [`${v}(${int(r, 1, 9)});`];
      case 2:
        return ['/* a block', '   comment */', `x += ${int(r, 1, 9)};`];
      case 3:
        return [`if (x > ${int(r, 0, 9)}) {`, ...indent(cBody(r, depth + 1), '    '), '}'];
      default:
        return [`for (int i = 0; i < ${int(r, 2, 9)}; i++) {`, ...indent(cBody(r, depth + 1), '    '), '}'];
    }
  });
}

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

function typescript(r: Rand, test: boolean): string {
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

function javascript(r: Rand): string {
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

function goBody(r: Rand, depth = 0): string[] {
  return times(r, 1, 4, () => {
    switch (int(r, 0, depth > 1 ? 1 : 3)) {
      case 0:
        return [`x += ${int(r, 0, 99)} // ${pick(r, WORDS)}`];
      case 1:
        return ['fmt.Println(`raw', '', 'string`)'];
      case 2:
        return [`if x > ${int(r, 0, 9)} {`, ...indent(goBody(r, depth + 1), '\t'), '}'];
      default:
        return [`for i := 0; i < ${int(r, 2, 9)}; i++ {`, ...indent(goBody(r, depth + 1), '\t'), '}'];
    }
  });
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

function python(r: Rand): string {
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

function go(r: Rand): string {
  const out = [
    '// Package gen is generated.',
    'package gen',
    '',
    'import "fmt"',
    '',
    `const ${Name(r)} = ${int(r, 0, 99)}`,
    '',
  ];
  out.push(
    ...times(r, 1, 4, () => {
      const t = Name(r);
      return [
        `// ${t} holds things.`,
        `type ${t}[K comparable] struct {`,
        `\t${Name(r)} string \`json:"a"\``,
        `\titems map[K]int`,
        '}',
        '',
        `type ${Name(r)} interface {`,
        `\t${Name(r)}(x int) (int, error)`,
        '}',
        '',
        `func (s *${t}[K]) ${Name(r)}(x int) (int, error) {`,
        ...indent(goBody(r), '\t'),
        '\treturn x, nil',
        '}',
        '',
        `var ${name(r)} = func(a int) int {`,
        '\treturn a * 2',
        '}',
        '',
      ];
    }),
  );
  return `${out.join('\n')}\n`;
}

function rust(r: Rand): string {
  const out = ['//! Generated crate.', 'use std::fmt;', ''];
  out.push(
    ...times(r, 1, 4, () => {
      const t = Name(r);
      return [
        `/// The ${pick(r, WORDS)}.`,
        '#[derive(Debug, Clone)]',
        `pub struct ${t}<T> {`,
        `    pub ${name(r)}: T,`,
        '}',
        '',
        `pub trait ${Name(r)} {`,
        `    fn ${name(r)}(&self) -> i32;`,
        `    fn ${name(r)}(&self) -> i32 {`,
        `        ${int(r, 0, 9)}`,
        '    }',
        '}',
        '',
        `impl<T: Clone> ${t}<T> {`,
        `    pub fn ${name(r)}(&self, x: i32) -> i32 {`,
        `        let f = |a: i32| {`,
        '            a + 1',
        '        };',
        `        let s = r#"raw`,
        '',
        `text"#;`,
        '        f(x) + s.len() as i32',
        '    }',
        '}',
        '',
        `pub const ${name(r).toUpperCase()}: i32 = ${int(r, 0, 99)};`,
        '',
      ];
    }),
  );
  return `${out.join('\n')}\n`;
}

function java(r: Rand): string {
  const out = ['package gen;', '', 'import java.util.List;', ''];
  const body = () => cBody(r).map((l) => l.replace(/^(\w+)\((\d)\);/, 'System.out.println($2);'));
  out.push(
    ...times(r, 1, 3, () => {
      const t = Name(r);
      return [
        '/** Generated. */',
        `public class ${t}<T extends Comparable<T>> {`,
        `    public static final int ${name(r).toUpperCase()} = ${int(r, 0, 9)};`,
        `    private final Runnable ${name(r)} = () -> {`,
        ...indent(body(), '        '),
        '    };',
        '',
        `    public ${t}(int x) {`,
        ...indent(body(), '        '),
        '    }',
        '',
        '    @Override',
        `    public String toString() { return "${t}"; }`,
        '',
        `    interface ${Name(r)} { default int ${name(r)}() { return 1; } }`,
        '',
        `    enum ${Name(r)} { ${Name(r)}, ${Name(r)}; int ${name(r)}() {`,
        '        return 2;',
        '    } }',
        '',
        `    record ${Name(r)}(int a) {`,
        `        static int ${name(r)}() {`,
        ...indent(body(), '            '),
        '            return 0;',
        '        }',
        '    }',
        '}',
        '',
      ];
    }),
  );
  return `${out.join('\n')}\n`;
}

function csharp(r: Rand): string {
  const out = ['using System;', '', `namespace Gen.${Name(r)}`, '{'];
  const body = () => cBody(r).map((l) => l.replace(/^(\w+)\((\d)\);/, 'Console.WriteLine($2);'));
  out.push(
    ...indent(
      times(r, 1, 3, () => {
        const t = Name(r);
        return [
          '/// <summary>Generated.</summary>',
          `public record ${Name(r)}(int A, string B);`,
          '',
          '[Serializable]',
          `public class ${t}<T> where T : class`,
          '{',
          `    public int ${Name(r)} { get; set; } = ${int(r, 0, 9)};`,
          `    public int ${Name(r)} => ${int(r, 0, 9)};`,
          `    public int ${Name(r)}`,
          '    {',
          '        get { return 1; }',
          '        set',
          '        {',
          ...indent(body(), '            '),
          '        }',
          '    }',
          `    public ${t}(int x)`,
          '    {',
          ...indent(body(), '        '),
          '    }',
          `    private readonly Func<int, int> ${name(r)} = x =>`,
          '    {',
          '        return x * 2;',
          '    };',
          `    public string ${Name(r)}() => $"{${int(r, 0, 9)}}";`,
          `    private class ${Name(r)} {`,
          `        void ${Name(r)}() {`,
          ...indent(body(), '            '),
          '        }',
          '    }',
          '}',
          '',
        ];
      }),
      '    ',
    ),
  );
  out.push('}');
  return `${out.join('\n')}\n`;
}

function c(r: Rand, cpp: boolean): string {
  const out = ['#include <stdio.h>', `#define ${name(r).toUpperCase()} ${int(r, 0, 99)}`, ''];
  out.push(
    ...times(r, 1, 4, () => {
      const fn = name(r);
      const base = [
        `struct ${name(r)} {`,
        `    int ${name(r)};`,
        '};',
        '',
        `static int ${fn}(int x);`,
        '',
        `/* ${pick(r, WORDS)} */`,
        `static int ${fn}(int x) {`,
        ...indent(cBody(r), '    '),
        '    return x;',
        '}',
        '',
      ];
      if (!cpp) return base;
      const t = Name(r);
      return [
        ...base,
        `namespace ${name(r)} {`,
        'template <typename T>',
        `class ${t} {`,
        'public:',
        `    explicit ${t}(T v) : v_(v) {}`,
        `    T ${name(r)}() const;`,
        `    T& operator[](int i) { return v_; }`,
        'private:',
        '    T v_;',
        '};',
        '',
        'template <typename T>',
        `T ${t}<T>::${name(r)}() const {`,
        ...indent(cBody(r), '    '),
        '    return v_;',
        '}',
        '',
        `auto ${name(r)} = [](int x) {`,
        '    return x * 2;',
        '};',
        '}',
        '',
      ];
    }),
  );
  return `${out.join('\n')}\n`;
}

function ruby(r: Rand, spec: boolean): string {
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

function php(r: Rand): string {
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

function bash(r: Rand): string {
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

function kotlin(r: Rand): string {
  const out = ['package gen', '', 'import kotlin.math.max', ''];
  out.push(
    ...times(r, 1, 3, () => [
      `data class ${Name(r)}(val a: Int, val b: String)`,
      '',
      `class ${Name(r)}<T>(private val x: Int) {`,
      `    val ${name(r)}: Int`,
      '        get() = x * 2',
      '',
      '    init {',
      '        println(x)',
      '        println(x + 1)',
      '    }',
      '',
      `    fun ${name(r)}(a: Int): Int {`,
      `        val f = listOf(1, 2).map { it * ${int(r, 2, 9)} }`,
      '        // comment',
      '        return max(a, f.size)',
      '    }',
      '',
      `    fun ${name(r)}() = x +`,
      '        1',
      '',
      '    companion object {',
      `        const val ${name(r).toUpperCase()} = ${int(r, 0, 9)}`,
      '    }',
      '}',
      '',
    ]),
  );
  return `${out.join('\n')}\n`;
}

function scala(r: Rand): string {
  const out = ['package gen', '', 'import scala.math.max', ''];
  out.push(
    ...times(r, 1, 3, () => [
      `trait ${Name(r)} {`,
      `  def ${name(r)}(x: Int): Int`,
      '}',
      '',
      `object ${Name(r)} {`,
      `  val ${name(r)}: Int = ${int(r, 0, 9)}`,
      `  def ${name(r)}(x: Int): Int = {`,
      '    val y = x * 2',
      '    // comment',
      '    max(x, y)',
      '  }',
      `  val ${name(r)} = (x: Int) => {`,
      '    x + 1',
      '  }',
      '}',
      '',
    ]),
  );
  return `${out.join('\n')}\n`;
}

/** `count` files per language, named by path so language detection picks the grammar. */
export function generateCorpus(seed: number, count: number): Array<{ path: string; text: string }> {
  const r = rng(seed);
  counter = 0;
  const files: Array<{ path: string; text: string }> = [];
  for (let i = 0; i < count; i++) {
    files.push(
      { path: `gen/ts/m${i}.ts`, text: typescript(r, false) },
      { path: `gen/ts/m${i}.test.ts`, text: typescript(r, true) },
      { path: `gen/tsx/m${i}.tsx`, text: typescript(r, false) },
      { path: `gen/js/m${i}.jsx`, text: javascript(r) },
      { path: `gen/py/m${i}.py`, text: python(r) },
      { path: `gen/go/m${i}.go`, text: go(r) },
      { path: `gen/rs/m${i}.rs`, text: rust(r) },
      { path: `gen/java/M${i}.java`, text: java(r) },
      { path: `gen/cs/M${i}.cs`, text: csharp(r) },
      { path: `gen/c/m${i}.c`, text: c(r, false) },
      { path: `gen/cpp/m${i}.cpp`, text: c(r, true) },
      { path: `gen/rb/m${i}.rb`, text: ruby(r, false) },
      { path: `gen/rb/m${i}_spec.rb`, text: ruby(r, true) },
      { path: `gen/php/M${i}.php`, text: php(r) },
      { path: `gen/sh/m${i}.sh`, text: bash(r) },
      { path: `gen/kt/M${i}.kt`, text: kotlin(r) },
      { path: `gen/scala/M${i}.scala`, text: scala(r) },
    );
  }
  return files;
}
