// Values from a key's vocabulary are words, not secrets: masking them changes what the file says
// (cases seen in flask, hono, httpx and express; docs/masking.md has the review). Next to each,
// the same key with a real value is still masked.
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionaryText, hasLine, isVocabulary } from './formats/vocabulary';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});
const mask = (path: string, text: string) => maskText(text, path, rules, new MaskSession());
const VALUE = ['kX9', 'vQ2m', 'Lp7Rw'].join('');

describe('vocabulary values', () => {
  it('GitHub Actions permissions keep their access level', () => {
    const workflow = [
      'name: Publish',
      'on:',
      '  push:',
      "    tags: ['*']",
      'jobs:',
      '  publish:',
      '    runs-on: ubuntu-latest',
      '    permissions:',
      '      id-token: write',
      '      contents: read',
      '      pull-requests: none',
      '    steps:',
      '      - uses: pypa/gh-action-pypi-publish@release/v1',
      '',
    ].join('\n');
    expect(mask('.github/workflows/publish.yaml', workflow).text).toBe(workflow);
    const real = `permissions:\n  id-token: ${VALUE}\n`;
    expect(mask('.github/workflows/x.yaml', real).text).toBe(
      'permissions:\n  id-token: LOUPE_REDACTED[secret-value#1]\n',
    );
  });

  it('a short dictionary word under a secret key is a fixture, not a secret', () => {
    const cases: Array<[string, string]> = [
      ['tests/static/config.json', '{\n    "TEST_KEY": "foo",\n    "SECRET_KEY": "config"\n}\n'],
      ['tests/static/config.toml', 'TEST_KEY="foo"\nSECRET_KEY="config"\n'],
      ['settings.yaml', 'secret_key: development\napi_token: testing\npassword: secret\n'],
      ['.env.test', 'SECRET_KEY=dev\nDB_PASSWORD=local\nAPI_TOKEN=Sample\n'],
      ['docs/proxies.md', "httpx.Client(proxy='socks5://user:pass@host:port')\n"],
      ['tests/models/whatwg.json', '{ "href": "http://user:pass@foo:21/bar", "password": "pass" }\n'],
    ];
    for (const [path, text] of cases) expect(mask(path, text).text, path).toBe(text);
    expect(mask('tests/static/config.json', `{ "SECRET_KEY": "${VALUE}" }\n`).text).toBe(
      '{ "SECRET_KEY": "LOUPE_REDACTED[secret-value#1]" }\n',
    );
  });

  it('numbers and versions are not secrets; long numbers still are', () => {
    const pkg = '{\n  "devDependencies": {\n    "pbkdf2-password": "1.2.1",\n    "after": "0.8.2"\n  }\n}\n';
    expect(mask('package.json', pkg).text).toBe(pkg);
    const toml = 'token_ttl = 3600\n[auth]\nsecret_version = "^2.0.1"\npassword = 3600\n';
    expect(mask('config.toml', toml).text).toBe(toml);
    expect(mask('config.json', '{ "pin": { "password": 48213907 } }\n').text).toBe(
      '{ "pin": { "password": "LOUPE_REDACTED[secret-value#1]" } }\n',
    );
  });

  it('finds a word in the sorted list exactly when a set of its lines has it', () => {
    const text = dictionaryText();
    const lines = text.split('\n');
    const set = new Set(lines);
    expect(lines.length).toBeGreaterThan(30_000);
    expect([...lines].sort()).toEqual(lines);
    const probes = ['', 'a', 'zzzzzz', '{', lines[0]!, lines.at(-1)!];
    for (let i = 0; i < lines.length; i += 7) {
      const w = lines[i]!;
      probes.push(w, w.slice(0, -1), `${w}s`, `${w}\n`, w.slice(1), w.toUpperCase());
    }
    for (const p of probes) expect(hasLine(text, p), JSON.stringify(p)).toBe(set.has(p));
    for (const list of ['', 'abc', 'abc\nabd', 'b\nc\nd'])
      for (const p of ['a', 'abc', 'abd', 'b', 'c', 'd', 'e', 'ab'])
        expect(hasLine(list, p), `${JSON.stringify(list)} ${p}`).toBe(
          list.split('\n').includes(p) && p !== '',
        );
  });

  it('knows which values are vocabulary', () => {
    for (const v of [
      'write',
      'read',
      'none',
      'Read',
      'config',
      'testing',
      'Secret',
      '8080',
      '1.2.1',
      '^2.0.1',
      'v1.2',
    ])
      expect(isVocabulary(v), v).toBe(true);
    for (const v of [
      VALUE,
      'hunter2',
      'xkqzvbnm',
      'M2JWQ*jdE7l7H@4&',
      '48213907',
      'correct-horse',
      'dGhlIHNhbXBsZQ',
    ])
      expect(isVocabulary(v), v).toBe(false);
  });
});
