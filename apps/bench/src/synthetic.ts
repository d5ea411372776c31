// The deterministic synthetic repository every benchmark shares: ~52k files in a git repository,
// nested .gitignore files, an ignored node_modules of 20k files, tracked and untracked files, code
// in several languages. Same seed, same bytes: results compare across runs and machines.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Rand, rng } from '@loupe/common';

const VERSION = 'synthetic-v1';

const WORDS = (
  'user account order invoice payment session token cache index render parse load save update ' +
  'create delete fetch build config route handler service client server request response stream ' +
  'buffer queue worker event listener state store model view item list map tree node edge graph ' +
  'path file folder scan watch focus pack mask tokenize compress search rank match query filter'
).split(' ');

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const camel = (r: Rand, n = 2) =>
  Array.from({ length: n }, (_, i) => {
    const w = pick(r, WORDS);
    return i === 0 ? w : w[0]!.toUpperCase() + w.slice(1);
  }).join('');
const pascal = (r: Rand) => {
  const c = camel(r, 2);
  return c[0]!.toUpperCase() + c.slice(1);
};
const snake = (r: Rand) => `${pick(r, WORDS)}_${pick(r, WORDS)}`;

function tsFile(r: Rand): string {
  const lines = [`import { ${camel(r)} } from './${pick(r, WORDS)}';`, ''];
  for (let k = int(r, 1, 4); k > 0; k--) {
    const cls = pascal(r);
    lines.push(`/** ${pick(r, WORDS)} ${pick(r, WORDS)} for the ${pick(r, WORDS)} layer. */`);
    lines.push(`export class ${cls} {`, `  private ${camel(r)}: number = ${int(r, 0, 999)};`);
    for (let m = int(r, 1, 5); m > 0; m--) {
      const a = camel(r);
      lines.push(`  ${camel(r)}(${a}: string, limit = ${int(r, 1, 64)}): Promise<${pascal(r)}[]> {`);
      for (let s = int(r, 1, 6); s > 0; s--)
        lines.push(`    const ${camel(r)} = ${a}.split('${pick(r, WORDS)}').slice(0, limit);`);
      lines.push(`    return this.${camel(r)}(${a});`, '  }');
    }
    lines.push('}', '');
  }
  lines.push(`export const ${camel(r)} = (x: number) => x * ${int(r, 2, 9)};`, '');
  return lines.join('\n');
}

function pyFile(r: Rand): string {
  const lines = ['import os', `from .${pick(r, WORDS)} import ${pascal(r)}`, ''];
  for (let k = int(r, 1, 3); k > 0; k--) {
    lines.push(`class ${pascal(r)}:`, `    """${pick(r, WORDS)} ${pick(r, WORDS)} helper."""`, '');
    for (let m = int(r, 1, 5); m > 0; m--) {
      const a = snake(r);
      lines.push(`    def ${snake(r)}(self, ${a}: str, limit: int = ${int(r, 1, 64)}) -> list:`);
      for (let s = int(r, 1, 5); s > 0; s--)
        lines.push(`        ${snake(r)} = ${a}.split("${pick(r, WORDS)}")[:limit]`);
      lines.push(`        return [${a}] * limit`, '');
    }
  }
  return lines.join('\n');
}

function goFile(r: Rand, pkg: string): string {
  const lines = [`package ${pkg}`, '', 'import "strings"', ''];
  for (let k = int(r, 1, 4); k > 0; k--) {
    const t = pascal(r);
    lines.push(`type ${t} struct {`, `\t${pascal(r)} string`, `\t${pascal(r)} int`, '}', '');
    lines.push(`func (x *${t}) ${pascal(r)}(in string) []string {`);
    for (let s = int(r, 1, 5); s > 0; s--) lines.push(`\t_ = strings.Split(in, "${pick(r, WORDS)}")`);
    lines.push('\treturn nil', '}', '');
  }
  return lines.join('\n');
}

function prose(r: Rand): string {
  const out: string[] = [`# ${pascal(r)}`, ''];
  for (let p = int(r, 2, 6); p > 0; p--) {
    out.push(Array.from({ length: int(r, 20, 60) }, () => pick(r, WORDS)).join(' ') + '.', '');
  }
  return out.join('\n');
}

interface Planned {
  path: string;
  text: string;
  track: boolean;
}

