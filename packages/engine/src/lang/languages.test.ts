import { describe, expect, it } from 'vitest';
import { GRAMMAR_SOURCES } from '../parse/grammars';
import { fallbackGrammarOf, grammarOf, hasGrammar, LANGUAGES, languageOf } from './languages';

describe('languageOf', () => {
  it.each([
    ['src/app.ts', 'typescript'],
    ['src/types.d.ts', 'typescript'],
    ['lib/mod.mts', 'typescript'],
    ['ui/App.tsx', 'tsx'],
    ['ui/App.jsx', 'javascript'],
    ['bin/cli.cjs', 'javascript'],
    ['pkg/mod.py', 'python'],
    ['stubs/mod.pyi', 'python'],
    ['cmd/main.go', 'go'],
    ['src/lib.rs', 'rust'],
    ['A.java', 'java'],
    ['B.cs', 'csharp'],
    ['c/x.c', 'c'],
    ['c/x.h', 'c'],
    ['x.hpp', 'cpp'],
    ['x.cc', 'cpp'],
    ['app/models/user.rb', 'ruby'],
    ['index.php', 'php'],
    ['Main.kt', 'kotlin'],
    ['build.gradle.kts', 'kotlin'],
    ['Main.scala', 'scala'],
    ['App.swift', 'swift'],
    ['deploy.sh', 'shell'],
    ['site.css', 'css'],
    ['site.scss', 'scss'],
    ['index.html', 'html'],
    ['pom.xml', 'xml'],
    ['package.json', 'json'],
    ['tsconfig.json', 'json'],
    ['.github/workflows/ci.yml', 'yaml'],
    ['Cargo.toml', 'toml'],
    ['setup.cfg', 'ini'],
    ['README.md', 'markdown'],
    ['schema.sql', 'sql'],
    ['Dockerfile', 'dockerfile'],
    ['docker/Dockerfile.dev', 'dockerfile'],
    ['Makefile', 'makefile'],
    ['CMakeLists.txt', 'cmake'],
    ['Gemfile', 'ruby'],
    ['Rakefile', 'ruby'],
    ['.bashrc', 'shell'],
    ['notes.txt', 'text'],
  ])('%s is %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  it('ignores case, folders and Windows separators', () => {
    expect(languageOf('SRC\\Lib\\MAIN.PY')).toBe('python');
    expect(languageOf('a.ts/readme')).toBeUndefined();
    expect(languageOf('makefile.d/x.go')).toBe('go');
  });

  it('says nothing for names without a known extension', () => {
    for (const p of ['LICENSE', 'bin/run', 'x.unknownext', '.gitignore', ''])
      expect(languageOf(p)).toBeUndefined();
  });

  it('says nothing for names that every JavaScript object answers to (a name is data)', () => {
    const names = [
      'constructor',
      'src/Constructor',
      'a.constructor',
      'x.__proto__',
      '__proto__',
      'b.toString',
    ];
    for (const p of [...names, 'a.hasOwnProperty', 'valueOf', 'lib/x.isPrototypeOf'])
      expect(languageOf(p), p).toBeUndefined();
  });
});

describe('grammars per language', () => {
  it('the 12 languages of the issue, Kotlin, Scala and shell have grammars; Swift has none here', () => {
    for (const l of [
      'typescript',
      'tsx',
      'javascript',
      'python',
      'go',
      'rust',
      'java',
      'csharp',
      'c',
      'cpp',
      'ruby',
      'php',
      'kotlin',
      'scala',
      'shell',
    ] as const)
      expect(hasGrammar(l)).toBe(true);
    expect(hasGrammar('swift')).toBe(false);
    expect(hasGrammar('markdown')).toBe(false);
  });

  it('every grammar a language names has a source package', () => {
    for (const l of LANGUAGES) {
      const g = grammarOf(l);
      if (g) expect(GRAMMAR_SOURCES[g]).toBeDefined();
    }
  });

  it('C headers may fall back to the C++ grammar, nothing else does', () => {
    expect(fallbackGrammarOf('x.h', 'c')).toBe('cpp');
    expect(fallbackGrammarOf('x.c', 'c')).toBeUndefined();
    expect(fallbackGrammarOf('x.ts', 'typescript')).toBeUndefined();
  });
});
