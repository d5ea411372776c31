// Format corpus, structured formats: .env, JSON, YAML, TOML, XML.
import { Builder, type CorpusFile, int, keyBody, pick, picker, type Rand, secret } from './corpus-builder';
import { armor, DECOYS, ENV_KEYS, KEYS, PLAIN_ENV, PLAIN_KEYS, PLAIN_VALUES, uri } from './corpus-pools';

export function env(r: Rand, i: number): CorpusFile {
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

export function json(r: Rand, i: number): CorpusFile {
  const key = picker(r, KEYS);
  const plainKey = picker(r, PLAIN_KEYS);
  const b = new Builder();
  const appsettings = i % 4 === 0;
  b.add('{\n  "name": "svc",\n  "version": "1.2.3",\n');
  if (appsettings)
    b.add(
      `  "ConnectionStrings": {\n    "Main": "Server=sql.internal;Database=app;User Id=svc;${i % 8 === 0 ? 'Pwd' : 'Password'}=`,
    )
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

export function yaml(r: Rand, i: number): CorpusFile {
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

export function toml(r: Rand, i: number): CorpusFile {
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

export function xml(r: Rand, i: number): CorpusFile {
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
    `<configuration>\n  <connectionStrings>\n    <add name="Main" connectionString="Data Source=sql01;Initial Catalog=app;User ID=svc;${i % 2 ? 'Pwd' : 'Password'}=`,
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
