// The streamed search (stream.ts): the same answer as the warm index, over real repositories and
// over secrets; and `needleFor` checked against every placement of a query over a placeholder.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { needleFor } from './needle';
import { IndexMaskSession } from './placeholders';
import type { SearchOptions, SearchResult } from './result';
import { searchFocus } from './search';
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
