// A small real project for tests: files on disk, a real git repository (isolated from the user's
// git configuration), a .gitignore that hides build output.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

export const SAMPLE_FILES: Record<string, string> = {
  '.gitignore': 'dist/\n*.log\n',
  'README.md': '# Sample\n\nA small project for Loupe tests.\n',
  'package.json': '{ "name": "sample", "version": "1.0.0" }\n',
  'src/index.ts': "import { add } from './math/add';\n\nexport const answer = add(40, 2);\n",
  'src/math/add.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'src/math/mul.ts': 'export function mul(a: number, b: number): number {\n  return a * b;\n}\n',
  'src/util/strings.ts': 'export const shout = (s: string) => s.toUpperCase() + "!";\n',
  'docs/guide.md': '# Guide\n\nRead the source.\n',
  'dist/bundle.js': 'console.log("built");\n',
  'debug.log': 'log line\n',
};

export function writeProject(dir: string, files: Record<string, string> = SAMPLE_FILES, git = true): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  if (git) {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, stdio: 'ignore' });
    run('init', '-q', '-b', 'main');
    run('add', '-A');
    run('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init');
  }
  return dir;
}

/** A temp folder removed by `dispose()`. */
export function tempDir(prefix = 'loupe-host-'): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
