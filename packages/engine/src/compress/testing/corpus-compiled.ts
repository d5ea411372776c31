// Generated Go, Rust, Java, C#, C, C++, Kotlin and Scala files for the re-parse test.
import { indent, int, Name, name, pick, type Rand, times, WORDS } from './rand';

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

export function go(r: Rand): string {
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

export function rust(r: Rand): string {
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

export function java(r: Rand): string {
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

export function csharp(r: Rand): string {
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

export function c(r: Rand, cpp: boolean): string {
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

export function kotlin(r: Rand): string {
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

export function scala(r: Rand): string {
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
