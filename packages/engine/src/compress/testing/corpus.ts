// A deterministic generator of source files in every language with a compression strategy, for
// the re-parse test: random mixes of the constructs each strategy handles (nested classes,
// overloads, generics, decorators, named closures, inline callbacks, docstrings, comments,
// strings with blank lines), same seed, same files.
import { c, csharp, go, java, kotlin, rust, scala } from './corpus-compiled';
import { bash, javascript, php, python, ruby, typescript } from './corpus-scripting';
import { resetNames, rng } from './rand';

export { rng } from './rand';

/** `count` files per language, named by path so language detection picks the grammar. */
export function generateCorpus(seed: number, count: number): Array<{ path: string; text: string }> {
  const r = rng(seed);
  resetNames();
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
