// The format corpus: ≥ 150 generated files across every format of the format tier, each with
// planted values (exact spans known), decoys that must stay (references, placeholders, types,
// non-secret keys) and ordinary content.
import {
  Builder,
  type CorpusFile,
  int,
  keyBody,
  pick,
  picker,
  type Rand,
  rng,
  secret,
} from './corpus-builder';

const KEYS = [
  'password',
  'db_password',
  'dbPassword',
  'apiKey',
  'api_key',
  'client_secret',
  'clientSecret',
  'access_token',
  'refreshToken',
  'auth_token',
  'secret',
  'secret_key',
  'signing_key',
  'encryption_key',
  'webhook_secret',
  'smtp_password',
  'pgpassword',
  'masterKey',
  'account_key',
  'sas_token',
  'passphrase',
];
const ENV_KEYS = [
  'DB_PASSWORD',
  'STRIPE_KEY',
  'SECRET_KEY',
  'API_KEY',
  'GITHUB_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'REDIS_PASS',
  'SMTP_PASSWORD',
  'JWT_SECRET',
  'SENTRY_AUTH_TOKEN',
  'NPM_AUTH',
  'SERVICE_CREDENTIALS',
];
const PLAIN_KEYS = [
  'host',
  'port',
  'user',
  'username',
  'name',
  'region',
  'timeout',
  'enabled',
  'token_url',
  'max_tokens',
  'password_file',
  'secret_name',
  'key_id',
  'public_key',
  'log_level',
];
const PLAIN_ENV = [
  'NODE_ENV',
  'PORT',
  'API_URL',
  'DATABASE_HOST',
  'LOG_LEVEL',
  'STRIPE_PUBLISHABLE_KEY',
  'WORKERS',
];
const DECOYS = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} reference is the decoy
  '${DB_PASSWORD}',
  'changeme',
  '<PASSWORD>',
  '{{ .Values.password }}',
  '%(pw)s',
  'string',
  'null',
  'example-token',
  'xxxx',
  '$SECRET',
];
const PLAIN_VALUES = [
  'db.internal',
  '5432',
  'app',
  'eu-west-1',
  '30s',
  'true',
  'info',
  'https://auth.internal/oauth/token',
  '4096',
];
const HOSTS = ['db.internal', 'cache.prod.local', '10.0.3.7', 'mq.acme.io', 'ldap.corp.net'];
const SCHEMES = [
  'postgres',
  'postgresql',
  'mysql',
  'mongodb',
  'mongodb+srv',
  'redis',
  'rediss',
  'amqp',
  'amqps',
  'https',
  'ftp',
  'ldap',
  'smtp',
];

const URI_SAFE = '-_.~';

/** `-----BEGIN <label>-----`, built so this source file holds no key-block marker itself. */
const armor = (edge: 'BEGIN' | 'END', label: string) => `-----${edge} ${label}-----`;

function uri(b: Builder, r: Rand): Builder {
  return b
    .add(`${pick(r, SCHEMES)}://${pick(r, ['app', 'admin', 'svc_user'])}:`)
    .plant(secret(r, URI_SAFE))
    .add(`@${pick(r, HOSTS)}:${int(r, 1000, 9999)}/main`);
}

function env(r: Rand, i: number): CorpusFile {
  const b = new Builder().add('# service configuration\n');
  for (let k = int(r, 4, 9); k > 0; k--) {
    const kind = int(r, 0, 7);
    if (kind === 0) b.add(`${pick(r, PLAIN_ENV)}=${pick(r, PLAIN_VALUES)}\n`);
    else if (kind === 1) b.add(`${pick(r, ENV_KEYS)}=${pick(r, DECOYS)}\n`);
    else if (kind === 2) uri(b.add('DATABASE_URL='), r).add('\n');
    else if (kind === 3)
      b.add(`export ${pick(r, ENV_KEYS)}="`)
        .plant(secret(r, '-_.!%^*+ '))
        .add('"\n');
    else if (kind === 4)
      b.add(`${pick(r, ENV_KEYS)}='`)
        .plant(secret(r, '-_.!%^*+#'))
        .add("'\n");
    else if (kind === 5) {
      const a = secret(r);
      const c = secret(r);
      b.add(`${pick(r, ENV_KEYS)}="`)
        .plant(`${a}\n${c}`)
        .add('"\n');
    } else
      b.add(`${pick(r, ENV_KEYS)}=`)
        .plant(secret(r, '-_.!%^*+'))
        .add(pick(r, ['', '   # rotated monthly', ' ']), '\n');
  }
  return b.file(
    pick(r, ['.env', '.env.local', '.env.production', 'config/prod.env', 'deploy/.env.staging']).replace(
      /^/,
      `e${i}/`,
    ),
    'env',
  );
}

