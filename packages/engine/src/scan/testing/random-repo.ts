// Generates git repositories with randomized nested ignore rules for the differential test. Every
// rule of the git ignore semantics appears: escapes, trailing spaces, negation, dir-only, anchors,
// classes, the three `**` forms, re-inclusion under an excluded parent, ignoreCase, nested
// repositories, gitlinks, tracked-but-ignored files, symlinks and non-ASCII names.
import { type Rand, rng } from '@loupe/common';

export { type Rand, rng };

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git } from './git-oracle';

const NAMES = [
  'src',
  'lib',
  'build',
  'dist',
  'docs',
  'a',
  'b',
  'c',
  'node_modules',
  'vendor',
  'Foo',
  'foo',
  'tmp',
  '.hidden',
  'with space',
  'x#y',
  '!bang',
  '#hash',
  '[br]',
  'star*',
  'q?',
  'café',
  '日本',
  'tail ',
  'UPPER',
  'a.log',
  'b.LOG',
  'keep.log',
  'x.tmp',
  'README.md',
  'main.c',
  'util.ts',
  'data.json',
  '-dash',
  'a,b',
  'ümlaut.txt',
  '😀.md',
  '\ue000pua',
  'back\\slash',
  'deep',
  'Build',
  'out',
  'gen.c',
];
const EXTS = ['log', 'LOG', 'tmp', 'c', 'ts', 'md', 'json', 'txt'];

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Escapes glob characters so a pattern names one path literally. */
const escapeGlob = (s: string) => s.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, '\\ ');

interface Tree {
  dirs: string[];
  files: string[];
}

function makeTree(r: Rand, root: string): Tree {
  const tree: Tree = { dirs: [''], files: [] };
  const grow = (dir: string, depth: number) => {
    const count = 2 + Math.floor(r() * 5);
    for (let i = 0; i < count; i++) {
      const name = pick(r, NAMES);
      const rel = dir ? `${dir}/${name}` : name;
      if (tree.dirs.includes(rel) || tree.files.includes(rel)) continue;
      if (depth < 4 && r() < 0.35) {
        mkdirSync(path.join(root, rel), { recursive: true });
        tree.dirs.push(rel);
        grow(rel, depth + 1);
      } else {
        writeFileSync(path.join(root, rel), `${rel}\n`);
        tree.files.push(rel);
      }
    }
  };
  grow('', 0);
  return tree;
}

function pattern(r: Rand, tree: Tree, base: string): string {
  const under = (p: string) => (base ? p.startsWith(`${base}/`) : true);
  const local = (p: string) => (base ? p.slice(base.length + 1) : p);
  const files = tree.files.filter(under).map(local);
  const dirs = tree.dirs.filter((d) => d && under(d)).map(local);
  const any = [...files, ...dirs];
  const name = any.length ? pick(r, any).split('/').pop()! : pick(r, NAMES);
  const dir = dirs.length ? pick(r, dirs) : pick(r, NAMES);
  const lit = r() < 0.6 ? escapeGlob(name) : name;
  const ext = pick(r, EXTS);
  const forms: Array<() => string> = [
    () => lit,
    () => `/${lit}`,
    () => `${escapeGlob(dir)}/`,
    () => `${escapeGlob(dir)}/*`,
    () => `*.${ext}`,
    () => `!${lit}`,
    () => `!*.${ext}`,
    () => `**/${lit}`,
    () => `${escapeGlob(dir)}/**`,
    () => `${escapeGlob(dir)}/**/${lit}`,
    () => `**/${escapeGlob(dir)}/`,
    () => `!${escapeGlob(dir)}/`,
    () => `!${escapeGlob(dir)}/${lit}`,
    () => `[${name[0] ?? 'a'}x]*`,
    () => `[!a-f]*.${ext}`,
    () => `[a-m]*`,
    () => `[^b]?*`,
    () => `?${lit.slice(1)}`,
    () => '\\#hash',
    () => '\\!bang',
    () => `${lit}   `,
    () => 'tail\\ ',
    () => '# comment',
    () => '',
    () => name.toUpperCase(),
    () => '[[:upper:]]*',
    () => '[[:digit:][:alpha:]]*.c',
    () => `${name.slice(0, 1)}**/${name}`,
    () => '**',
    () => '*',
    () => '!*/',
    () => `${escapeGlob(dir)}/*/`,
    () => `*${name.slice(-2)}`,
    () => `${lit}/`,
    () => '/*.md',
    () => '*.LOG',
    () => '[]a]*',
    () => '[z-a]*',
    () => 'a/**/b/**/*.c',
  ];
  return pick(r, forms)();
}

