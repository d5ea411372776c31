// Source code: string literals bound to secret names are masked in Python, JavaScript, TypeScript,
// PHP, Ruby, Go, Java and C#, in every form the language has (assignment, object or struct
// field, keyword or named argument, default argument), the literal's content only. One golden file
// per language; the same files hold the forms that must stay (references, types, calls, templates,
// placeholders, comparisons). The same files also run through the lexer fallback (no grammar).
import RE2 from 're2';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from './candidates';
import { bindings, CODE_BINDING_PATTERN, CODE_NAME_PATTERN, scanCode } from './formats/code';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});

// Values with symbols, assembled at run time so this file holds none. Each plant has its own.
const SYMBOLS = '*@&#!%^+=(){}[]|:;<>,.?/~';
function value(i: number): string {
  const base = ['M2JWQ', 'jdE7l7H', 'x9Kq', 'Zt4w'];
  return `${base[i % 4]}${SYMBOLS[i % SYMBOLS.length]}${base[(i + 1) % 4]}${i}${SYMBOLS[(i * 7) % SYMBOLS.length]}`;
}
const DJANGO = ['django-insecure-', '5#k0z!q3v@w^8l$y2)m*r', '&b9t+x(c7e_d%h1j=f4g6'].join('');

/** A golden case: `⟦n⟧` marks planted value n (n ≥ 1; 0 is the Django key). */
interface Golden {
  path: string;
  forms: string[];
  source: string;
}

const P = (n: number) => `⟦${n}⟧`;

