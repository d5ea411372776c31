// The streamed search (stream.ts): the same answer as the warm index, over real repositories and
// over secrets; and `needleFor` checked against every placement of a query over a placeholder.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { needleFor } from './needle';
import { IndexMaskSession } from './placeholders';
import type { SearchOptions, SearchResult } from './result';
import { STREAM_FROM, searchFocus, searchIndexOf } from './search';
import { openProject, shownText, type TestProject } from './testing';
import { fold } from './text';

/** A result without its timing: what must be equal between the streamed search and the index. */
const answer = (r: SearchResult) => JSON.stringify({ ...r, ms: 0 });

describe('needleFor', () => {
  const RULES = ['generic-api-key', 'github-pat', 'secret-value'];

  it('keeps a query that cannot reach a placeholder, and cuts one that can', () => {
    expect(needleFor('render', RULES, false)).toBe('render');
    expect(needleFor('model', RULES, false)).toBe('mode'); // `mode` then a placeholder's `L`
    expect(needleFor('key=loupe_red', RULES, false)).toBe('key=');
    expect(needleFor('redacted', RULES, false)).toBe(''); // inside the visible part
    expect(needleFor('api-key', RULES, false)).toBe('');
    expect(needleFor('Model', RULES, true)).toBe('Model'); // case counts: `l` is not `L`
    expect(needleFor('ModeL', RULES, true)).toBe('Mode');
  });

  it('a masked text never holds a query whose needle its own text lacks (every placement)', () => {
    // Small alphabets make collisions with the placeholder's letters likely.
    const session = new IndexMaskSession();
    const rule = 'github-pat';
    let checked = 0;
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = 'LOUPE_REDACTED[github-pat#q]xyz= \n'.split('');
    const word = (n: number) => Array.from({ length: n }, () => alphabet[rand(alphabet.length)]).join('');
    const missed: string[] = [];
    for (let i = 0; i < 600; i++) {
      const before = word(rand(6));
      const after = word(rand(6));
      const value = word(3 + rand(5));
      const raw = before + value + after;
      const masked = before + session.placeholder(rule, `v${i}`) + after;
      const spans = session.privateSpans(masked);
      for (const cs of [true, false]) {
        const hay = cs ? masked : fold(masked);
        const own = cs ? raw : fold(raw);
        // Every substring of the masked text that avoids the private part is a query that matches.
        for (let s = 0; s < hay.length; s++)
          for (let e = s + 1; e <= Math.min(hay.length, s + 12); e++) {
            if (spans.length && s < spans[1]! && e > spans[0]!) continue;
            const q = hay.slice(s, e);
            if (!own.includes(needleFor(q, [rule], cs)))
              missed.push(`${JSON.stringify(q)} in ${JSON.stringify(masked)}`);
            checked++;
          }
      }
    }
    expect(missed.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });
});

// Token shapes Gitleaks' rules recognise, assembled so this file holds no literal secret.
const TOKEN = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
const PASSWORD = ['s3cr3t', 'Value', '4242'].join('-');

describe('a streamed search over secrets', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      '.env': `DB_HOST=db.internal\nDB_PASSWORD=${PASSWORD}\nGITHUB_TOKEN=${TOKEN}\n`,
      'src/settings.ts': `export const token = "${TOKEN}";\nexport const mode = 1;\n`,
      'docs/masking.md': 'A placeholder looks like LOUPE_REDACTED[generic-api-key#1] in output.\n',
      'src/plain.ts': 'export const nothing = 0;\n',
    });
  });
  afterAll(() => p.close());

  const stream = (q: string, o: SearchOptions = {}) =>
    searchFocus(p.ws, q, { ...o, stream: true, buildIndex: false });

  it('never finds or shows a value, by the value or by its shape', async () => {
    for (const q of [TOKEN, TOKEN.slice(4, 16), PASSWORD, 's3cr3t']) {
      const r = await stream(q);
      expect(r.totals.files, q).toBe(0);
      expect(JSON.stringify({ ...r, query: undefined })).not.toContain(q);
    }
    expect((await stream('ghp_[A-Za-z0-9]{36}', { regex: true })).totals.files).toBe(0);
    expect((await stream('[A-Za-z0-9]{30,}', { regex: true })).totals.files).toBe(0);
  });

  it('finds what runs into a placeholder, as the index does', async () => {
    for (const [q, regex] of [
      ['LOUPE_REDACTED', false],
      ['TOKEN=LOUPE', false],
      ['github-pat', false],
      ['token = "L', false],
      ['=LOUPE_\\w+', true],
      ['GITHUB_TOKEN', false],
      ['mode', false],
    ] as const) {
      const streamed = await stream(q, { regex });
      const indexed = await searchFocus(p.ws, q, { regex, stream: false });
      expect(answer(streamed), q).toBe(answer(indexed));
      expect(streamed.totals.files, q).toBeGreaterThan(0);
    }
    const r = await stream('GITHUB_TOKEN');
    expect(shownText(r)).toMatch(/GITHUB_TOKEN=LOUPE_REDACTED\[github-pat#1\]/);
    expect(shownText(r)).not.toContain(TOKEN);
  });
});

const REPOS = ['/work/scratch/flask', '/work/scratch/express'].filter((d) => existsSync(d));

