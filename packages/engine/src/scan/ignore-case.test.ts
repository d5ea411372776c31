// core.ignoreCase read from the config file, against git itself: every config text below is
// written into a real repository and `git config --get --bool core.ignorecase` is the oracle.
// Where the reader answers, it must answer as git; where it defers, openRepo asks git.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRunner } from './git';
import { ignoreCaseFromConfig } from './ignore-case';
import { openRepo } from './repo';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-ignorecase-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const repo = path.join(work, 'repo');
execFileSync('git', ['init', '-q', repo], { env });
const base = '[core]\n\trepositoryformatversion = 0\n\tbare = false\n';

function gitSays(config: string): boolean {
  writeFileSync(path.join(repo, '.git', 'config'), config);
  try {
    const out = execFileSync('git', ['config', '--get', '--bool', 'core.ignorecase'], { cwd: repo, env });
    return out.toString().trim() === 'true';
  } catch {
    return false; // unset, or not a boolean: openRepo treats a failed call as false
  }
}

const cases = [
  base,
  `${base}\tignorecase = true\n`,
  `${base}\tignoreCase = false\n`,
  `${base}\tIGNORECASE=yes\n`,
  `${base}\tignorecase = on ; comment\n`,
  `${base}\tignorecase = off # comment\n`,
  `${base}\tignorecase\n`,
  `${base}\tignorecase =\n`,
  `${base}\tignorecase = true\n\tignorecase = false\n`,
  `${base}\tignorecase = false\n[core]\n\tignorecase = true\n`,
  `${base}[core "sub"]\n\tignorecase = true\n`,
  `${base}[core.sub]\n\tignorecase = true\n`,
  `${base}[Core]\n\tignorecase = TRUE\n`,
  `${base}[user]\n\tignorecase = true\n`,
  `${base}\tignorecase = 1\n`,
  `${base}\tignorecase = 0\n`,
  `${base}\tignorecase = maybe\n`,
  `${base}\tignorecase = "true"\n`,
  `${base}\tignorecase = tr\\\nue\n`,
  `${base}\r\n\tignorecase = true\r\n`,
  `# ignorecase = true\n${base}; ignorecase = true\n`,
  `\uFEFF${base}\tignorecase = true\n`,
  `${base}[remote "o"]\n\turl = "a # b"\n[core]\n\tignorecase = yes\n`,
];

describe('core.ignoreCase from the config file', () => {
  it('answers as git does, or defers to git', () => {
    let answered = 0;
    for (const text of cases) {
      const mine = ignoreCaseFromConfig(text);
      if (mine === undefined) continue;
      answered++;
      expect({ text, value: mine }).toEqual({ text, value: gitSays(text) });
    }
    expect(answered).toBeGreaterThan(12); // the plain files are read, not all deferred
  });

  it("openRepo gets git's answer when the file includes another", async () => {
    writeFileSync(path.join(work, 'extra.cfg'), '[core]\n\tignorecase = true\n');
    writeFileSync(
      path.join(repo, '.git', 'config'),
      `${base}[include]\n\tpath = ${path.join(work, 'extra.cfg')}\n`,
    );
    expect(ignoreCaseFromConfig(`${base}[include]\n\tpath = x\n`)).toBeUndefined();
    const ctx = await openRepo(repo, '', createGitRunner([repo]));
    expect(ctx.ignoreCase).toBe(true);
  });

  it("openRepo reads a plain file's value", async () => {
    for (const value of ['true', 'false']) {
      writeFileSync(path.join(repo, '.git', 'config'), `${base}\tignorecase = ${value}\n`);
      const ctx = await openRepo(repo, '', createGitRunner([repo]));
      expect(ctx.ignoreCase).toBe(value === 'true');
    }
  });
});
