// Masking's fast paths give the answers of the slow ones they stand in for, on real files (this
// repository's sources and, where they are checked out, the bench's real repositories under
// /work/scratch) and on hostile texts: the lexer's run skipping against reading every character,
// the indexOf cursors against the RE2 alternation they replace, the code gate's name pattern
// against the places `bindings` finds, and the literals the lexer settles against the parse tree.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import RE2 from 're2';
import { beforeAll, describe, expect, it } from 'vitest';
import { occurrences } from './everywhere';
import { bindings, boundInCode, CODE_NAME_PATTERN } from './formats/code';
import { CodeLexer } from './formats/code-lexed';
import { isSecretKey, SECRET_NAME_END } from './formats/values';
import { escapeLiteral } from './go-regex';
import { codeFamily, codeRegions, regionAt } from './regions';
import { loadMaskRules } from './rules';
import { repoRoot } from './test/samples';

interface Source {
  path: string;
  text: string;
}

const CODE = /\.(?:py|pyi|rb|js|jsx|mjs|cjs|ts|tsx|mts|cts|php|go|java|cs|c|h|cc|cpp|rs|kt|swift|lua|sql)$/;
const SCRATCH = ['flask', 'hono', 'httpx', 'express', 'gin'].map((r) => `/work/scratch/${r}`);

function tracked(root: string): Source[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\0')
    .filter((f) => CODE.test(f) && existsSync(path.join(root, f)))
    .map((f) => ({ path: f, text: readFileSync(path.join(root, f), 'utf8') }));
}

const corpus: Source[] = [repoRoot, ...SCRATCH.filter(existsSync)].flatMap(tracked);

/** Deterministic pseudo-random texts over the characters that matter to each reader. */
function randomTexts(alphabet: string[], count: number, seed: number): string[] {
  let x = seed;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 20 + Math.floor(next() * 200) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join(''),
  );
}

describe('the lexer skipping runs that open nothing', () => {
  it('finds the regions reading every character finds, on real files', () => {
    for (const s of corpus) {
      const family = codeFamily(s.path);
      if (family)
        expect(codeRegions(s.text, family), s.path).toEqual(
          codeRegions(s.text, family, s.text.length, false),
        );
    }
  });

  it('and on hostile texts in every family, with limits', () => {
    const alphabet = [
      '"',
      "'",
      '`',
      '/',
      '*',
      '#',
      '-',
      '\\',
      '\n',
      ' ',
      '\t',
      '\r',
      '=',
      '(',
      'r',
      'R',
      '@',
      'a',
      ';',
      ')',
    ];
    for (const text of randomTexts(alphabet, 3000, 7))
      for (const family of ['c', 'hash', 'dash'] as const)
        for (const limit of [text.length, text.length >> 1, 5])
          expect(codeRegions(text, family, limit), JSON.stringify(text)).toEqual(
            codeRegions(text, family, limit, false),
          );
  });
});

describe('the lexer counting brackets', () => {
  it('finds the bracket open at each position that counting every character outside strings finds', () => {
    const alphabet = ['(', ')', '[', ']', '{', '}', '"', "'", '#', '\n', 'a', ' ', '='];
    for (const text of randomTexts(alphabet, 1500, 5)) {
      const regions = codeRegions(text, 'hash');
      const lexer = new CodeLexer(text, regions);
      const open: string[] = [];
      const expected: string[] = [];
      for (let i = 0; i <= text.length; i++) {
        expected.push(open[open.length - 1] ?? '');
        const c = text[i];
        if (c === undefined || regionAt(regions, i)) continue;
        if (c === '(' || c === '[' || c === '{') open.push(c);
        else if (c === ')' || c === ']' || c === '}') open.pop();
      }
      // In order, out of order, and asked twice: the answers of one count.
      const at = [...expected.keys()];
      const order = [...at, ...at.filter((i) => i % 3 === 0).reverse(), ...at];
      for (const i of order) {
        if (regionAt(regions, i)) continue; // inside a string the answer is its end's
        expect(lexer.bracket(i), `${JSON.stringify(text)} at ${i}`).toBe(expected[i]);
      }
    }
  });
});

describe('values found again in a file', () => {
  /** The RE2 alternation the cursors replace (longest first), its matches in order. */
  function viaRe2(text: string, values: string[]): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const sorted = [...values].sort((a, b) => b.length - a.length);
    const re = new RE2(sorted.map(escapeLiteral).join('|'), 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
    return out;
  }

  it('are the RE2 alternation’s matches: overlapping values, prefixes, repeats', () => {
    const texts = randomTexts(['a', 'b', 'c', 'ab', 'ba', 'aab', 'x', '\n', '.', '|'], 2000, 11);
    const pools = [
      ['aaaa', 'aab'],
      ['abab', 'bab', 'baba'],
      ['ab.c', 'b.ca', 'c|ab'],
      ['aaab', 'aaaab', 'aabaa', 'baab'],
      ['ab\nba', 'ba\nab'],
    ];
    for (const text of texts)
      for (const values of pools) expect(occurrences(text, values), text).toEqual(viaRe2(text, values));
  });

  it('many values take the RE2 pass, with the same matches', () => {
    const values = Array.from({ length: 40 }, (_, i) => `v${i}x${'ab'.repeat(i % 3)}`);
    const text = values.join(' ').repeat(3) + values.slice(0, 5).join('');
    expect(occurrences(text, values)).toEqual(viaRe2(text, values));
  });
});