function plan(): Planned[] {
  const r = rng(20261129);
  const files: Planned[] = [];
  const add = (p: string, text: string, track = r() < 0.75) => files.push({ path: p, text, track });
  add('package.json', '{ "name": "synthetic", "private": true, "workspaces": ["packages/*"] }\n', true);
  add('README.md', prose(r), true);
  add('.gitignore', 'node_modules/\n*.log\n/coverage/\nbuild/\n!keep.log\n', true);
  for (let p = 0; p < 50; p++) {
    const pkg = `packages/pkg-${String(p).padStart(2, '0')}`;
    add(`${pkg}/package.json`, `{ "name": "pkg-${p}", "version": "1.0.${p}" }\n`, true);
    add(`${pkg}/README.md`, prose(r));
    if (p % 3 === 0) add(`${pkg}/.gitignore`, '*.tmp\ngenerated/\n!important.tmp\n/local-*\n', true);
    const dirs = ['src'];
    for (let d = 0; d < 14; d++) dirs.push(`${pick(r, dirs)}/${pick(r, WORDS)}${d}`);
    for (const dir of dirs) {
      for (let f = int(r, 25, 45); f > 0; f--) add(`${pkg}/${dir}/${camel(r)}${f}.ts`, tsFile(r));
      if (r() < 0.3) add(`${pkg}/${dir}/debug.log`, 'ignored log line\n'.repeat(20), false);
      if (r() < 0.2) add(`${pkg}/${dir}/scratch.tmp`, 'tmp\n', false);
      if (r() < 0.1) add(`${pkg}/${dir}/important.tmp`, 'kept by negation\n', false);
    }
    if (p % 3 === 0) for (let g = 0; g < 30; g++) add(`${pkg}/generated/gen${g}.ts`, tsFile(r), false);
    for (let t = 0; t < 20; t++) add(`${pkg}/test/${camel(r)}${t}.test.ts`, tsFile(r));
  }
  for (let s = 0; s < 12; s++) {
    const svc = `services/svc-${s}`;
    const py = s % 2 === 0;
    add(
      `${svc}/${py ? 'pyproject.toml' : 'go.mod'}`,
      py ? `[project]\nname = "svc${s}"\n` : `module example.com/svc${s}\n`,
      true,
    );
    add(`${svc}/.gitignore`, py ? '__pycache__/\n*.pyc\n.venv/\n' : 'bin/\n*.out\n', true);
    for (let f = 0; f < 300; f++) {
      const dir = `${svc}/${pick(r, WORDS)}`;
      add(
        py ? `${dir}/${snake(r)}${f}.py` : `${dir}/${pick(r, WORDS)}${f}.go`,
        py ? pyFile(r) : goFile(r, `svc${s}`),
      );
      if (py && f % 20 === 0) add(`${dir}/__pycache__/m${f}.cpython-311.pyc`, 'compiled', false);
    }
  }
  for (let d = 0; d < 300; d++) add(`docs/${pick(r, WORDS)}/${camel(r)}${d}.md`, prose(r));
  // The ignored dependency tree: 400 packages x 50 files.
  add('node_modules/.package-lock.json', '{ "lockfileVersion": 3 }\n', false);
  for (let n = 0; n < 400; n++) {
    const dep = `node_modules/dep-${n}`;
    add(`${dep}/package.json`, `{ "name": "dep-${n}", "version": "2.${n}.0" }\n`, false);
    for (let f = 0; f < 49; f++)
      add(`${dep}/lib/${pick(r, WORDS)}${f}.js`, `module.exports = ${f};\n`, false);
  }
  return files;
}

function git(cwd: string, args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@loupe', ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    maxBuffer: 1 << 28,
  });
}

/** Generates the repository under `dir` once; later calls reuse it. Returns its path. */
export async function syntheticRepo(dir: string, log: (m: string) => void): Promise<string> {
  const stamp = path.join(dir, '.git', 'loupe-synthetic');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === VERSION) return dir;
  log(`generating the synthetic repository in ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  const files = plan();
  for (const f of files) {
    const abs = path.join(dir, f.path);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, f.text);
  }
  git(dir, ['init', '-q']);
  const tracked = files.filter((f) => f.track && !f.path.startsWith('node_modules/')).map((f) => f.path);
  for (let i = 0; i < tracked.length; i += 2000) git(dir, ['add', '-f', '--', ...tracked.slice(i, i + 2000)]);
  git(dir, ['commit', '-q', '-m', 'synthetic']);
  writeFileSync(stamp, VERSION);
  log(`generated ${files.length} files (${tracked.length} tracked)`);
  return dir;
}