function json(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const plainKey = picker(r, PLAIN_KEYS);
  const b = new Builder();
  const appsettings = i % 4 === 0;
  b.add('{\n  "name": "svc",\n  "version": "1.2.3",\n');
  if (appsettings)
    b.add('  "ConnectionStrings": {\n    "Main": "Server=sql.internal;Database=app;User Id=svc;Password=')
      .plant(secret(r, '-_.!'))
      .add(';Encrypt=true"\n  },\n');
  b.add('  "database": {\n    "host": "db.internal",\n    "port": 5432,\n');
  b.add(`    "${key()}": "`).plant(secret(r, '-_.!%^*+ ')).add('",\n');
  b.add(`    "${key()}": "${pick(r, DECOYS)}",\n`);
  b.add('    "pool": { "min": 1, "max": 10 }\n  },\n');
  if (r() < 0.5)
    b.add('  "pin": { "password": ')
      .plant(String(int(r, 10000000, 99999999)))
      .add(' },\n');
  b.add('  "env": {\n    "NODE_ENV": "production",\n    "')
    .add(pick(r, ENV_KEYS))
    .add('": "')
    .plant(secret(r))
    .add('"\n  },\n');
  b.add('  "services": [\n    { "url": "');
  uri(b, r).add('", "timeout": 30 },\n    { "name": "cache", "');
  b.add(key()).add('": "').plant(secret(r)).add('" }\n  ],\n');
  const body = keyBody(r, 3, '\\n');
  b.add(`  "tls": { "key": "${armor('BEGIN', 'PRIVATE KEY')}\\n`)
    .plant(body, body.replaceAll('\\n', '\n'))
    .add(`\\n${armor('END', 'PRIVATE KEY')}\\n" },\n`);
  b.add(`  "features": ["a", "b"],\n  "${plainKey()}": "${pick(r, PLAIN_VALUES)}"\n}\n`);
  return b.file(appsettings ? `j${i}/appsettings.Production.json` : `j${i}/config.json`, 'json');
}

