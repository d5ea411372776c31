// A value masked once is masked everywhere it occurs: in the same file (a commented-out copy, an
// assertion), in later files of the same session, in files masked together (an export, an index
// build), on worker threads as in this one; and a search cannot find it by a prefix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFocus } from '../search/search';
import { openProject, type TestProject } from '../search/testing';
import { maskText } from './mask';
import { createMaskPool, type MaskPool } from './pool';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

// Assembled at run time, so this file holds no secret.
const AWS = ['wJalrXUtnF', 'EMI/K7MDENG', '/bPxRfiCYz', 'QWERTZ'].join('');
const PW = ['M2JWQ', '*jdE7', 'l7H@4&'].join('');

let rules: MaskRules;
let pool: MaskPool;
beforeAll(async () => {
  rules = await loadMaskRules();
  pool = await createMaskPool({ maxThreads: 2 });
});
afterAll(() => pool.close());

describe('a masked value is masked everywhere', () => {
  it('in the same file: the commented-out copy too', () => {
    const cases: Array<[string, string]> = [
      ['src/aws.ts', `// AWS_SECRET_ACCESS_KEY=${AWS}\nexport const aws = { secretAccessKey: '${AWS}' };\n`],
      ['settings.py', `# SECRET_KEY was ${AWS}\nSECRET_KEY = '${AWS}'\n`],
      ['.env', `AWS_SECRET_ACCESS_KEY=${AWS}\n# previous: ${AWS} (rotated)\n`],
      ['deploy.yaml', `env:\n  DB_PASSWORD: "${PW}"\nnotes: connect with ${PW} from the bastion\n`],
    ];
    for (const [path, text] of cases) {
      const r = maskText(text, path, rules, new MaskSession());
      expect(r.text, path).not.toContain(AWS.slice(0, 8));
      expect(r.text, path).not.toContain(PW.slice(0, 6));
      expect(new Set(r.findings.map((f) => f.placeholder)).size, path).toBe(1);
      expect(r.findings.length, path).toBe(2);
    }
  });

  it('not inside a longer token', () => {
    const text = `SECRET_KEY = '${AWS}'\nother = "x${AWS}y"\n`;
    expect(maskText(text, 'a.py', rules, new MaskSession()).text).toContain(`x${AWS}y`);
  });

  it('in later files of the session, with the same placeholder', () => {
    const session = new MaskSession();
    const env = maskText(`AWS_SECRET_ACCESS_KEY=${AWS}\n`, '.env', rules, session);
    const doc = maskText(`Rotate the old key ${AWS} before Friday.\n`, 'docs/rotate.md', rules, session);
    expect(doc.text).toBe(`Rotate the old key ${env.findings[0]!.placeholder} before Friday.\n`);
    expect(doc.findings).toEqual([
      {
        rule: 'secret-value',
        line: 1,
        column: 20,
        endLine: 1,
        endColumn: 20 + AWS.length,
        placeholder: env.findings[0]!.placeholder,
      },
    ]);
    // Another session does not know it.
    expect(
      maskText(`Rotate the old key ${AWS}.\n`, 'docs/rotate.md', rules, new MaskSession()).text,
    ).toContain(AWS);
  });

  it('in files masked together, whichever comes first, and on worker threads', async () => {
    const session = new MaskSession();
    const items = [
      { path: 'README.md', text: `Local setup: the key is ${AWS}\n` },
      ...Array.from({ length: 10 }, (_, i) => ({
        path: `src/f${i}.ts`,
        text: `export const n${i} = ${i};\n`,
      })),
      { path: '.env', text: `AWS_SECRET_ACCESS_KEY=${AWS}\n` },
    ];
    const out = await pool.maskMany(items, session);
    expect(out[0]!.text).toBe('Local setup: the key is LOUPE_REDACTED[secret-value#1]\n');
    expect(out.at(-1)!.text).toBe('AWS_SECRET_ACCESS_KEY=LOUPE_REDACTED[secret-value#1]\n');
    // A later file on a worker thread, from the session's snapshot.
    const later = await pool.maskText(`echo ${AWS} | aws configure\n`, 'scripts/setup.sh', session);
    expect(later.text).toBe('echo LOUPE_REDACTED[secret-value#1] | aws configure\n');
  });

  it('values shorter than the anchor are masked everywhere in their file only', () => {
    const session = new MaskSession();
    const a = maskText('DB_PASSWORD=q7#Lm2\n# was q7#Lm2\n', '.env', rules, session);
    expect(a.text).toBe('DB_PASSWORD=LOUPE_REDACTED[secret-value#1]\n# was LOUPE_REDACTED[secret-value#1]\n');
    expect(maskText('pw q7#Lm2\n', 'notes.txt', rules, session).text).toBe('pw q7#Lm2\n');
  });
});

describe('search over masked text', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await openProject({
      'src/aws.ts': `// AWS_SECRET_ACCESS_KEY=${AWS}\nexport const aws = { secretAccessKey: '${AWS}' };\n`,
      '.env': `DB_PASSWORD=${PW}\n`,
      'README.md': `Connect with ${PW} from the bastion.\n`,
      ...Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`src/f${i}.ts`, `export const n${i} = ${i};\n`]),
      ),
    });
  });
  afterAll(() => p.close());

  it('finds no masked value by a prefix, in any file it occurs in', async () => {
    for (const q of [AWS.slice(0, 10), AWS, PW.slice(0, 7)]) {
      const r = await searchFocus(p.ws, q);
      expect(r.totals.files, q).toBe(0);
    }
    const key = await searchFocus(p.ws, 'AWS_SECRET_ACCESS_KEY');
    expect(key.files.map((f) => f.path)).toEqual(['src/aws.ts']);
  });
});