const GOLDEN: Golden[] = [
  {
    path: 'mysite/settings.py',
    forms: [
      'assignment',
      'dict field',
      'keyword argument',
      'default argument',
      'annotated field',
      'attribute',
    ],
    source: `import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# SECURITY WARNING: keep the secret key used in production secret!
SECRET_KEY = '${P(0)}'
DEBUG = True

DATABASES = {
    'default': {
        'ENGINE': 'django.db.backends.postgresql',
        'NAME': 'mysite',
        'USER': 'mysite',
        'PASSWORD': '${P(1)}',
        'HOST': os.environ.get('DB_HOST', 'localhost'),
    }
}

client = StripeClient(api_key="${P(2)}", timeout=30)


def connect(host, user="app", password='${P(3)}'):
    return psycopg.connect(host=host, user=user, password=password)


class Settings(BaseSettings):
    auth_token: str = "${P(4)}"
    password_file: str = "/run/secrets/db"


app.config["SECRET_KEY"] = '${P(5)}'
self_ref = None
# The forms that stay:
PASSWORD = os.environ["DB_PASSWORD"]
token = get_token()
API_KEY = "your-api-key-here"
secret = f"{prefix}-{suffix}"
def login(password: str) -> None: ...
if password == "${P(-1)}":
    pass
`,
  },
  {
    path: 'src/config.js',
    forms: ['declaration', 'object field', 'default argument', 'object argument', 'class field', 'member'],
    source: `'use strict';
const password = '${P(1)}';
module.exports = {
  db: { host: 'db.internal', user: 'app', password: "${P(2)}" },
  'api-key': \`${P(3)}\`,
};
function connect(user, password = '${P(4)}') {
  return new Client({ user, password });
}
const stripe = new Stripe({ apiKey: '${P(5)}', timeout: 3000 });
class Auth {
  token = '${P(6)}';
}
config.secret = "${P(7)}";
// The forms that stay:
const dbPassword = process.env.DB_PASSWORD;
const secretKey = \`\${prefix}-key\`;
const token2 = getToken();
if (password === '${P(-1)}') console.log('same');
const apiToken = 'YOUR_TOKEN_HERE';
`,
  },
  {
    path: 'src/auth/service.ts',
    forms: ['declaration', 'typed class field', 'default argument', 'object field', 'subscript'],
    source: `import { Injectable } from '@nestjs/common';

const SIGNING_SECRET: string = '${P(1)}';

@Injectable()
export class AuthService {
  private readonly clientSecret: string = "${P(2)}";

  constructor(private readonly http: HttpClient, token: string = '${P(3)}') {}

  login(user: string, password: string): Promise<Session> {
    return this.http.post('/login', { user, password, otpSecret: '${P(4)}' });
  }
}

headers['x-api-key'] = '${P(5)}';

// The forms that stay:
export interface Credentials {
  password: string;
  token?: string | undefined;
}
type Scheme = { token: 'bearer' };
export const getPassword = (c: Credentials) => c.password;
`,
  },
  {
    path: 'app/Http/Connection.php',
    forms: ['variable', 'array field', 'default argument', 'named argument', 'constant', 'property'],
    source: `<?php

namespace App\\Http;

class Connection
{
    const API_KEY = '${P(1)}';
    private $password = "${P(2)}";

    public function __construct(string $host, string $token = '${P(3)}')
    {
        $dbPassword = '${P(4)}';
        $config = ['host' => $host, 'password' => "${P(5)}"];
        $pdo = new \\PDO(dsn: "mysql:host=$host", username: 'app', password: '${P(6)}');
    }
}

// The forms that stay:
$secret = getenv('APP_SECRET');
$token = "{$prefix}-token";
function check(string $password): bool { return $password !== ''; }
`,
  },
  {
    path: 'config/initializers/payments.rb',
    forms: [
      'assignment',
      'constant',
      'hash field',
      'keyword argument',
      'default argument',
      'keyword parameter',
    ],
    source: `# frozen_string_literal: true

password = '${P(1)}'
API_SECRET = "${P(2)}"
OPTIONS = { api_key: '${P(3)}', :access_token => "${P(4)}", timeout: 30 }

Payments.configure(secret_key: '${P(5)}')

def connect(host, password = '${P(6)}')
  Client.new(host, password)
end

def initialize(token: '${P(7)}')
  @token = token
end

# The forms that stay:
secret = ENV['APP_SECRET']
token = "#{prefix}-token"
password == '${P(-1)}'
`,
  },
  {
    path: 'internal/db/config.go',
    forms: ['short declaration', 'struct field', 'constant', 'typed var', 'multiple assignment'],
    source: `package db

import "os"

const apiKey = "${P(1)}"

var authToken string = \`${P(2)}\`

func Open() (*DB, error) {
	password := "${P(3)}"
	cfg := Config{Host: "db.internal", User: "app", Password: "${P(4)}"}
	user, secret := "app", "${P(5)}"
	_ = user
	_ = secret
	return connect(cfg, password)
}

// The forms that stay:
type Settings struct {
	Password string
	Token    string \`json:"token"\`
}

func fromEnv() string { password := os.Getenv("DB_PASSWORD"); return password }
`,
  },
  {
    path: 'src/main/java/com/example/Config.java',
    forms: ['constant', 'field', 'local', 'annotation argument', 'member assignment'],
    source: `package com.example;

public class Config {
    private static final String PASSWORD = "${P(1)}";
    private String apiKey = "${P(2)}", region = "eu-west-1";

    @Credentials(password = "${P(3)}")
    private DataSource dataSource;

    public void init() {
        String secretKey = "${P(4)}";
        this.token = "${P(5)}";
    }

    // The forms that stay:
    String password() { return System.getenv("PW"); }
    String getToken() { return token; }
}
`,
  },
  {
    path: 'src/Service/Options.cs',
    forms: [
      'constant',
      'property initializer',
      'object initializer',
      'named argument',
      'default argument',
      'verbatim string',
    ],
    source: `namespace Example.Service;

public class Options
{
    private const string Password = "${P(1)}";
    public string ApiKey { get; set; } = "${P(2)}";

    public void Configure(string user, string secret = "${P(3)}")
    {
        var client = new Client { User = user, Token = "${P(4)}" };
        client.Connect(user: "app", password: "${P(5)}");
        var signingKey = @"${P(6)}";
    }

    // The forms that stay:
    public string GetPassword() => Environment.GetEnvironmentVariable("PW") ?? "";
    private string apiToken = $"{prefix}-token";
}
`,
  },
];

/** The file's text and its planted values, in order of appearance. */
function build(g: Golden): { text: string; plants: string[] } {
  const plants: string[] = [];
  const text = g.source.replace(/⟦(-?\d+)⟧/g, (_m, n: string) => {
    const v = n === '0' ? DJANGO : value(100 + Number(n) + 10 * GOLDEN.indexOf(g));
    if (n !== '-1') plants.push(v);
    return v;
  });
  return { text, plants };
}