function yaml(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const plainKey = picker(r, PLAIN_KEYS);
  const b = new Builder();
  const kind = i % 5;
  if (kind === 0) {
    b.add(
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-secrets\n  namespace: prod\ntype: Opaque\ndata:\n',
    );
    b.add('  username: ')
      .plant(secret(r, '+/='))
      .add('\n  password: "')
      .plant(secret(r, '+/='))
      .add('"\nstringData:\n  token: ')
      .plant(secret(r))
      .add('\n');
    return b.file(`y${i}/secret.yaml`, 'yaml');
  }
  if (kind === 1) {
    b.add(
      "version: '3.8'\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: ",
    )
      .plant(secret(r))
      .add('\n      POSTGRES_DB: main\n');
    b.add('  api:\n    image: acme/api:1.4\n    environment:\n      - NODE_ENV=production\n      - ')
      .add(pick(r, ENV_KEYS))
      .add('=')
      .plant(secret(r))
      .add('\n      - PORT=8080\n    ports:\n      - "8080:8080"\n');
    return b.file(`y${i}/docker-compose.yml`, 'yaml');
  }
  if (kind === 2) {
    b.add('name: ci\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    env:\n      ')
      .add(pick(r, ENV_KEYS))
      .add(": '")
      .plant(secret(r))
      .add(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} reference is the decoy
        "'\n      OTHER: ${{ secrets.OTHER }}\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n",
      );
    return b.file(`y${i}/.github/workflows/ci.yml`, 'yaml');
  }
  b.add('# app settings\nserver:\n  host: 0.0.0.0\n  port: 8080\ndatabase:\n  url: ');
  uri(b, r)
    .add(`\n  ${key()}: `)
    .plant(secret(r))
    .add(`\n  ${key()}: "${pick(r, DECOYS)}"\n`);
  b.add(`  pool: { size: 10, ${key()}: `).plant(secret(r)).add(' }\n');
  b.add('clients:\n  - name: billing\n    ')
    .add(key())
    .add(': "')
    .plant(secret(r, '-_.!%^*+ #'))
    .add('"\n  - name: mail\n    ')
    .add(key())
    .add(": '")
    .plant(secret(r))
    .add("'\n");
  const pemYaml = keyBody(r, 3, '\n    ');
  b.add(`tls:\n  private_key: |\n    ${armor('BEGIN', 'RSA PRIVATE KEY')}\n    `)
    .plant(pemYaml, pemYaml.replaceAll('\n    ', '\n'))
    .add(`\n    ${armor('END', 'RSA PRIVATE KEY')}\n`);
  b.add(`logging:\n  level: info\n  ${plainKey()}: ${pick(r, PLAIN_VALUES)}\n`);
  return b.file(`y${i}/application.yml`, 'yaml');
}

function toml(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const b = new Builder().add('title = "service"\n\n[database]\nhost = "db.internal"\nport = 5432\n');
  b.add(`${key()} = "`).plant(secret(r, '-_.!%^*+ ')).add('"\n');
  b.add(`${key()} = "${pick(r, DECOYS)}"\n\n[services.mail]\n`);
  b.add(`${key()} = '`).plant(secret(r)).add("'\nretries = 3\n");
  b.add(`credentials = { user = "svc", ${key()} = "`).plant(secret(r)).add('" }\n');
  b.add('pin.password = ')
    .plant(String(int(r, 10000000, 99999999)))
    .add('\n');
  b.add(`\n[tls]\n${key()} = """\n`)
    .plant(`${secret(r)}\n${secret(r)}`)
    .add('"""\n');
  b.add('\n[env]\n').add(pick(r, ENV_KEYS)).add(' = "').plant(secret(r)).add('"\nRUST_LOG = "info"\n');
  return b.file(`t${i}/${pick(r, ['config.toml', 'settings.toml', 'Cargo-config.toml'])}`, 'toml');
}

function xml(r: Rand, i: number): CorpusFile {
  const b = new Builder().add('<?xml version="1.0" encoding="utf-8"?>\n');
  if (i % 3 === 0) {
    b.add(
      '<settings>\n  <servers>\n    <server>\n      <id>central</id>\n      <username>deploy</username>\n      <password>',
    )
      .plant(secret(r))
      .add('</password>\n    </server>\n  </servers>\n</settings>\n');
    return b.file(`x${i}/settings.xml`, 'xml');
  }
  if (i % 3 === 1) {
    b.add(
      '<plist version="1.0">\n<dict>\n  <key>Name</key>\n  <string>app</string>\n  <key>ApiToken</key>\n  <string>',
    )
      .plant(secret(r))
      .add('</string>\n</dict>\n</plist>\n');
    return b.file(`x${i}/Config.plist`, 'xml');
  }
  b.add(
    '<configuration>\n  <connectionStrings>\n    <add name="Main" connectionString="Data Source=sql01;Initial Catalog=app;User ID=svc;Password=',
  )
    .plant(secret(r, '-_.!'))
    .add(';" providerName="System.Data.SqlClient" />\n  </connectionStrings>\n  <appSettings>\n');
  b.add('    <add key="ServiceUrl" value="https://api.internal" />\n    <add key="')
    .add(pick(r, ['ApiKey', 'ClientSecret', 'SmtpPassword']))
    .add('" value="')
    .plant(secret(r))
    .add('" />\n');
  b.add(`    <add key="Password" value="${pick(r, DECOYS).replace(/[<>]/g, '')}" />\n  </appSettings>\n`);
  b.add('  <smtp host="mail.internal" password="')
    .plant(secret(r))
    .add('" port="25" />\n  <signing><secret><![CDATA[')
    .plant(secret(r, '-_.<>&'))
    .add(']]></secret></signing>\n</configuration>\n');
  return b.file(`x${i}/web.config`, 'xml');
}