describe('the code gate', () => {
  const named = new RE2(CODE_NAME_PATTERN);
  const mayHavePlaces = (text: string) => named.test(text);

  it('its name pattern ends every secret name, in every spelling', () => {
    const end = new RE2(`${SECRET_NAME_END}$`);
    const names = new Set([
      'password',
      'PASSWORD_',
      'token$',
      'db_password',
      'pgpassword',
      'passwd',
      'passphrase',
      'clientSecret',
      'client_secret',
      'AccessToken',
      'id_token',
      'API_KEY',
      'apiKey',
      'APIKEY',
      'x-api-key',
      'secretKey',
      'secret_key_base',
      'SECRET_KEY_BASE',
      'SigningKey',
      'stripe_private_key',
      'subscriptionKey',
      'pwd',
      'DB_PWD',
    ]);
    for (const s of corpus) for (const m of s.text.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(m[0]);
    let secret = 0;
    for (const name of names)
      if (isSecretKey(name)) {
        secret++;
        expect(end.test(name), name).toBe(true);
      }
    expect(secret).toBeGreaterThan(100);
  });

  it('lets through every file in which bindings finds a place', () => {
    let files = 0;
    for (const s of corpus)
      if (bindings(s.text).length > 0) {
        files++;
        expect(mayHavePlaces(s.text), s.path).toBe(true);
      }
    expect(files).toBeGreaterThan(20);
    // The forms of the golden files, one line each, a line break or continuation among them.
    const forms = [
      "SECRET_KEY = '…'",
      'PASSWORD = \\\n    "…"',
      '"x-api-key": "…"',
      "api_key: str = '…'",
      'Password string = "…"',
      'public string ApiKey { get; set; } = "…";',
      'token => "…"',
      'secret_key_base: "…"',
      "connect(password=\n  '…')",
      'password := `…`',
      "$password = @'…'",
    ];
    for (const f of forms) {
      expect(bindings(f).length, f).toBe(1);
      expect(mayHavePlaces(f), f).toBe(true);
    }
  });
});

describe('literals the lexer settles without a parse', () => {
  beforeAll(async () => {
    await loadMaskRules(); // starts the tree-sitter runtime
  });

  // In any order: candidates are sorted before they are merged.
  const spans = (s: Source, reading: 'fast' | 'tree') =>
    boundInCode(s.text, s.path, reading).sort((a, b) => a.start - b.start || a.end - b.end);
  const same = (s: Source) => expect(spans(s, 'fast'), s.path).toEqual(spans(s, 'tree'));

  it('are the literals the tree confirms, on real files', () => {
    for (const s of corpus) same(s);
  });

  it('and on near misses: JSX text, continued expressions, patterns, name lists, concatenation', () => {
    const v = ['Q7x', 'k9@', 'Zp2'].join('');
    const cases: Source[] = [
      { path: 'a.tsx', text: `const A = () => (\n  <p>\n    const password = '${v}'\n  </p>\n);\n` },
      { path: 'a.tsx', text: `const A = () => (\n  <p>\n    const password = '${v}';\n  </p>\n);\n` },
      { path: 'a.js', text: `const A = <>\nlet token = '${v}0'\n</>;\n` },
      {
        path: 'a.jsx',
        text: `const A = <input\n  password='${v}a'\n  type='x'\n/>;\nconst B = <p>{x}\nconst token = '${v}b';\n</p>;\n`,
      },
      { path: 'a.tsx', text: `test('x', () => {\n  const password = '${v}c'\n  const el = <p>hi</p>\n})\n` },
      { path: 'a.py', text: `d = {"password": "${v}d", 'api_key': '${v}e'}\ne = {password: "${v}f"}\n` },
      { path: 'a.py', text: `d = {"password": "${v}g" "h", b"token": b"${v}i", "secret": f"${v}j"}\n` },
      {
        path: 'a.py',
        text: `d = {k: "${v}k" for k in x}\ns = {"password": "${v}l"\n  , "x": 1}\nf(**{"token": "${v}m"})\n`,
      },
      { path: 'a.jsx', text: `function F() {\n  return <div>\npassword = '${v}'\n</div>;\n}\n` },
      { path: 'a.ts', text: `const password = '${v}'\n  .trim();\nlet token = '${v}1' +\n  suffix;\n` },
      { path: 'a.ts', text: `const { password = '${v}' } = options;\nfunction f({ token = '${v}2' }) {}\n` },
      { path: 'a.ts', text: `x = y\npassword = '${v}'\n(foo)\nconst apiKey = '${v}3' in obj;\n` },
      {
        path: 'a.js',
        text: `const re = /'/; const password = '${v}4';\nconst s = \`\${a}'\`; token = '${v}5';\n`,
      },
      { path: 'a.js', text: `if (a)\npassword = '${v}6'\nelse\ntoken = '${v}7'\n` },
      { path: 'a.py', text: `password = '${v}' 'tail'\ntoken = ('${v}8'\n  'more')\n` },
      {
        path: 'a.py',
        text: `user, password = 'app', '${v}9'\nf(a, password='${v}10')\nd = {password: '${v}11'}\n`,
      },
      {
        path: 'a.py',
        text: `password = \\\n  '${v}12'\nx = [password='${v}13']\nSECRET_KEY = """${v}14"""\n`,
      },
      { path: 'a.py', text: `def f(token='${v}15', *, api_key: str = '${v}16'):\n    pass\n` },
      {
        path: 'a.go',
        text: `user, secret := "app", "${v}17"\npassword := "${v}18" + x\nvar token = "${v}19"\n`,
      },
      { path: 'a.go', text: `const (\n  apiKey = "${v}20"\n)\nfunc f() { password = "${v}21" }\n` },
      { path: 'a.ts', text: `/* const password = '${v}22'\n */ const token = '${v}23' // c\n` },
      { path: 'a.ts', text: `declare const password = '${v}24';\nexport let token = '${v}25', other = 1;\n` },
    ];
    for (const c of cases) same(c);
  });
});
