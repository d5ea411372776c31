// maskText end to end: numbering, positions, idempotency, fail-closed limits, report wording.
import { beforeAll, describe, expect, it } from 'vitest';
import { assembleMask, maskText, prepareMask } from './mask';
import { countByRule, maskingFooter, maskingNotice, PLACEHOLDER_WARNING, summarizeMasking } from './report';
import { loadMaskRules, type MaskRules } from './rules';
import { DEFAULT_LIMITS } from './scan';
import { MaskSession, valueIdentity } from './session';

const GH = `ghp_${'Zx9Qw3Er5T'.repeat(3)}y7U1i2`;
const PW = ['s3Cr', 'et-Pa55', 'w0rd!'].join('');
let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});

describe('maskText', () => {
  it('numbers a value the same under the same rule across files, and per rule from 1', () => {
    const session = new MaskSession();
    const a = maskText(`GITHUB_TOKEN=${GH}\nDB_PASSWORD=${PW}\n`, '.env', rules, session);
    const b = maskText(`x = "${GH}"\ny = "${GH.replace('Zx9', 'Ab1')}"\n`, 'b.py', rules, session);
    expect(a.findings.map((f) => f.placeholder)).toEqual([
      'LOUPE_REDACTED[github-pat#1]',
      'LOUPE_REDACTED[secret-value#1]',
    ]);
    expect(b.findings.map((f) => f.placeholder)).toEqual([
      'LOUPE_REDACTED[github-pat#1]',
      'LOUPE_REDACTED[github-pat#2]',
    ]);
    expect(session.distinct()).toEqual({ 'github-pat': 2, 'secret-value': 1 });
    // Another session numbers independently and its identities differ (keyed hashes).
    const other = new MaskSession();
    expect(maskText(`k=${GH}`, 'a.txt', rules, other).findings[0]!.placeholder).toBe(
      'LOUPE_REDACTED[github-pat#1]',
    );
    expect(valueIdentity(session.key, GH)).not.toBe(valueIdentity(other.key, GH));
  });

  it('reveals nothing of the value: placeholders carry no length or hash', () => {
    const session = new MaskSession();
    const short = maskText('PASSWORD=abcd1234\n', '.env', rules, session).text;
    const long = maskText(`PASSWORD=${'k9'.repeat(40)}\n`, '.env', rules, session).text;
    expect(short).toBe('PASSWORD=LOUPE_REDACTED[secret-value#1]\n');
    expect(long).toBe('PASSWORD=LOUPE_REDACTED[secret-value#2]\n');
  });

  it('reports 1-based line and column spans in UTF-16 units of the original text', () => {
    const text = `é😀 token\n  key: "${GH}" ü\n`;
    const r = maskText(text, 'notes.yaml', rules, new MaskSession());
    expect(r.findings).toEqual([
      {
        rule: 'github-pat',
        line: 2,
        column: 9,
        endLine: 2,
        endColumn: 9 + GH.length,
        placeholder: 'LOUPE_REDACTED[github-pat#1]',
      },
    ]);
    const line = text.split('\n')[1]!;
    expect(line.slice(8, 8 + GH.length)).toBe(GH);
    expect(r.text).toBe(`é😀 token\n  key: "LOUPE_REDACTED[github-pat#1]" ü\n`);
  });

  it('is idempotent: masking masked text changes nothing', () => {
    const session = new MaskSession();
    const once = maskText(
      `TOKEN=${GH}\nDB_PASSWORD="${PW}"\nurl=redis://:${PW}@cache:6379\n`,
      '.env',
      rules,
      session,
    );
    const twice = maskText(once.text, '.env', rules, session);
    expect(twice.text).toBe(once.text);
    expect(twice.findings).toEqual([]);
  });

  it('withholds files over the size limit and never returns their text', () => {
    const r = maskText(`TOKEN=${GH}\n`, '.env', rules, new MaskSession(), {
      ...DEFAULT_LIMITS,
      maxBytes: 10,
    });
    expect(r).toEqual({
      text: '',
      findings: [],
      withheld: 'the file is larger than 0 MiB, the masking limit; it was withheld',
    });
    const big = maskText('x'.repeat(16 * 1024 * 1024 + 1), 'big.txt', rules, new MaskSession());
    expect(big.withheld).toBe('the file is larger than 16 MiB, the masking limit; it was withheld');
    expect(big.text).toBe('');
  });

  it('withholds past the match limit, a count: the same text gives the same answer', () => {
    const three = maskText(`${GH}\n${GH}\n${GH}\n`, 'a.txt', rules, new MaskSession(), {
      ...DEFAULT_LIMITS,
      maxMatches: 3,
    });
    expect(three.withheld).toBeUndefined();
    expect(three.findings).toHaveLength(3);
    const many = maskText(`${GH}\n${GH}\n${GH}\n`, 'a.txt', rules, new MaskSession(), {
      ...DEFAULT_LIMITS,
      maxMatches: 2,
    });
    expect(many.withheld).toBe('more than 2 rule matches; the file was withheld');
  });

  it('withholds on an engine error, with its name only', () => {
    const broken = { ...rules, rules: undefined } as unknown as MaskRules;
    expect(maskText(`TOKEN=${GH}`, '.env', broken, new MaskSession())).toEqual({
      text: '',
      findings: [],
      withheld: 'masking failed (TypeError); the file was withheld',
    });
  });

  it('stays linear on adversarial inputs (a quadratic scanner would not finish within the test timeout)', () => {
    const n = 1_000_000;
    const cases: Array<[string, string]> = [
      ['a.yaml', `a${' '.repeat(n)}b\n`],
      ['a.yaml', `k: ${'x: '.repeat(n / 3)}\n`],
      ['a.yaml', `${'- '.repeat(n / 2)}x\n`],
      ['a.properties', `k=${'v\\\n'.repeat(n / 3)}end\n`],
      ['a.xml', `<a ${'b'.repeat(n)}>`],
      ['a.xml', `<a ${'b="1" '.repeat(n / 7)}>`],
      ['a.toml', `${'a.'.repeat(n / 2)}b = "x"\n`],
      ['.env', `${'A'.repeat(n)}=x\n`],
      ['a.ts', `const x = "${'\\"'.repeat(n / 2)}";\n`],
      ['a.txt', `${['pass', 'word='].join('').repeat(n / 9)};server=x\n`],
      ['a.txt', `${'http://'.repeat(n / 7)}\n`],
      ['a.json', `{"password": "${'a'.repeat(n)}"}`],
    ];
    for (const [p, t] of cases) expect(maskText(t, p, rules, new MaskSession()).withheld, p).toBeUndefined();
  });

  it('withholds files that are secrets by path (pkcs12-file)', () => {
    expect(maskText('binary-ish', 'certs/client.p12', rules, new MaskSession()).withheld).toBe(
      'the whole file is a secret by rule pkcs12-file',
    );
  });

  it('prepares without values and assembles to the same result', () => {
    const session = new MaskSession();
    const text = `a=${GH}\n`;
    const prepared = prepareMask(text, 'a.env', rules, session.key);
    expect(JSON.stringify(prepared)).not.toContain(GH);
    expect(prepared.pieces).toEqual(['a=', '\n']);
    expect(assembleMask(prepared, session)).toEqual(maskText(text, 'a.env', rules, new MaskSession()));
  });
});