function ini(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const b = new Builder().add('; generated\n[client]\nhost = db.internal\nport = 3306\n');
  b.add(`${key()} = `).plant(secret(r, '-_.!%^*+')).add('\n\n[server]\n');
  b.add(`${key()}: "`).plant(secret(r)).add('"\n');
  b.add(`${key()} = ${pick(r, DECOYS)}\nname = app\n`);
  return b.file(`i${i}/${pick(r, ['my.cnf', 'app.ini', 'setup.cfg', 'service.conf', '.pypirc'])}`, 'ini');
}

function properties(r: Rand, i: number): CorpusFile {
  const b = new Builder().add(
    '# Spring\nspring.application.name=app\nspring.datasource.url=jdbc:postgresql://db.internal:5432/app\n',
  );
  b.add('spring.datasource.password=').plant(secret(r, '-_.!%^*+')).add('\n');
  b.add('mail.smtp.secret : ').plant(secret(r)).add('\n');
  b.add('app.apiKey ').plant(secret(r)).add('\n');
  b.add(`app.token=${pick(r, DECOYS)}\n`);
  b.add('app.jdbc=jdbc:sqlserver://sql01:1433;databaseName=app;user=svc;password=')
    .plant(secret(r, '-_.'))
    .add(';\n');
  const [a, c] = [secret(r), secret(r)];
  b.add('app.signing_key=')
    .plant(`${a}\\\n    ${c}`, a + c)
    .add('\nserver.port=8080\n');
  return b.file(`p${i}/application.properties`, 'properties');
}

function npmrc(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=')
    .plant(secret(r))
    .add('\n');
  b.add('@acme:registry=https://npm.acme.io/\n//npm.acme.io/:_auth=')
    .plant(secret(r, '+/='))
    .add('\n//npm.acme.io/:_password=')
    .plant(secret(r, '+/='))
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} reference is the decoy
    .add('\nalways-auth=true\n//other/:_authToken=${NPM_TOKEN}\n');
  return b.file(`n${i}/.npmrc`, 'ini');
}

function netrc(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('machine api.acme.io\n  login deploy\n  password ')
    .plant(secret(r))
    .add('\nmachine ftp.acme.io login anon password ')
    .plant(secret(r))
    .add('\n');
  return b.file(`n${i}/${i % 2 ? '.netrc' : '_netrc'}`);
}

function pgpass(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('# host:port:db:user:password\ndb.internal:5432:app:svc:')
    .plant(secret(r, '-_.!'))
    .add('\n*:*:*:replica:')
    .plant(`${secret(r)}\\:${secret(r)}`)
    .add('\n');
  return b.file(`g${i}/.pgpass`);
}

function http(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('@host = https://api.internal\n@api_token = ')
    .plant(secret(r))
    .add('\n\n### list\nGET {{host}}/v1/items\nAuthorization: Bearer ')
    .plant(secret(r))
    .add('\nAccept: application/json\n\n');
  b.add('### basic\nPOST {{host}}/v1/login\nAuthorization: Basic ')
    .plant(secret(r, '+/='))
    .add('\nCookie: session=')
    .plant(secret(r))
    .add('; theme=')
    .plant(secret(r))
    .add('\nX-Api-Key: ')
    .plant(secret(r))
    .add(
      '\nContent-Type: application/json\n\n{"user": "svc"}\n\n### templated\nGET {{host}}/v1/me\nAuthorization: Bearer {{api_token}}\n',
    );
  return b.file(`h${i}/${i % 2 ? 'requests.http' : 'api.rest'}`);
}

