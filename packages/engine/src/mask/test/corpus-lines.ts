// Format corpus, line formats and the rest: INI, properties, npmrc, netrc, pgpass, http, Dockerfile, key files, code.
import { Builder, type CorpusFile, int, keyBody, pick, picker, type Rand, secret } from './corpus-builder';
import { armor, DECOYS, ENV_KEYS, KEYS, uri } from './corpus-pools';

export function ini(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const b = new Builder().add('; generated\n[client]\nhost = db.internal\nport = 3306\n');
  b.add(`${key()} = `).plant(secret(r, '-_.!%^*+')).add('\n\n[server]\n');
  b.add(`${key()}: "`).plant(secret(r)).add('"\n');
  b.add(`${key()} = ${pick(r, DECOYS)}\nname = app\n`);
  return b.file(`i${i}/${pick(r, ['my.cnf', 'app.ini', 'setup.cfg', 'service.conf', '.pypirc'])}`, 'ini');
}

export function properties(r: Rand, i: number): CorpusFile {
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

export function npmrc(r: Rand, i: number): CorpusFile {
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

export function netrc(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('machine api.acme.io\n  login deploy\n  password ')
    .plant(secret(r))
    .add('\nmachine ftp.acme.io login anon password ')
    .plant(secret(r))
    .add('\n');
  return b.file(`n${i}/${i % 2 ? '.netrc' : '_netrc'}`);
}

export function pgpass(r: Rand, i: number): CorpusFile {
  const b = new Builder()
    .add('# host:port:db:user:password\ndb.internal:5432:app:svc:')
    .plant(secret(r, '-_.!'))
    .add('\n*:*:*:replica:')
    .plant(`${secret(r)}\\:${secret(r)}`)
    .add('\n');
  return b.file(`g${i}/.pgpass`);
}

export function http(r: Rand, i: number): CorpusFile {
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

export function dockerfile(r: Rand, i: number): CorpusFile {
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

export function keys(r: Rand, i: number): CorpusFile {
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

export function code(r: Rand, i: number): CorpusFile {
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
