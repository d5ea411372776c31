import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLoupeError } from '../errors';
import { compileGo, translateGoRegex } from './go-regex';
import {
  compileMaskRules,
  defaultRulesPath,
  loadMaskRules,
  PINNED_RULES_SHA256,
  parsedRulesJson,
  parsedRulesName,
  parseRuleFile,
  selectRules,
} from './rules';

describe('Go regex syntax on npm re2', () => {
  it('expands \\Q…\\E into escaped literals (npm re2 would rewrite / inside it)', () => {
    expect(translateGoRegex(String.raw`a\Qb/c.d\Ee`)).toBe(String.raw`ab\/c\.de`);
    expect(compileGo(String.raw`^\Qhttps://x.io/a+b\E$`).test('https://x.io/a+b')).toBe(true);
    expect(compileGo(String.raw`^\Qa/b\E$`).test('a\\/b')).toBe(false);
    // An unterminated \Q runs to the end, as in Go.
    expect(compileGo(String.raw`x\Q.*`).test('x.*')).toBe(true);
  });

  it('rejects what Go rejects instead of giving it a JavaScript meaning', () => {
    for (const bad of [
      String.raw`\u0041`,
      String.raw`\cA`,
      String.raw`\C`,
      String.raw`(a)\1`,
      '(?=a)',
      '(?<!a)b',
    ])
      expect(() => translateGoRegex(bad), bad).toThrow(SyntaxError);
    expect(translateGoRegex(String.raw`\101`)).toBe(String.raw`\101`); // octal is fine
  });

  it('keeps Go semantics for $, flags, classes and named groups', () => {
    expect(compileGo('a$').test('a\n')).toBe(false);
    expect(compileGo('(?i)ab(?-i:C)').test('ABC')).toBe(true);
    expect(compileGo('(?i)ab(?-i:C)').test('ABc')).toBe(false);
    expect(compileGo('(?s:.)').test('\n')).toBe(true);
    expect(compileGo('.').test('\n')).toBe(false);
    expect(compileGo('[[:alnum:]]+').exec('--ab1--')?.[0]).toBe('ab1');
    expect(compileGo('(?P<n>x)').exec('x')?.groups?.n).toBe('x');
    expect(compileGo('[a/b]').test('/')).toBe(true);
  });
});

describe('the pinned rule file', () => {
  const file = defaultRulesPath();
  const bytes = readFileSync(file);

  it('is found above the module and matches the pin', async () => {
    expect(path.relative(path.resolve(file, '../../..'), file)).toBe(
      path.join('resources', 'rules', 'gitleaks.toml'),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(PINNED_RULES_SHA256);
    const rules = await loadMaskRules();
    expect(await loadMaskRules(file)).toBe(rules); // cached
    expect(rules.rules).toHaveLength(222);
    expect(rules.global).toHaveLength(1);
    expect(rules.rules.filter((r) => !r.regex).map((r) => r.id)).toEqual(['pkcs12-file']);
  });

  it('compiles each rule when first used, and every pattern and allowlist of the file compiles', () => {
    const rules = compileMaskRules(bytes, file);
    const first = rules.rules[0]!;
    expect(Object.getOwnPropertyDescriptor(first, 'regex')?.get).toBeTypeOf('function');
    for (const r of rules.rules) {
      expect(() => [r.regex, r.submatch, r.path, r.allowlists], r.id).not.toThrow();
      expect(r.regex === undefined && r.path === undefined, r.id).toBe(false);
    }
    expect(Object.getOwnPropertyDescriptor(first, 'regex')?.get).toBeUndefined();
    expect(first.regex).toBe(first.regex); // compiled once
  });

  it('reads the parsed form a bundle ships only for exactly these bytes, and else parses the TOML', () => {
    const top = mkdtempSync(path.join(tmpdir(), 'loupe-rules-'));
    try {
      const dist = path.join(top, 'dist');
      mkdirSync(path.join(dist, 'rules'), { recursive: true });
      const chunk = pathToFileURL(path.join(dist, 'chunk.js')).href;
      const worker = pathToFileURL(path.join(dist, 'workers', 'w.js')).href;
      const sha = PINNED_RULES_SHA256;
      const toml = parseRuleFile(bytes, sha, chunk); // no prebuilt form: parsed here
      expect(toml.rules).toHaveLength(222);
      const json = parsedRulesJson(bytes);
      expect(JSON.parse(json)).toEqual(toml);
      // A marker shows which source answered.
      const marked = JSON.stringify({ ...JSON.parse(json), marker: true });
      writeFileSync(path.join(dist, 'rules', parsedRulesName(sha)), marked);
      expect(parseRuleFile(bytes, sha, chunk)).toMatchObject({ marker: true });
      expect(parseRuleFile(bytes, sha, worker)).toMatchObject({ marker: true });
      expect(parseRuleFile(bytes, 'f'.repeat(64), chunk)).not.toHaveProperty('marker');
      expect(parseRuleFile(bytes, sha, pathToFileURL(path.join(dist, 'x.ts')).href)).not.toHaveProperty(
        'marker',
      );
      writeFileSync(path.join(dist, 'rules', parsedRulesName(sha)), marked.slice(0, 100));
      expect(parseRuleFile(bytes, sha, chunk)).toEqual(toml);
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });

  it('refuses any other file with one sentence', () => {
    const changed = Buffer.concat([bytes, Buffer.from('\n# edited\n')]);
    let error: unknown;
    try {
      compileMaskRules(changed, '/x/gitleaks.toml');
    } catch (e) {
      error = e;
    }
    expect(isLoupeError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^The masking rule file \/x\/gitleaks\.toml is not the pinned Gitleaks rule set \(SHA-256 [0-9a-f]{12}…, expected e163e53b9e7e…\); restore resources\/rules\/gitleaks\.toml from the Loupe sources\.$/,
    );
  });

  it('says so in one sentence when the file is missing', async () => {
    await expect(loadMaskRules('/nonexistent/gitleaks.toml')).rejects.toThrow(
      'The masking rule file /nonexistent/gitleaks.toml could not be read; check that it exists.',
    );
  });

  it('screens only plain token rules with short keywords in the keyword pass', async () => {
    const rules = await loadMaskRules();
    const screened = rules.screened.map((i) => rules.rules[i]!);
    expect(screened.length).toBeGreaterThan(5);
    for (const r of screened) {
      expect(r.generic || r.contextual || r.path !== undefined).toBe(false);
      expect(r.keywords.some((k) => k.length <= 3)).toBe(true);
    }
    expect(screened.map((r) => r.id)).toContain('vault-service-token');
  });

  it('selects single rules with the global allowlist, as upstream validates them', async () => {
    const rules = await loadMaskRules();
    const one = selectRules(rules, (r) => r.id === 'github-pat');
    expect(one.rules.map((r) => [r.id, r.index])).toEqual([['github-pat', 0]]);
    expect(one.global).toBe(rules.global);
  });
});
