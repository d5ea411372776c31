// Language detection by file name. Pure and allocation-light: the file index calls it for every
// path, so it is two map lookups (exact name, then extension), never a content sniff.

export type LanguageId =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'csharp'
  | 'c'
  | 'cpp'
  | 'ruby'
  | 'php'
  | 'kotlin'
  | 'scala'
  | 'swift'
  | 'shell'
  | 'powershell'
  | 'css'
  | 'scss'
  | 'less'
  | 'html'
  | 'vue'
  | 'svelte'
  | 'xml'
  | 'json'
  | 'yaml'
  | 'toml'
  | 'ini'
  | 'markdown'
  | 'restructuredtext'
  | 'sql'
  | 'graphql'
  | 'protobuf'
  | 'dockerfile'
  | 'makefile'
  | 'cmake'
  | 'terraform'
  | 'lua'
  | 'perl'
  | 'r'
  | 'dart'
  | 'elixir'
  | 'erlang'
  | 'haskell'
  | 'ocaml'
  | 'clojure'
  | 'zig'
  | 'objective-c'
  | 'groovy'
  | 'batch'
  | 'text';

/** Grammars Loupe can load (a .wasm file each; see parse/grammars.ts). */
export type GrammarId =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'csharp'
  | 'c'
  | 'cpp'
  | 'ruby'
  | 'php'
  | 'kotlin'
  | 'scala'
  | 'bash'
  | 'powershell'
  | 'css'
  | 'html'
  | 'json'
  | 'yaml'
  | 'toml'
  | 'ini';

/** The grammar that parses each language, where one is available here. */
const GRAMMAR_OF: Partial<Record<LanguageId, GrammarId>> = {
  typescript: 'typescript',
  tsx: 'tsx',
  javascript: 'javascript',
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
  csharp: 'csharp',
  c: 'c',
  cpp: 'cpp',
  ruby: 'ruby',
  php: 'php',
  kotlin: 'kotlin',
  scala: 'scala',
  shell: 'bash',
  powershell: 'powershell',
  css: 'css',
  html: 'html',
  json: 'json',
  yaml: 'yaml',
  toml: 'toml',
  ini: 'ini',
};

const BY_EXTENSION: Record<string, LanguageId> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  py: 'python',
  pyi: 'python',
  pyw: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  cs: 'csharp',
  csx: 'csharp',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  'c++': 'cpp',
  hh: 'cpp',
  hpp: 'cpp',
  hxx: 'cpp',
  'h++': 'cpp',
  ipp: 'cpp',
  tpp: 'cpp',
  inl: 'cpp',
  ino: 'cpp',
  rb: 'ruby',
  rake: 'ruby',
  gemspec: 'ruby',
  ru: 'ruby',
  php: 'php',
  phtml: 'php',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  sc: 'scala',
  sbt: 'scala',
  swift: 'swift',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ksh: 'shell',
  ps1: 'powershell',
  psm1: 'powershell',
  psd1: 'powershell',
  css: 'css',
  scss: 'scss',
  sass: 'scss',
  less: 'less',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  vue: 'vue',
  svelte: 'svelte',
  xml: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  xslt: 'xml',
  svg: 'xml',
  plist: 'xml',
  csproj: 'xml',
  fsproj: 'xml',
  vbproj: 'xml',
  props: 'xml',
  targets: 'xml',
  resx: 'xml',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  jsonl: 'json',
  ndjson: 'json',
  geojson: 'json',
  webmanifest: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  properties: 'ini',
  editorconfig: 'ini',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  rst: 'restructuredtext',
  sql: 'sql',
  graphql: 'graphql',
  gql: 'graphql',
  proto: 'protobuf',
  dockerfile: 'dockerfile',
  mk: 'makefile',
  mak: 'makefile',
  cmake: 'cmake',
  tf: 'terraform',
  tfvars: 'terraform',
  hcl: 'terraform',
  lua: 'lua',
  pl: 'perl',
  pm: 'perl',
  r: 'r',
  dart: 'dart',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hrl: 'erlang',
  hs: 'haskell',
  ml: 'ocaml',
  mli: 'ocaml',
  clj: 'clojure',
  cljs: 'clojure',
  cljc: 'clojure',
  edn: 'clojure',
  zig: 'zig',
  m: 'objective-c',
  mm: 'objective-c',
  groovy: 'groovy',
  gradle: 'groovy',
  bat: 'batch',
  cmd: 'batch',
  txt: 'text',
};

/** Whole file names (lower-cased) that say more than their extension. */
const BY_NAME: Record<string, LanguageId> = {
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  'cmakelists.txt': 'cmake',
  gemfile: 'ruby',
  rakefile: 'ruby',
  podfile: 'ruby',
  vagrantfile: 'ruby',
  brewfile: 'ruby',
  guardfile: 'ruby',
  jenkinsfile: 'groovy',
  '.bashrc': 'shell',
  '.bash_profile': 'shell',
  '.bash_aliases': 'shell',
  '.zshrc': 'shell',
  '.zprofile': 'shell',
  '.profile': 'shell',
  '.envrc': 'shell',
  '.editorconfig': 'ini',
  '.gitconfig': 'ini',
  '.npmrc': 'ini',
  '.pylintrc': 'ini',
  'setup.cfg': 'ini',
  'tox.ini': 'ini',
  pipfile: 'toml',
  'cargo.lock': 'toml',
  'poetry.lock': 'toml',
  'uv.lock': 'toml',
  '.babelrc': 'json',
  '.eslintrc': 'json',
  '.prettierrc': 'json',
  '.swcrc': 'json',
  'composer.lock': 'json',
  '.clang-format': 'yaml',
  '.clang-tidy': 'yaml',
};

function basename(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return slash >= 0 ? path.slice(slash + 1) : path;
}

// Maps, not the objects: a name is data, and `constructor` or `x.__proto__` must not find what
// every object inherits (languages.test.ts).
const NAMES = new Map(Object.entries(BY_NAME));
const EXTENSIONS = new Map(Object.entries(BY_EXTENSION));

/** The language of a file from its name, or undefined when the name says nothing. */
export function languageOf(path: string): LanguageId | undefined {
  const name = basename(path).toLowerCase();
  const exact = NAMES.get(name);
  if (exact) return exact;
  if (name.startsWith('dockerfile.') || name.endsWith('.dockerfile')) return 'dockerfile';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  return EXTENSIONS.get(name.slice(dot + 1));
}

/** The grammar for a language, or undefined when none ships with Loupe. */
export function grammarOf(language: LanguageId): GrammarId | undefined {
  return GRAMMAR_OF[language];
}

export function hasGrammar(language: LanguageId): boolean {
  return GRAMMAR_OF[language] !== undefined;
}

/** A second grammar to try when the first reports syntax errors (C headers that hold C++). */
export function fallbackGrammarOf(path: string, language: LanguageId): GrammarId | undefined {
  return language === 'c' && /\.h$/i.test(path) ? 'cpp' : undefined;
}

/** Every language detection can return (for docs and tests). */
export const LANGUAGES: readonly LanguageId[] = [
  ...new Set([...Object.values(BY_EXTENSION), ...Object.values(BY_NAME)]),
];
