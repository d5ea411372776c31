// Gitleaks semantics, case by case, on small rule files written here.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { detectSecrets, MaskLimitError } from './detect';
import { shannonEntropy } from './entropy';
import { compileMaskRules } from './rules';

function custom(toml: string) {
  const bytes = Buffer.from(toml);
  return compileMaskRules(bytes, 'custom.toml', createHash('sha256').update(bytes).digest('hex'));
}

const open = { maxMatches: 1e6 };
function found(toml: string, text: string, path = '') {
  const r = detectSecrets(Buffer.from(text), path, custom(toml), open);
  return {
    secrets: r.findings.map((f) => `${f.rule.id}:${f.secret}`),
    matches: r.findings.map((f) => text.slice(f.matchStart, f.matchEnd)),
    files: r.fileRules.map((x) => x.id),
  };
}

describe('detector semantics (Gitleaks detect.go)', () => {
  it('runs a rule only when one of its keywords occurs, case-insensitively', () => {
    const rule = `[[rules]]\nid = "r"\nregex = '''x\\d{3}'''\nkeywords = ["Token"]\n`;
    expect(found(rule, 'x123').secrets).toEqual([]);
    expect(found(rule, 'TOKEN x123').secrets).toEqual(['r:x123']);
    expect(found(`[[rules]]\nid = "r"\nregex = '''x\\d{3}'''\n`, 'x123').secrets).toEqual(['r:x123']);
  });

  it('takes secretGroup, else the first non-empty group, else the whole match', () => {
    const base = `[[rules]]\nid = "r"\nregex = '''(a*)(b+)-(c+)'''\n`;
    expect(found(base, 'bb-cc').secrets).toEqual(['r:bb']);
    expect(found(`${base}secretGroup = 3\n`, 'bb-cc').secrets).toEqual(['r:cc']);
    expect(found(`${base}secretGroup = 9\n`, 'bb-cc').secrets).toEqual([]); // no such group: skipped
    expect(found(`[[rules]]\nid = "r"\nregex = '''b+-c+'''\n`, 'bb-cc').secrets).toEqual(['r:bb-cc']);
  });

  it('finds the group by re-running the regex on the match, as upstream does', () => {
    const rule = `[[rules]]\nid = "r"\nregex = '''(?:^|z)(x|xy)q'''\n`;
    expect(found(rule, 'zxyq').secrets).toEqual(['r:xy']);
  });

  it('trims newlines around the match', () => {
    expect(found(`[[rules]]\nid = "r"\nregex = '''\\n*abc\\n*'''\n`, 'a\n\nabc\n\nz').matches).toEqual([
      'abc',
    ]);
  });

  it('requires entropy strictly above the threshold (bytes, not characters, divide)', () => {
    const e = shannonEntropy('abcabcab');
    const rule = (t: number) => `[[rules]]\nid = "r"\nregex = '''[a-c]{8}'''\nentropy = ${t}\n`;
    expect(found(rule(e), 'abcabcab').secrets).toEqual([]);
    expect(found(rule(e - 0.001), 'abcabcab').secrets).toEqual(['r:abcabcab']);
    expect(shannonEntropy('éé')).toBeCloseTo(-(0.5 * Math.log2(0.5)), 10); // 2 runes, 4 bytes: 2/4 each
  });

  it('applies rule allowlists: regexes on secret, match or line; stopwords; OR and AND', () => {
    const rule = (list: string) =>
      `[[rules]]\nid = "r"\nregex = '''key=(\\w+)'''\n[[rules.allowlists]]\n${list}`;
    expect(found(rule(`regexes = ['''^demo''']\n`), 'key=demo1 key=real1').secrets).toEqual(['r:real1']);
    expect(found(rule(`regexTarget = "match"\nregexes = ['''^key=demo''']\n`), 'key=demo1').secrets).toEqual(
      [],
    );
    expect(
      found(rule(`regexTarget = "line"\nregexes = ['''# test''']\n`), 'key=abc1 # test\nkey=abc2').secrets,
    ).toEqual(['r:abc2']);
    expect(found(rule(`stopwords = ["EXAMPLE"]\n`), 'key=myexamplekey key=realkey').secrets).toEqual([
      'r:realkey',
    ]);
    const and = `condition = "AND"\npaths = ['''\\.md$''']\nregexes = ['''^demo''']\n`;
    expect(found(rule(and), 'key=demo1', 'a.md').secrets).toEqual([]);
    expect(found(rule(and), 'key=demo1', 'a.txt').secrets).toEqual(['r:demo1']);
    expect(found(rule(and), 'key=real1', 'a.md').secrets).toEqual(['r:real1']);
    expect(found(rule(`paths = ['''\\.md$''']\n`), 'key=real1', 'a.md').secrets).toEqual([]);
  });

  it('applies the global allowlist: paths skip the file, regexes and stopwords drop findings', () => {
    const global = `[allowlist]\npaths = ['''(?:^|/)vendor/''']\nregexes = ['''^true$''']\nstopwords = ["dummy"]\n`;
    const rule = `[[rules]]\nid = "r"\nregex = '''k=(\\w+)'''\n`;
    expect(found(global + rule, 'k=true k=dummy1 k=real').secrets).toEqual(['r:real']);
    expect(found(global + rule, 'k=real', 'x/vendor/a.go').secrets).toEqual([]);
  });

  it('skips a finding whose line says gitleaks:allow', () => {
    const rule = `[[rules]]\nid = "r"\nregex = '''k=(\\w+)'''\n`;
    expect(found(rule, 'k=one # gitleaks:allow\nk=two').secrets).toEqual(['r:two']);
  });

  it('drops a generic finding when a specific rule on its line has a secret containing it', () => {
    const rules = `[[rules]]\nid = "generic-thing"\nregex = '''=(\\w{6})'''\n[[rules]]\nid = "specific"\nregex = '''tok_\\w+'''\n`;
    expect(found(rules, 'a=tok_abcdef').secrets.sort()).toEqual(['specific:tok_abcdef']);
    expect(found(rules, 'a=zzzzzz\ntok_abcdef').secrets.sort()).toEqual([
      'generic-thing:zzzzzz',
      'specific:tok_abcdef',
    ]);
  });

  it('reports path-only rules as file findings and checks path-plus-content rules only on their paths', () => {
    const rules = `[[rules]]\nid = "p12"\npath = '''\\.p12$'''\n[[rules]]\nid = "tf"\npath = '''\\.tf$'''\nregex = '''pw=(\\w+)'''\n`;
    expect(found(rules, '', 'a/cert.p12').files).toEqual(['p12']);
    expect(found(rules, 'pw=abc', 'main.tf').secrets).toEqual(['tf:abc']);
    expect(found(rules, 'pw=abc', 'main.txt').secrets).toEqual([]);
  });

  it('names the reason when an allowlist pattern does not compile', () => {
    const rules = custom(
      `[[rules]]\nid = "r"\nregex = '''x\\d{3}'''\n[[rules.allowlists]]\nregexes = ['''ok''', '''(unclosed''']\n`,
    );
    expect(() => rules.rules[0]!.allowlists).toThrow(
      /allowlist of the rule r has a pattern RE2 cannot compile \(.*missing \)/,
    );
  });

  it('iterates empty matches like Go FindAllIndex', () => {
    expect(found(`[[rules]]\nid = "r"\nregex = '''a*'''\n`, 'baab').matches).toEqual(['', 'aa', '']);
  });

  it('falls back to plain keyword checks, running every rule they switch on, if the keyword pass fails', async () => {
    const { loadMaskRules } = await import('./rules');
    const rules = await loadMaskRules();
    // An RE2.Set whose automaton ran out of memory.
    const outOfMemory = {
      match: () => {
        throw new Error('RE2.Set matching failed: out of memory.');
      },
    };
    const failing = { ...rules, keywordSet: outOfMemory } as unknown as typeof rules;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const token = `hvs.${Array.from({ length: 100 }, (_, i) => alphabet[(i * 37 + 11) % 62]).join('')}`;
    const text = `VAULT_TOKEN=${token}\n`;
    const normal = detectSecrets(Buffer.from(text), '', rules, open).findings.map((f) => f.rule.id);
    const fallback = detectSecrets(Buffer.from(text), '', failing, open).findings.map((f) => f.rule.id);
    expect(normal).toContain('vault-service-token');
    expect(fallback).toEqual(normal);
    // The screened rules' pass failing: they run one by one, with the same findings.
    const unscreened = { ...rules, screenSet: outOfMemory } as unknown as typeof rules;
    expect(detectSecrets(Buffer.from(text), '', unscreened, open).findings.map((f) => f.rule.id)).toEqual(
      normal,
    );
  });

  it('stops with a limit error past the match cap, and only there', () => {
    const rules = custom(`[[rules]]\nid = "r"\nregex = '''a'''\n`);
    const buf = Buffer.from('a'.repeat(50));
    expect(() => detectSecrets(buf, '', rules, { maxMatches: 49 })).toThrow(MaskLimitError);
    expect(() => detectSecrets(buf, '', rules, { maxMatches: 49 })).toThrow('more than 49 rule matches');
    expect(detectSecrets(buf, '', rules, { maxMatches: 50 }).findings).toHaveLength(50);
  });
});