export interface RandomRepo {
  ignoreCase: boolean;
  nested: string[];
}

/** Builds one randomized repository in `root` (an empty folder). */
export function makeRandomRepo(root: string, seed: number): RandomRepo {
  const r = rng(seed);
  git(root, ['init', '-q']);
  const ignoreCase = r() < 0.25;
  if (ignoreCase) git(root, ['config', 'core.ignorecase', 'true']);
  const tree = makeTree(r, root);

  const ignoreDirs = ['', ...tree.dirs.filter(() => r() < 0.3)];
  for (const d of ignoreDirs) {
    const lines = Array.from({ length: 1 + Math.floor(r() * 7) }, () => pattern(r, tree, d));
    const crlf = r() < 0.15;
    writeFileSync(
      path.join(root, d, '.gitignore'),
      lines.join(crlf ? '\r\n' : '\n') + (r() < 0.8 ? '\n' : ''),
    );
  }
  if (r() < 0.6) {
    const lines = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pattern(r, tree, ''));
    mkdirSync(path.join(root, '.git/info'), { recursive: true });
    writeFileSync(path.join(root, '.git/info/exclude'), `${lines.join('\n')}\n`);
  }
  if (r() < 0.3 && tree.files.length) {
    const target = pick(r, tree.files);
    const at = path.join(path.dirname(target), 'link-to-file');
    try {
      symlinkSync(
        path.relative(path.dirname(path.join(root, at)), path.join(root, target)),
        path.join(root, at),
      );
    } catch {
      // the name exists already
    }
  }

  // Track a random subset, ignored or not; force-adding tracks ignored files too.
  // With core.ignoreCase, git refuses to track two paths that differ only in case.
  const seen = new Set<string>();
  const track = tree.files.filter((f) => {
    if (r() >= 0.3) return false;
    const key = ignoreCase ? f.toLowerCase() : f;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (track.length) git(root, ['--literal-pathspecs', 'add', '-f', '--', ...track]);

  const nested: string[] = [];
  const candidates = tree.dirs.filter((d) => d && !track.some((t) => t.startsWith(`${d}/`)));
  if (candidates.length && r() < 0.4) {
    const d = pick(r, candidates);
    const abs = path.join(root, d);
    git(abs, ['init', '-q']);
    writeFileSync(path.join(abs, '.gitignore'), `${pattern(r, tree, d)}\n*.c\n`);
    writeFileSync(path.join(abs, 'inner.c'), 'int x;\n');
    writeFileSync(path.join(abs, 'inner.txt'), 'text\n');
    git(abs, ['add', '-A']);
    git(abs, ['commit', '-q', '-m', 'inner', '--allow-empty']);
    // Sometimes the outer repository records it as a gitlink (a submodule without .gitmodules).
    if (r() < 0.5 && !(ignoreCase && track.some((t) => t.toLowerCase() === d.toLowerCase()))) {
      git(root, ['--literal-pathspecs', 'add', '-f', '--', d]);
    }
    nested.push(d);
  }
  git(root, ['commit', '-q', '-m', 'random', '--allow-empty']);
  return { ignoreCase, nested };
}