describe.skipIf(REPOS.length === 0)('streamed search = the warm index, on real repositories', () => {
  const QUERIES: Array<[string, boolean]> = [
    ['request', false], // a common word
    ['Request', false], // smart case
    ['app.route', false], // a qualified name
    ['send(', false], // punctuation
    ['def \\w+_request\\(', true],
    ['function \\w+\\(req', true],
    ['[A-Z]\\w+Error\\b', true], // no literal: every file masked
    ['zzqx_not_there', false],
  ];
  for (const dir of REPOS)
    it(`${dir}: every query gives the same result streamed and indexed`, { timeout: 240_000 }, async () => {
      const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, countTokens: false });
      try {
        for (const [q, regex] of QUERIES) {
          const streamed = await searchFocus(ws, q, {
            regex,
            stream: true,
            buildIndex: false,
            maxResults: 200,
          });
          const indexed = await searchFocus(ws, q, { regex, stream: false, maxResults: 200 });
          expect(answer(streamed), q).toBe(answer(indexed));
        }
      } finally {
        await ws.close();
      }
    });
});

/**
 * Files `git grep` finds, among the files Loupe searches. Loupe searches tracked files and
 * untracked files that are not ignored (`git ls-files --cached --others --exclude-standard`); git
 * grep searches tracked files, and with `--untracked` it also searches untracked ones but then
 * skips tracked files an ignore rule matches, so git's answer is the union of both. -I skips
 * binary files (a NUL in the first 8,000 bytes: Loupe's rule too). What Loupe does not search at
 * all (its smart ignore: lock files, minified and generated files; files over the size limit) is
 * left out by intersecting with the files it searched.
 */
function gitGrepFiles(dir: string, query: string, regex: boolean, caseSensitive: boolean): string[] {
  const out = new Set<string>();
  for (const untracked of [false, true]) {
    const args = [
      'grep',
      '-l',
      '-I',
      ...(untracked ? ['--untracked'] : []),
      regex ? '-E' : '-F',
      ...(caseSensitive ? [] : ['-i']),
      '-e',
      query,
    ];
    const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0 && r.status !== 1) throw new Error(`git grep failed: ${r.stderr}`);
    for (const p of r.stdout.split('\n')) if (p) out.add(p);
  }
  return [...out];
}

/** Every matching file a result names (shown, or named under "not shown"); all of them when none is counted in folders. */
function namedFiles(r: SearchResult): string[] {
  expect(r.notShown.folders).toEqual([]);
  return [...r.files.map((f) => f.path), ...r.notShown.files.map((f) => f.path)];
}

describe.skipIf(REPOS.length === 0)('streamed search finds the files git grep finds', () => {
  // Queries whose matching files a result names one by one (at most 20 beyond those shown).
  const CASES: Record<string, Array<[string, boolean]>> = {
    flask: [
      ['send_file', false],
      ['SecureCookieSession', false],
      ['jsonify', false],
      ['def (get|post)_\\w+', true],
      ['app\\.route\\("/[a-z]+', true],
    ],
    express: [
      ['sendFile', false],
      ['etag', false],
      ['res\\.(json|jsonp)\\(', true],
      ['function [a-z]+\\(req, res', true],
      ['app\\.(get|post)\\(./[a-z]+', true],
    ],
  };
  for (const dir of REPOS)
    it(`${dir}: the same files, literal and regex`, { timeout: 240_000 }, async () => {
      const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, countTokens: false });
      try {
        // Files with a NUL early on are binary to Loupe; git reads them as text when .gitattributes
        // sets `diff` (test262 has a few; flask and express none).
        const text = (f: { path: string }) =>
          !readFileSync(path.join(dir, f.path)).subarray(0, 8000).includes(0);
        const searched = new Set(
          ws.index
            .all()
            .filter((f) => !f.flag && text(f))
            .map((f) => f.path),
        );
        for (const [q, regex] of CASES[path.basename(dir)] ?? []) {
          const r = await searchFocus(ws, q, { regex, stream: true, buildIndex: false, maxResults: 500 });
          const git = gitGrepFiles(dir, q, regex, r.caseSensitive).filter((p) => searched.has(p));
          expect(git.length, q).toBeGreaterThan(0);
          expect(namedFiles(r).sort(), q).toEqual(git.sort());
          expect(r.totals.files, q).toBe(git.length);
        }
      } finally {
        await ws.close();
      }
    });
});

describe('a cold index: stream, then build', () => {
  it('streams while the index is cold, builds it after, and answers the same from it', {
    timeout: 240_000,
  }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < STREAM_FROM + 200; i++)
      files[`src/m${String(i).padStart(4, '0')}.ts`] =
        i % 97 === 0
          ? `export function placeOrder${i}() {\n  return ${i};\n}\n`
          : `export const v${i} = ${i};\n`;
    const p = await openProject(files);
    try {
      const index = searchIndexOf(p.ws);
      const first = await searchFocus(p.ws, 'placeOrder');
      // Answered without the index: it starts building only after this answer.
      expect(index.size).toBe(0);
      expect(first.totals.files).toBe(13);
      await index.ensure(p.ws.focusedFiles());
      expect(index.size).toBe(STREAM_FROM + 200);
      const warm = await searchFocus(p.ws, 'placeOrder');
      expect(answer(warm)).toBe(answer(first));
    } finally {
      await p.close();
    }
  });
});
