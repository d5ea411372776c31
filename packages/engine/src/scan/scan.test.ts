// Hand-written edge cases: each repository is checked against git itself, and the reasons and
// flags Loupe adds are asserted directly.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { scanProject } from './index';
import { git, gitVisible } from './testing/git-oracle';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-scan-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
function repo(files: Record<string, string>, init = true): string {
  const dir = path.join(work, `r${++counter}`);
  mkdirSync(dir);
  if (init) git(dir, ['init', '-q']);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

async function visible(dir: string): Promise<string[]> {
  return (await scanProject(dir, { stat: false })).files.map((f) => f.path);
}

async function sameAsGit(dir: string): Promise<string[]> {
  const mine = await visible(dir);
  expect(mine).toEqual(gitVisible(dir));
  return mine;
}

describe('git ignore semantics', () => {
  it('cannot re-include a file when its parent folder is excluded, and says which rule hid the folder', async () => {
    const dir = repo({
      '.gitignore': 'build/\n!build/keep.txt\n',
      'build/keep.txt': 'k',
      'build/x.o': 'x',
      'a.txt': 'a',
    });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'a.txt']);
    const { hidden } = await scanProject(dir, { stat: false });
    expect(hidden).toEqual([
      {
        path: 'build',
        dir: true,
        reason: { kind: 'gitignored', source: '.gitignore', line: 1, pattern: 'build/' },
      },
    ]);
  });

  it('re-includes a file when only the folder contents are excluded', async () => {
    const dir = repo({ '.gitignore': 'build/*\n!build/keep.txt\n', 'build/keep.txt': 'k', 'build/x.o': 'x' });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'build/keep.txt']);
  });

  it('handles escapes, comments and trailing spaces', async () => {
    const dir = repo({
      '.gitignore': '# comment\n\\#hash\n\\!bang\ntrail   \nesc\\ \n\n',
      '#hash': '',
      '!bang': '',
      trail: '',
      'esc ': '',
      esc: '',
      'trail ': '',
      keep: '',
    });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'esc', 'keep', 'trail ']);
  });

  it('handles the three ** forms and anchoring', async () => {
    const dir = repo({
      '.gitignore': '**/logs\nout/**\na/**/z.txt\n/top.txt\nmid/dle.txt\n',
      'logs/1': '',
      'x/logs/2': '',
      'out/o': '',
      'a/z.txt': '',
      'a/b/c/z.txt': '',
      'top.txt': '',
      'sub/top.txt': '',
      'mid/dle.txt': '',
      'sub/mid/dle.txt': '',
    });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'sub/mid/dle.txt', 'sub/top.txt']);
  });

  it('scopes nested .gitignore files to their folder and lets deeper rules win', async () => {
    const dir = repo({
      '.gitignore': '*.txt\n',
      'sub/.gitignore': '!keep.txt\n*.md\n',
      'a.txt': '',
      'a.md': '',
      'sub/keep.txt': '',
      'sub/b.md': '',
    });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'a.md', 'sub/.gitignore', 'sub/keep.txt']);
  });

  it('applies .git/info/exclude after every .gitignore', async () => {
    const dir = repo({ '.gitignore': '!x.log\n', 'x.log': '', 'y.log': '' });
    writeFileSync(path.join(dir, '.git/info/exclude'), '*.log\n');
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'x.log']);
    const { hidden } = await scanProject(dir, { stat: false });
    expect(hidden[0]?.reason).toMatchObject({
      kind: 'gitignored',
      source: '.git/info/exclude',
      pattern: '*.log',
    });
  });

  it('keeps tracked files visible even when ignored', async () => {
    const dir = repo({ '.gitignore': '*.log\nbuild/\n', 'a.log': '', 'build/t.txt': '', 'build/u.txt': '' });
    git(dir, ['add', '-f', 'a.log', 'build/t.txt']);
    const result = await scanProject(dir, { stat: false });
    expect(result.files.map((f) => [f.path, f.tracked])).toEqual([
      ['.gitignore', false],
      ['a.log', true],
      ['build/t.txt', true],
    ]);
    expect(result.files.map((f) => f.path)).toEqual(gitVisible(dir));
  });

  it('honours core.ignoreCase from the repository config', async () => {
    const dir = repo({ '.gitignore': '*.LOG\n', 'a.log': '', 'b.txt': '' });
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'a.log', 'b.txt']);
    git(dir, ['config', 'core.ignorecase', 'true']);
    expect(await sameAsGit(dir)).toEqual(['.gitignore', 'b.txt']);
  });

  it('does not read a symlinked .gitignore (git opens it with O_NOFOLLOW)', async () => {
    const dir = repo({ 'rules.txt': 'a.txt\n', 'a.txt': '' });
    symlinkSync('rules.txt', path.join(dir, '.gitignore'));
    expect(await sameAsGit(dir)).toContain('a.txt');
  });

  it('gives a nested repository its own rules', async () => {
    const dir = repo({
      '.gitignore': '*.c\n',
      'outer.c': '',
      'inner/x.c': '',
      'inner/.gitignore': '*.h\n',
      'inner/y.h': '',
    });
    git(path.join(dir, 'inner'), ['init', '-q']);
    const result = await scanProject(dir, { stat: false });
    expect(result.files.map((f) => f.path)).toEqual(['.gitignore', 'inner/.gitignore', 'inner/x.c']);
    expect(result.files.map((f) => f.path)).toEqual(gitVisible(dir));
    expect(result.repos.map((r) => r.path)).toEqual(['', 'inner']);
  });

  it('applies .gitignore files in a folder that is not a repository, and says so', async () => {
    const dir = repo({ '.gitignore': 'secret/\n*.tmp\n', 'secret/a': '', 'b.tmp': '', 'c.txt': '' }, false);
    const result = await scanProject(dir, { stat: false });
    expect(result.files.map((f) => f.path)).toEqual(['.gitignore', 'c.txt']);
    expect(result.notes.join(' ')).toMatch(/not a git repository/);
  });

  it('applies the .gitignore files above a folder opened inside a repository', async () => {
    const dir = repo({
      '.gitignore': '*.log\nsub/skip/\n',
      'sub/a.log': '',
      'sub/b.txt': '',
      'sub/skip/c': '',
    });
    expect(await sameAsGit(path.join(dir, 'sub'))).toEqual(['b.txt']);
  });

  it('shows only tracked files of a folder opened inside an ignored folder', async () => {
    const dir = repo({ '.gitignore': 'gen/\n', 'gen/a.txt': '', 'gen/b.txt': '' });
    git(dir, ['add', '-f', 'gen/a.txt']);
    const result = await scanProject(path.join(dir, 'gen'), { stat: false });
    expect(result.files.map((f) => f.path)).toEqual(['a.txt']);
    expect(result.notes.join(' ')).toMatch(/inside a folder ignored by \.\.\/\.gitignore/);
  });
});

