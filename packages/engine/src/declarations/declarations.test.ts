// Qualified names per language, line ranges, doc lines and locals. The golden files under
// fixtures/compress/*/expected/*.declarations cover whole files; these pin the rules.
import { describe, expect, it } from 'vitest';
import { type Declaration, declarations } from './declarations';

const brief = (list: Declaration[]) => list.map((d) => `${d.kind} ${d.qualifiedName}`);

describe('declarations: qualified names', () => {
  it.each<[string, string, string[]]>([
    [
      'a.ts',
      'export class Shop {\n  static open() {}\n  get size() { return 1; }\n}\nnamespace N { export function f() {} }\nexport const g = () => 1;\n',
      ['class Shop', 'method Shop.open', 'property Shop.size', 'module N', 'function N.f', 'function g'],
    ],
    [
      'a.py',
      'class A:\n    X = 1\n    def __init__(self): pass\n    def m(self):\n        def inner(): pass\nMAX = 2\n',
      ['class A', 'field A.X', 'constructor A.__init__', 'method A.m', 'function A.m.inner', 'constant MAX'],
    ],
    [
      'a.go',
      'package p\ntype T struct{ A int }\nfunc (t *T) M() {}\nfunc F() {}\n',
      ['struct T', 'field T.A', 'method T.M', 'function F'],
    ],
    [
      'a.rs',
      'mod m {\n  pub struct S;\n  impl Display for S {\n    fn fmt(&self) {}\n  }\n  trait T { fn t(&self); }\n}\n',
      ['module m', 'struct m::S', 'impl m::S', 'method m::S::fmt', 'trait m::T', 'method m::T::t'],
    ],
    [
      'A.java',
      'class A {\n  static final int K = 1;\n  A() {}\n  void m() {}\n  enum E { X }\n  record R(int a) {}\n}\n',
      ['class A', 'constant A.K', 'constructor A.A', 'method A.m', 'enum A.E', 'member A.E.X', 'record A.R'],
    ],
    [
      'A.cs',
      'namespace N.M;\npublic class C {\n  public int P { get; set; }\n  public C() {}\n  void M() {}\n}\npublic record R(int A);\n',
      [
        'module N.M',
        'class N.M.C',
        'property N.M.C.P',
        'constructor N.M.C.C',
        'method N.M.C.M',
        'record N.M.R',
      ],
    ],
    [
      'a.cpp',
      'namespace ns {\nclass A {\n  int get();\n};\nint A::get() { return 1; }\n}\nvoid ns::A::set(int v) {}\n',
      ['module ns', 'class ns::A', 'method ns::A::get', 'method ns::A::get', 'method ns::A::set'],
    ],
    [
      'a.c',
      'struct s { int a; };\nstatic int f(void) { return 0; }\n#define N 1\n',
      ['struct s', 'field s::a', 'function f', 'macro N'],
    ],
    [
      'a.rb',
      'module M\n  class C\n    K = 1\n    def initialize; end\n    def self.build; end\n    def run; end\n  end\nend\n',
      [
        'module M',
        'class M.C',
        'constant M.C.K',
        'constructor M.C.initialize',
        'method M.C.build',
        'method M.C.run',
      ],
    ],
    [
      'a.php',
      '<?php\nnamespace App;\nclass C {\n  const K = 1;\n  private $p;\n  public function __construct() {}\n  function m() {}\n}\nfunction f() {}\n',
      [
        'module App',
        'class App::C',
        'constant App::C::K',
        'property App::C::p',
        'constructor App::C::__construct',
        'method App::C::m',
        'function App::f',
      ],
    ],
    [
      'A.kt',
      'interface I {\n    fun m(): Int\n}\nclass C {\n    val p = 1\n    fun f() = 2\n    companion object {\n        const val K = 3\n    }\n}\n',
      [
        'interface I',
        'method I.m',
        'class C',
        'property C.p',
        'method C.f',
        'object C.Companion',
        'constant C.Companion.K',
      ],
    ],
    [
      'A.scala',
      'trait T { def m: Int }\nobject O {\n  val v = 1\n  def f(x: Int): Int = x\n}\n',
      ['trait T', 'method T.m', 'object O', 'field O.v', 'method O.f'],
    ],
    ['a.sh', 'X=1\nf() { echo; }\n', ['variable X', 'function f']],
  ])('%s', async (path, text, expected) => {
    expect(brief(await declarations(text, path))).toEqual(expected);
  });
});

describe('declarations: ranges, docs and locals', () => {
  it('ranges are 1-based and inclusive, with decorators; doc comments give docLine', async () => {
    const text =
      'import x\n\n# Greets.\n# Twice.\n@decorate\ndef hello():\n    def helper():\n        pass\n    return 1\n';
    expect(await declarations(text, 'a.py')).toEqual([
      { kind: 'function', name: 'hello', qualifiedName: 'hello', startLine: 5, endLine: 9, docLine: 3 },
      {
        kind: 'function',
        name: 'helper',
        qualifiedName: 'hello.helper',
        startLine: 7,
        endLine: 8,
        local: true,
      },
    ]);
  });

  it('a comment trailing code is not the doc of the next declaration', async () => {
    const list = await declarations('const a = 1; // about a\nconst b = 2;\n', 'a.ts');
    expect(list.map((d) => [d.name, d.docLine])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('locals are marked; variables inside functions are not declarations', async () => {
    const text = 'function outer() {\n  const x = 1;\n  class Local {}\n  return () => x;\n}\n';
    expect(brief(await declarations(text, 'a.js'))).toEqual(['function outer', 'class outer.Local']);
    expect((await declarations(text, 'a.js'))[1]!.local).toBe(true);
  });

  it('is empty for a language without a grammar', async () => {
    expect(await declarations('# Title\n', 'README.md')).toEqual([]);
  });
});