/** The text with every planted value (and every placeholder) written as `⟦⟧`. */
function shape(text: string, plants: string[]): string {
  let out = text;
  for (const v of plants) out = out.split(v).join('⟦⟧');
  return out.replace(/LOUPE_REDACTED\[[\w-]+#\d+\]/g, '⟦⟧');
}

describe('source-code literals bound to secret names', () => {
  for (const g of GOLDEN)
    it(`${g.path}: ${g.forms.join(', ')}`, () => {
      const { text, plants } = build(g);
      const r = maskText(text, g.path, rules, new MaskSession());
      expect(r.withheld).toBeUndefined();
      // Exactly the planted values are masked, each once, and nothing else changes.
      expect(shape(r.text, plants)).toBe(shape(text, plants));
      expect(r.findings.length).toBe(plants.length);
      for (const v of plants) expect(r.text).not.toContain(v);
    });

  it('without a grammar, the lexer masks every planted value too (more, never less)', () => {
    for (const g of GOLDEN) {
      const { text, plants } = build(g);
      const out: Candidate[] = [];
      scanCode(text, g.path, out, 'lexer');
      const masked = out.map((c) => text.slice(c.start, c.end));
      // Only a parse pairs Go's `user, secret := "app", "…"` by position (the lexer takes the first literal).
      for (const v of plants)
        if (!(g.path.endsWith('.go') && v === plants[4])) expect(masked, `${g.path}: ${v}`).toContain(v);
    }
  });

  it('the gate proposes every planted place and the tree confirms only the bindings', () => {
    // The comparisons in the golden files pass the gate's shape but are not bindings.
    const py = build(GOLDEN[0]!).text;
    const found = bindings(py).map((b) => py.slice(b.nameStart, b.nameEnd));
    expect(found).toEqual(
      expect.arrayContaining(['SECRET_KEY', 'PASSWORD', 'api_key', 'password', 'auth_token']),
    );
  });

  // A place alone in its file: only the rules' prefilter pass (RE2) decides whether it is read.
  const CONTINUED: Array<[string, string]> = [
    ['settings.py', "PASSWORD = \\\n    '⟦⟧'\n"],
    ['settings.py', "PASSWORD = \\\r\n    '⟦⟧'\r\n"],
    ['settings.py', "PASSWORD = (\r\n    '⟦⟧'\r\n)\r\n"],
    ['settings.py', "connect(\r\n    password=\\\r\n        '⟦⟧')\r\n"],
    ['config.js', "const password =\r\n  '⟦⟧';\r\n"],
    ['config.rb', 'PASSWORD = \\\n  "⟦⟧"\n'],
  ];

  it('a literal on the line after the operator (a backslash or CRLF line break) is masked', () => {
    CONTINUED.forEach(([path, source], i) => {
      const v = value(200 + i);
      const text = source.replace('⟦⟧', v);
      const r = maskText(text, path, rules, new MaskSession());
      expect(r.text, JSON.stringify(source)).not.toContain(v);
      expect(r.findings.length, JSON.stringify(source)).toBe(1);
    });
  });

  it("the prefilter's two RE2 shapes match wherever `bindings` finds a place (the gate is a superset)", () => {
    const gate = new RE2(CODE_BINDING_PATTERN);
    const name = new RE2(CODE_NAME_PATTERN);
    const texts = [
      ...GOLDEN.map((g) => build(g).text),
      ...CONTINUED.map(([, s]) => s.replace('⟦⟧', value(1))),
    ];
    let places = 0;
    for (const text of [...texts, ...texts.map((t) => t.replace(/\r?\n/g, '\r\n'))])
      for (const b of bindings(text)) {
        const place = text.slice(b.nameStart, b.quote + 1);
        expect(gate.test(place), JSON.stringify(place)).toBe(true);
        expect(name.test(place), JSON.stringify(place)).toBe(true);
        places++;
      }
    expect(places).toBeGreaterThan(60);
  });
});
