// The format tier, case by case: what is masked, and what must stay (references, types,
// placeholders, example hosts). Values are assembled at run time so this file holds none.
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from './formats/index';
import { isSecretKey } from './formats/values';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

const A = ['Qm7', 'vR2x', 'Lp9'].join('');
const B = ['Zt4', 'kW8n', 'Yc1'].join('');
let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});
const mask = (path: string, text: string) => maskText(text, path, rules, new MaskSession()).text;
const R = (label: string, n = 1) => `LOUPE_REDACTED[${label}#${n}]`;

describe('format detection and key names', () => {
  it('detects formats by file name', () => {
    const cases: Record<string, string> = {
      '.env': 'env',
      'a/.env.local': 'env',
      'prod.env': 'env',
      'appsettings.Development.json': 'json',
      'x.yml': 'yaml',
      'Cargo.toml': 'toml',
      'web.config': 'xml',
      'my.cnf': 'ini',
      'app.properties': 'properties',
      '.npmrc': 'npmrc',
      _netrc: 'netrc',
      '.pgpass': 'pgpass',
      'api.rest': 'http',
      'Dockerfile.prod': 'dockerfile',
      'src/a.ts': 'text',
    };
    for (const [p, f] of Object.entries(cases)) expect(detectFormat(p), p).toBe(f);
  });

  it('knows which keys name a secret', () => {
    for (const k of [
      'password',
      'DB_PASSWORD',
      'pgpassword',
      'clientSecret',
      'api_key',
      'APIKey',
      'x-api-key',
      'accessToken',
      'AWS_SECRET_ACCESS_KEY',
      'secret_key_base',
      'privateKey',
      'passphrase',
    ])
      expect(isSecretKey(k), k).toBe(true);
    for (const k of [
      'token_url',
      'max_tokens',
      'password_file',
      'secret_name',
      'key_id',
      'public_key',
      'js-tiktoken',
      'keyboard',
      'key',
      'tokens',
    ])
      expect(isSecretKey(k), k).toBe(false);
    expect(isSecretKey('STRIPE_KEY', true)).toBe(true);
    expect(isSecretKey('DB_PASS', true)).toBe(true);
    expect(isSecretKey('STRIPE_PUBLISHABLE_KEY', true)).toBe(false);
    expect(isSecretKey('STRIPE_KEY')).toBe(false);
  });
});