function dockerfile(r: Rand, i: number): CorpusFile {
  const b = new Builder().add('FROM node:20-alpine\nWORKDIR /app\nENV NODE_ENV=production PORT=8080\n');
  b.add(`ENV ${pick(r, ENV_KEYS)}=`)
    .plant(secret(r))
    .add(` ${pick(r, ENV_KEYS)}="`)
    .plant(secret(r, '-_.!% '))
    .add('"\n');
  b.add(`ARG ${pick(r, ENV_KEYS)}=`)
    .plant(secret(r))
    .add('\n');
  b.add(`ENV ${pick(r, ENV_KEYS)} `)
    .plant(secret(r))
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} reference is the decoy
    .add('\nENV API_KEY=${API_KEY}\nCOPY . .\nRUN npm ci\nCMD ["node", "server.js"]\n');
  return b.file(`d${i}/${pick(r, ['Dockerfile', 'Dockerfile.prod', 'api.dockerfile', 'Containerfile'])}`);
}

function keys(r: Rand, i: number): CorpusFile {
  const label = pick(r, [
    'RSA PRIVATE KEY',
    'EC PRIVATE KEY',
    'PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
  ]);
  const b = new Builder();
  if (label.startsWith('PGP'))
    b.add(`${armor('BEGIN', label)}\nVersion: GnuPG v2\n\n`).plant(keyBody(r, int(r, 4, 12)));
  else b.add(`${armor('BEGIN', label)}\n`).plant(keyBody(r, int(r, 4, 12)));
  b.add(`\n${armor('END', label)}\n`);
  return b.file(`k${i}/${pick(r, ['id_rsa', 'server.key', 'tls.pem', 'signing.asc', 'deploy_key'])}`);
}

function code(r: Rand, i: number): CorpusFile {
  const lang = i % 4;
  const b = new Builder();
  if (lang === 0) {
    b.add(
      "import { Client } from 'pg';\n\nconst token = getToken();\nconst url = process.env.DATABASE_URL;\nexport const client = new Client({ connectionString: '",
    );
    uri(b, r)
      .add('\' });\nconst api_key = "')
      .plant(secret(r, ''))
      .add('";\nexport function f(password: string) { return password.length; }\n');
    return b.file(`c${i}/src/db.ts`, 'code');
  }
  if (lang === 1) {
    b.add('import os\n\nAPI_KEY = os.environ["API_KEY"]\nDSN = "');
    uri(b, r)
      .add('"\nsecret_key = "')
      .plant(secret(r, ''))
      .add('"\n\ndef connect(password: str) -> None:\n    return None\n');
    return b.file(`c${i}/app/settings.py`, 'code');
  }
  if (lang === 2) {
    b.add('package main\n\nimport "os"\n\nvar dsn = "');
    uri(b, r)
      .add('"\nvar clientSecret = `')
      .plant(secret(r, ''))
      .add('`\n\nfunc main() { _ = os.Getenv("TOKEN") }\n');
    return b.file(`c${i}/cmd/main.go`, 'code');
  }
  b.add('public class Config {\n  private static final String URL = "jdbc:oracle:thin:svc/')
    .plant(secret(r, ''))
    .add('@db01:1521:orcl";\n  private static final String accessToken = "')
    .plant(secret(r, ''))
    .add('";\n  String password() { return System.getenv("PW"); }\n}\n');
  return b.file(`c${i}/src/Config.java`, 'code');
}

const GENERATORS: Array<[(r: Rand, i: number) => CorpusFile, number]> = [
  [env, 20],
  [json, 20],
  [yaml, 25],
  [toml, 12],
  [xml, 15],
  [ini, 10],
  [properties, 10],
  [npmrc, 6],
  [netrc, 6],
  [pgpass, 6],
  [http, 8],
  [dockerfile, 10],
  [keys, 12],
  [code, 16],
];

export function formatCorpus(seed = 20261129): CorpusFile[] {
  const r = rng(seed);
  return GENERATORS.flatMap(([gen, n]) => Array.from({ length: n }, (_, i) => gen(r, i)));
}
