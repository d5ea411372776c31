// Search runs over masked text: it never shows or locates a secret value. Placeholders in results
// are numbered in the caller's session (as its reads number them), never index-wide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { searchFocus, searchIndexOf } from './search';
import { openProject, shownText, type TestProject } from './testing';

// Token shapes Gitleaks' rules recognise, assembled so this file holds no literal secret.
const TOKEN = ['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('');
const OTHER = ['ghp', '_', 'Lm3Nb7Vc1Xz9Qw2Er5Ty8Ui4Op6As0DfGh7J'].join('');
const PASSWORD = ['s3cr3t', 'Value', '4242'].join('-');

let p: TestProject;
beforeAll(async () => {
  p = await openProject({
    '.env': `DB_HOST=db.internal\nDB_PASSWORD=${PASSWORD}\nGITHUB_TOKEN=${TOKEN}\n`,
    'src/settings.ts': `export const token = "${TOKEN}";\nexport const other = "${OTHER}";\n`,
    'src/deploy.ts': `// deploy with the other token\nexport const deployToken = "${OTHER}";\n`,
    'docs/masking.md': 'A placeholder looks like LOUPE_REDACTED[generic-api-key#1] in output.\n',
  });
});
afterAll(() => p.close());

/** Everything a result holds, but the query it echoes. */
const everything = (r: Awaited<ReturnType<typeof searchFocus>>) => JSON.stringify({ ...r, query: undefined });

describe('search over masked text', () => {
  it('a query equal to a secret value, or a part of it, finds nothing', async () => {
    for (const q of [TOKEN, TOKEN.slice(4, 16), PASSWORD, 's3cr3t', OTHER.slice(-10)]) {
      const r = await searchFocus(p.ws, q);
      expect(r.totals.files, q).toBe(0);
      expect(everything(r)).not.toContain(q);
    }
  });

  it('a regular expression for the secret shape finds nothing', async () => {
    const r = await searchFocus(p.ws, 'ghp_[A-Za-z0-9]{36}', { regex: true });
    expect(r.totals.files).toBe(0);
    const broad = await searchFocus(p.ws, '[A-Za-z0-9]{30,}', { regex: true });
    expect(broad.totals.files).toBe(0);
  });

  it('a query for the key name finds the line, with the placeholder in place of the value', async () => {
    const r = await searchFocus(p.ws, 'GITHUB_TOKEN');
    expect(r.files.map((f) => f.path)).toEqual(['.env']);
    const text = shownText(r);
    expect(text).toMatch(/GITHUB_TOKEN=LOUPE_REDACTED\[github-pat#1\]/);
    expect(everything(r)).not.toContain(TOKEN);
    expect(Object.values(r.masked).reduce((a, b) => a + b, 0)).toBe(2);
    const pw = await searchFocus(p.ws, 'DB_PASSWORD');
    expect(shownText(pw)).toMatch(/DB_PASSWORD=LOUPE_REDACTED\[[\w-]+#1\]/);
  });

  it('never shows the index placeholders, and their private part cannot be searched', async () => {
    const nonce = searchIndexOf(p.ws).session.nonce;
    const r = await searchFocus(p.ws, 'LOUPE_REDACTED');
    expect(r.files.map((f) => f.path).sort()).toEqual([
      '.env',
      'docs/masking.md',
      'src/deploy.ts',
      'src/settings.ts',
    ]);
    expect(everything(r)).not.toContain(nonce);
    expect((await searchFocus(p.ws, nonce)).totals.files).toBe(0);
    expect((await searchFocus(p.ws, `#${nonce.slice(0, 4)}`)).totals.files).toBe(0);
    // Text that merely looks like a placeholder is the file's own and is shown as it is.
    const doc = await searchFocus(p.ws, 'looks like');
    expect(shownText(doc)).toContain('A placeholder looks like LOUPE_REDACTED[generic-api-key#1] in output.');
    expect(doc.masked).toEqual({});
  });

  it("numbers values in the caller's session, the way that session's reads do", async () => {
    const session = p.ws.newMaskSession();
    const r = await searchFocus(p.ws, 'deployToken', { session });
    expect(r.placeholders).toBe('session');
    // The first value this session sees is #1, whatever its place in the index.
    expect(shownText(r)).toContain('deployToken = "LOUPE_REDACTED[github-pat#1]"');
    const read = await p.ws.content.read(
      p.ws.index.get('src/settings.ts')!,
      { path: 'src/settings.ts' },
      session,
    );
    expect(read.kind === 'content' && read.text).toBe(
      'export const token = "LOUPE_REDACTED[github-pat#2]";\nexport const other = "LOUPE_REDACTED[github-pat#1]";\n',
    );
    // Another session starts its own numbering: nothing correlates values across sessions.
    const second = p.ws.newMaskSession();
    const r2 = await searchFocus(p.ws, 'export const token', { session: second });
    expect(shownText(r2)).toContain('export const token = "LOUPE_REDACTED[github-pat#1]"');
  });

  it('a session under another key gets numbers local to the result, and says so', async () => {
    const r = await searchFocus(p.ws, 'GITHUB_TOKEN', { session: new MaskSession() });
    expect(r.placeholders).toBe('local');
    expect(shownText(r)).toMatch(/GITHUB_TOKEN=LOUPE_REDACTED\[github-pat#1\]/);
  });
});
