// The agent bench's machinery against the real servers (Loupe's built CLI, Repomix's bin) on a small
// git project: the scripts can read what each server really answers (Repomix's output id and grep
// lines, Loupe's best match), the random ids are replaced before counting, and facts are checked in
// what a reader sees (Repomix's JSON decoded).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEnv, runScript } from './agent-run';
import { loupe, readable, repomix, shows, type Task } from './agent-script';
import { type Answer, FIXED_ID } from './agent-servers';
import { loupeBin } from './pack';

const APP = `GREETING = "hello"
DEFAULT_TIMEOUT = 42


def handle(request):
    """Answers one request within the default timeout."""
    return respond(request, DEFAULT_TIMEOUT)


def respond(request, timeout):
    return (request, timeout)
`;

const task: Task = {
  id: 'fixture-1',
  repo: 'project',
  kind: 'pinpoint',
  question: 'What greeting and timeout does the app use, and where are they set?',
  facts: [
    { text: 'GREETING = "hello"', path: 'src/app.py' },
    { text: 'DEFAULT_TIMEOUT = 42', path: 'src/app.py' },
    { text: 'return respond(request, DEFAULT_TIMEOUT)' },
  ],
  scripts: {
    loupe: [
      loupe.search('def handle'),
      // The search shows handle whole as its best match: this read is not taken.
      loupe.read({ path: 'src/app.py', symbol: 'handle' }),
      loupe.search('GREETING = |DEFAULT_TIMEOUT = ', { regex: true }),
    ],
    repomix: [
      repomix.pack('src/**'),
      repomix.grep('def handle|DEFAULT_TIMEOUT = |<file path='),
      repomix.readAt('def handle', 0, 2),
      // From the file's header line down: this answer names the path too.
      repomix.readAt('DEFAULT_TIMEOUT = ', 2, 0),
    ],
  },
};

let base: string;
let root: string;

beforeAll(() => {
  if (!existsSync(path.join(path.dirname(loupeBin), '../dist/loupe.js')))
    throw new Error('The CLI is not built: run `npm run build -w apps/cli` before this test.');
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'loupe-agent-bench-')));
  root = path.join(base, 'project');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src/app.py'), APP);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('agent bench scripts on the real servers', () => {
  it('Repomix: reads the output id and grep lines, shows every fact, counts with the fixed id', async () => {
    const env = agentEnv(path.join(base, 'work-r'));
    const [a, b] = [await runScript(task, 'repomix', root, env), await runScript(task, 'repomix', root, env)];
    expect(a.stuck).toBe(0);
    expect(a.answers.map((x) => x.tool)).toEqual([
      'pack_codebase',
      'grep_repomix_output',
      'read_repomix_output',
      'read_repomix_output',
    ]);
    expect(a.shown).toEqual([true, true, true]);
    const id = a.answers[1]!.args.outputId as string;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(a.answers.every((x) => !x.text.includes(id))).toBe(true);
    expect(a.answers[0]!.text).toContain(FIXED_ID);
    // Fresh ids each session, the same numbers.
    expect(b.answers[1]!.args.outputId).not.toBe(id);
    expect(b.answers.map((x) => x.tokens)).toEqual(a.answers.map((x) => x.tokens));
  });

  it('Loupe: skips the read its search already showed, shows every fact, counts with the fixed nonce', async () => {
    const env = agentEnv(path.join(base, 'work-l'));
    const [a, b] = [await runScript(task, 'loupe', root, env), await runScript(task, 'loupe', root, env)];
    expect(a.answers.map((x) => x.tool)).toEqual(['search', 'search']);
    expect(a.shown).toEqual([true, true, true]);
    expect(a.answers.every((x) => x.text.includes(`untrusted-data-${FIXED_ID}`))).toBe(true);
    expect(a.answers.some((x) => /untrusted-data-(?!5d1f8a3c9e27b064)[0-9a-f]{16}/.test(x.raw))).toBe(true);
    expect(a.answers.every((x) => !/untrusted-data-(?!5d1f8a3c9e27b064)[0-9a-f]{16}/.test(x.text))).toBe(
      true,
    );
    expect(b.answers.map((x) => x.tokens)).toEqual(a.answers.map((x) => x.tokens));
  });
});

describe('fact checks', () => {
  const answer = (raw: string): Answer => ({
    tool: 't',
    args: {},
    raw,
    text: raw,
    tokens: 0,
    isError: false,
  });

  it('decodes JSON answers, nested JSON strings included', () => {
    const nested = JSON.stringify({ result: JSON.stringify({ content: 'x = "quoted"\ny = 1' }) });
    expect(nested.includes('x = "quoted"')).toBe(false);
    expect(readable(nested)).toContain('x = "quoted"');
    expect(shows([answer(nested)], { text: 'x = "quoted"' })).toBe(true);
    expect(readable('plain {text}')).toBe('plain {text}');
  });

  it('a location needs the text and the path in one answer', () => {
    const text = answer('DEFAULT_TIMEOUT = 42');
    const path = answer('src/app.py');
    expect(shows([text, path], { text: 'DEFAULT_TIMEOUT = 42' })).toBe(true);
    expect(shows([text, path], { text: 'DEFAULT_TIMEOUT = 42', path: 'src/app.py' })).toBe(false);
    expect(
      shows([answer('src/app.py\n2: DEFAULT_TIMEOUT = 42')], {
        text: 'DEFAULT_TIMEOUT = 42',
        path: 'src/app.py',
      }),
    ).toBe(true);
  });
});