describe('format tier', () => {
  it('.env: export, quotes, escapes, multi-line values, inline comments; keys stay', () => {
    const text = `export DB_PASSWORD="${A}\\"x"\nAPI_KEY='${B}'\nSECRET=${A} # rotated\nMULTI_SECRET="${A}\n${B}"\nPORT=8080\nTOKEN=\${OTHER}\n`;
    expect(mask('.env', text)).toBe(
      `export DB_PASSWORD="${R('secret-value')}"\nAPI_KEY='${R('secret-value', 2)}'\nSECRET=${R('secret-value', 3)} # rotated\nMULTI_SECRET="${R('secret-value', 4)}\n"\nPORT=8080\nTOKEN=\${OTHER}\n`,
    );
  });

  it('JSON: strings and numbers of secret keys, env objects and arrays; numbers get quotes', () => {
    const text = `{"db":{"password":"${A}","port":5432},"pin":{"password":12345678},"env":{"STRIPE_KEY":"${B}"},"Env":["PORT=1","API_KEY=${A}"]}`;
    expect(mask('config.json', text)).toBe(
      `{"db":{"password":"${R('secret-value')}","port":5432},"pin":{"password":"${R('secret-value', 2)}"},"env":{"STRIPE_KEY":"${R('secret-value', 3)}"},"Env":["PORT=1","API_KEY=${R('secret-value')}"]}`,
    );
  });

  it('YAML: plain, quoted, block and flow values; compose environment; Kubernetes Secret data', () => {
    // `key` alone names no secret: its block stays (values of its own, or they would be masked everywhere).
    const [C, D] = [A.toLowerCase(), B.toLowerCase()];
    const text = `db:\n  password: ${A}\n  token: "${B}"\n  key: |\n    ${C}\n    ${D}\n  pool: {size: 5, secret: ${B}}\nservices:\n  api:\n    environment:\n      - API_KEY=${A}\n      - PORT=1\n`;
    expect(mask('app.yaml', text)).toBe(
      `db:\n  password: ${R('secret-value')}\n  token: "${R('secret-value', 2)}"\n  key: |\n    ${C}\n    ${D}\n  pool: {size: 5, secret: "${R('secret-value', 2)}"}\nservices:\n  api:\n    environment:\n      - API_KEY=${R('secret-value')}\n      - PORT=1\n`,
    );
    const secret = `apiVersion: v1\nkind: Secret\ndata:\n  user: ${B}\n  tls.key: ${A}\n`;
    expect(mask('s.yaml', secret)).toBe(
      // Gitleaks' kubernetes-secret-yaml also finds the first value; the specific rule names it.
      `apiVersion: v1\nkind: Secret\ndata:\n  user: ${R('kubernetes-secret-yaml')}\n  tls.key: ${R('kubernetes-secret')}\n`,
    );
  });

  it('TOML: basic, literal, multi-line strings, inline tables, numbers', () => {
    const text = `[db]\npassword = "${A}"\napi_key = '${B}'\nsecret = """\n${A}"""\ncreds = { user = "u", token = "${B}" }\npin.password = 12345678\n`;
    expect(mask('c.toml', text)).toBe(
      `[db]\npassword = "${R('secret-value')}"\napi_key = '${R('secret-value', 2)}'\nsecret = """\n${R('secret-value')}"""\ncreds = { user = "u", token = "${R('secret-value', 2)}" }\npin.password = "${R('secret-value', 3)}"\n`,
    );
  });

  it('XML: secret attributes, add key/value, leaf elements, CDATA, plist keys', () => {
    const text = `<c><add key="ApiKey" value="${A}"/><smtp password="${B}" host="h"/><password>${A}</password><secret><![CDATA[${B}]]></secret><key>AuthToken</key><string>${A}</string></c>`;
    expect(mask('web.config', text)).toBe(
      `<c><add key="ApiKey" value="${R('secret-value')}"/><smtp password="${R('secret-value', 2)}" host="h"/><password>${R('secret-value')}</password><secret><![CDATA[${R('secret-value', 2)}]]></secret><key>AuthToken</key><string>${R('secret-value')}</string></c>`,
    );
  });

  it('INI, .properties (continuations), .npmrc', () => {
    expect(mask('my.cnf', `[client]\npassword = "${A}"\nuser = app\n`)).toBe(
      `[client]\npassword = "${R('secret-value')}"\nuser = app\n`,
    );
    expect(mask('a.properties', `db.password=${A}\\\n   ${B}\nmail.secret : ${B}\n`)).toBe(
      `db.password=${R('secret-value')}\n\nmail.secret : ${R('secret-value', 2)}\n`,
    );
    expect(mask('.npmrc', `//registry.npmjs.org/:_authToken=${A}\n_auth=${B}\n`)).toBe(
      `//registry.npmjs.org/:_authToken=${R('npmrc-auth')}\n_auth=${R('npmrc-auth', 2)}\n`,
    );
  });

  it('.netrc, .pgpass, .http and Dockerfile', () => {
    expect(mask('.netrc', `machine h login u password ${A}\n`)).toBe(
      `machine h login u password ${R('netrc-password')}\n`,
    );
    expect(mask('.pgpass', `db:5432:app:svc:${A}\\:${B}\n`)).toBe(
      `db:5432:app:svc:${R('pgpass-password')}\n`,
    );
    expect(
      mask('a.http', `GET /x\nAuthorization: Bearer ${A}\nCookie: s=${B}; t=${A}\nX-Api-Key: ${B}\n`),
    ).toBe(
      `GET /x\nAuthorization: Bearer ${R('http-authorization')}\nCookie: s=${R('http-cookie')}; t=${R('http-cookie', 2)}\nX-Api-Key: ${R('secret-value')}\n`,
    );
    expect(mask('Dockerfile', `ENV API_KEY=${A} PORT=1\nARG NPM_TOKEN=${B}\nENV DB_PASSWORD ${A}\n`)).toBe(
      `ENV API_KEY=${R('secret-value')} PORT=1\nARG NPM_TOKEN=${R('secret-value', 2)}\nENV DB_PASSWORD ${R('secret-value')}\n`,
    );
  });

  it('credential URIs, JDBC and ADO.NET strings in any file: only the password', () => {
    const text = `a = "mongodb+srv://app:${A}@c0.mongo.net/db?retryWrites=true"\nb = "jdbc:mysql://db:3306/x?user=u&password=${B}"\nc = "jdbc:oracle:thin:scott/${A}@db:1521:orcl"\nd = "Server=s;Database=d;User Id=u;Pwd=${B};"\ne = "https://h.io/cb?access_token=${A}&x=1"\n`;
    expect(mask('notes.txt', text)).toBe(
      `a = "mongodb+srv://app:${R('uri-password')}@c0.mongo.net/db?retryWrites=true"\nb = "jdbc:mysql://db:3306/x?user=u&password=${R('uri-password', 2)}"\nc = "jdbc:oracle:thin:scott/${R('uri-password')}@db:1521:orcl"\nd = "Server=s;Database=d;User Id=u;Pwd=${R('connection-string-password')};"\ne = "https://h.io/cb?access_token=${R('url-secret-param')}&x=1"\n`,
    );
  });

  it('private key blocks: the body only, armor headers kept', () => {
    const begin = (l: string) => `-----BEGIN ${l}-----`;
    const end = (l: string) => `-----END ${l}-----`;
    const body = `${A}${B}${A}${B}`;
    expect(mask('k.pem', `${begin('EC PRIVATE KEY')}\n${body}\n${end('EC PRIVATE KEY')}\n`)).toBe(
      `${begin('EC PRIVATE KEY')}\n${R('private-key-block')}\n${end('EC PRIVATE KEY')}\n`,
    );
    const pgp = 'PGP PRIVATE KEY BLOCK';
    // Long enough for Gitleaks' private-key rule too, which then names the span.
    const long = `${body}\n${body}\n${body}`;
    expect(mask('k.asc', `${begin(pgp)}\nVersion: GnuPG v2\n\n${long}\n${end(pgp)}\n`)).toBe(
      `${begin(pgp)}\nVersion: GnuPG v2\n\n${R('private-key')}${'\n'.repeat(2)}\n${end(pgp)}\n`,
    );
    // No END line (a truncated paste): the base64 lines after BEGIN are the body.
    const noEnd = `${begin('RSA PRIVATE KEY')}\n${body}\n`;
    expect(mask('k.pem', noEnd)).toBe(`${begin('RSA PRIVATE KEY')}\n${R('private-key-block')}\n`);
  });

  it('never masks references, types, calls, templates, placeholders or example hosts', () => {
    const text = [
      'password=auth[1]',
      'password: string',
      'token = getToken()',
      'API_KEY = os.environ["API_KEY"]',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is the point of this case
      'secret: ${VAR}',
      'password = %(name)s',
      'token: {{ .Values.x }}',
      'password: <PASSWORD>',
      'secret: changeme',
      'api_key: example-key-123',
      'token: xxxxxxxx',
      `url: postgres://u:${A}@db.example.com/x`,
      'password: LOUPE_REDACTED[secret-value#3]',
    ].join('\n');
    expect(mask('x.yaml', text)).toBe(text);
    expect(mask('x.properties', text.replaceAll(': ', '='))).toBe(text.replaceAll(': ', '='));
  });
});