describe('links, binaries and sizes', () => {
  it('lists a symlinked folder without walking it, and flags links that leave the root', async () => {
    const outside = repo({ 'secret.txt': 's' }, false);
    const dir = repo({ 'real/a.txt': 'a', 'big.txt': 'x'.repeat(2000), 'img.png': 'png', 'text.txt': 't' });
    symlinkSync('real', path.join(dir, 'linkdir'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'out.txt'));
    symlinkSync('text.txt', path.join(dir, 'in.txt'));
    const result = await scanProject(dir, { maxFileBytes: 1000 });
    const flags = Object.fromEntries(result.files.map((f) => [f.path, f.flag ?? '']));
    expect(flags).toEqual({
      'big.txt': 'too-large',
      'img.png': 'binary',
      'in.txt': '',
      linkdir: 'symlinked-folder',
      'out.txt': 'symlink-outside-root',
      'real/a.txt': '',
      'text.txt': '',
    });
    expect(result.files.map((f) => f.path)).toEqual(gitVisible(dir));
  });

  it('records unreadable folders as hidden with the reason instead of failing', async () => {
    if (process.getuid?.() === 0) return; // root reads everything; nothing to prove here
    const dir = repo({ 'locked/a.txt': '', 'b.txt': '' });
    chmodSync(path.join(dir, 'locked'), 0o000);
    try {
      const result = await scanProject(dir, { stat: false });
      expect(result.hidden.find((h) => h.path === 'locked')?.reason.kind).toBe('unreadable');
    } finally {
      chmodSync(path.join(dir, 'locked'), 0o755);
    }
  });
});

describe('the walk', () => {
  it('records a folder that cannot be read as hidden and goes on (as root too)', async () => {
    const dir = repo({ 'gone/a.txt': '', 'kept/b.txt': '' });
    // `enter` runs just before a folder is read: the folder turns into a file there.
    const result = await scanProject(dir, {
      stat: false,
      enter: (rel) => {
        if (rel === 'gone') {
          rmSync(path.join(dir, 'gone'), { recursive: true });
          writeFileSync(path.join(dir, 'gone'), '');
        }
        return true;
      },
    });
    expect(result.files.map((f) => f.path)).toEqual(['kept/b.txt']);
    const reason = result.hidden.find((h) => h.path === 'gone')?.reason;
    expect(reason).toEqual({ kind: 'unreadable', message: expect.stringContaining('ENOTDIR') });
  });

  it("lets the host's event loop run during a walk of many folders", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1500; i++) files[`d${i % 30}/e${i}/f.txt`] = '';
    const dir = repo(files, false);
    // Turns of the loop counted from the first folder walked (not while git runs) to the end.
    let turns = 0;
    let walking = false;
    let done = false;
    const tick = () => {
      if (done) return;
      if (walking) turns++;
      setImmediate(tick);
    };
    const scan = scanProject(dir, {
      stat: false,
      smartIgnore: false,
      onProgress: () => {
        walking = true;
      },
    }).finally(() => {
      done = true;
    });
    setImmediate(tick);
    expect((await scan).files).toHaveLength(1500);
    // Folders are read synchronously; the walk must still give the loop turns (every 256 folders).
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});

describe('bad input', () => {
  it('names a missing folder in one sentence', async () => {
    const error = await scanProject(path.join(work, 'nope')).catch((e: unknown) => e);
    expect(isLoupeError(error) && error.code).toBe('not-found');
    expect((error as Error).message).toMatch(/^The folder .*nope does not exist\./);
  });

  it('refuses a file where a folder is expected', async () => {
    const dir = repo({ 'f.txt': '' }, false);
    const error = await scanProject(path.join(dir, 'f.txt')).catch((e: unknown) => e);
    expect(isLoupeError(error) && error.code).toBe('not-a-directory');
  });
});