describe('report wording', () => {
  it('never calls output safe and warns agents about placeholders', () => {
    expect(maskingNotice(0)).toBe('0 values masked by rules; rules can miss secrets');
    expect(maskingNotice(1)).toBe('1 value masked by rules; rules can miss secrets');
    expect(maskingNotice(12)).toBe('12 values masked by rules; rules can miss secrets');
    expect(PLACEHOLDER_WARNING).toMatch(
      /LOUPE_REDACTED\[rule#n\].*placeholders.*never write them back into files/,
    );
  });

  it('summarizes counts per rule and withheld files', () => {
    const session = new MaskSession();
    const a = maskText(`T=${GH}\nDB_PASSWORD=${PW}\n`, '.env', rules, session);
    const b = maskText('x'.repeat(20), 'b.txt', rules, session, { ...DEFAULT_LIMITS, maxBytes: 5 });
    expect(countByRule(a.findings)).toEqual({ 'github-pat': 1, 'secret-value': 1 });
    const summary = summarizeMasking([
      { path: '.env', result: a },
      { path: 'b.txt', result: b },
    ]);
    expect(summary).toMatchObject({ files: 2, masked: 2, byRule: { 'github-pat': 1, 'secret-value': 1 } });
    expect(summary.withheld.map((w) => w.path)).toEqual(['b.txt']);
    expect(maskingFooter(summary)).toBe('2 values masked by rules; rules can miss secrets; 1 file withheld');
  });
});
