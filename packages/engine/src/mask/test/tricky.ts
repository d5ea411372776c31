// biome-ignore-all lint/suspicious/noTemplateCurlyInString: literal ${…} references are the decoys here
// Files full of things that look like secrets and are not values: references, types, calls,
// templates, placeholders, example hosts. Masking must leave every byte of them alone.

const LINES = {
  env: [
    'PASSWORD=${DB_PASSWORD}',
    'API_KEY=$API_KEY',
    'TOKEN=changeme',
    'SECRET=example',
    'CLIENT_SECRET=xxxx',
    'DB_PASS=<PASSWORD>',
    'AUTH_TOKEN=%(token)s',
    'DATABASE_URL=postgres://user:s3cretpw@db.example.com:5432/app',
    'REDIS_URL=redis://:hunter2hunter2@cache.test:6379',
    'SMTP_PASSWORD=',
    'SIGNING_KEY=your_signing_key_here',
    'GITHUB_TOKEN={{ .Values.github.token }}',
    'STRIPE_PUBLISHABLE_KEY=pk_test_placeholder',
  ],
  yaml: [
    'password: ${DB_PASSWORD}',
    'api_key: "{{ .Values.apiKey }}"',
    'token: !Ref TokenParameter',
    'secret: *shared_secret',
    'client_secret: <CLIENT_SECRET>',
    'passphrase: changeme',
    'access_token: null',
    'private_key: ~',
    'max_tokens: 4096',
    'token_url: https://auth.example.org/oauth/token',
    'password_file: /run/secrets/db_password',
    'secret_name: app-secrets',
    'url: mysql://root:rootpw@mysql.example.net/db',
  ],
  json: [
    '"password": "${DB_PASSWORD}"',
    '"apiKey": "<API_KEY>"',
    '"token": null',
    '"secret": "changeme"',
    '"clientSecret": "%CLIENT_SECRET%"',
    '"accessToken": "{{accessToken}}"',
    '"max_tokens": 4096',
    '"password_min_length": 12',
    '"auth": "oauth2"',
    '"url": "https://admin:adminpass@api.example.com/v1"',
  ],
  ts: [
    'const token = getToken();',
    'const password: string = input.password;',
    'let apiKey = process.env.API_KEY;',
    'export const secret = config.get("secret");',
    'const tokenFlags = TokenFlags.Unterminated;',
    'function login(password: string, token?: string) { return auth[1]; }',
    'const authorization = `Bearer ${token}`;',
    'type Credentials = { password: string; apiKey: string };',
    'const passwordHash = await bcrypt.hash(password, saltRounds);',
    'if (secretKey === undefined) throw new Error("missing secret key");',
  ],
  py: [
    'API_KEY = os.environ["API_KEY"]',
    'password = getpass.getpass()',
    'token = request.headers.get("Authorization")',
    'secret_key = settings.SECRET_KEY',
    'db_url = f"postgresql://{user}:{password}@{host}/{name}"',
    'def connect(password: str, token: str = None) -> None: ...',
    'PASSWORD_RE = re.compile(r"^(?=.*\\d).{8,}$")',
  ],
  properties: [
    'spring.datasource.password=${DB_PASSWORD}',
    'app.token=changeme',
    'app.secret=',
    'app.api-key=#{environment.API_KEY}',
    'mail.password=@mail.password@',
  ],
  ini: ['password = %(db_password)s', 'token = ${TOKEN}', 'secret =', 'api_key = <api key>', 'user = app'],
  xml: [
    '<add key="Password" value="${PASSWORD}" />',
    '<password>${env.PASSWORD}</password>',
    '<add key="ApiKey" value="changeme" />',
    '<setting name="Token" value="" />',
    '<connection host="db.example.com" password="#{db.password}" />',
  ],
  toml: [
    'password = "${DB_PASSWORD}"',
    'token = "changeme"',
    'api_key = ""',
    'max_tokens = 4096',
    'secret = "<SECRET>"',
  ],
  dockerfile: ['ENV API_KEY=${API_KEY}', 'ARG NPM_TOKEN', 'ENV PASSWORD=$PASSWORD', 'ENV PORT=8080'],
  http: [
    'Authorization: Bearer {{token}}',
    'X-Api-Key: {{apiKey}}',
    'Cookie: session={{session}}',
    '@password = {{$dotenv PASSWORD}}',
  ],
} as const;

export interface TrickyFile {
  path: string;
  text: string;
}

export function trickyFiles(): TrickyFile[] {
  const out: TrickyFile[] = [];
  const lines = (xs: readonly string[]) => `${xs.join('\n')}\n`;
  out.push({ path: 'tricky/.env', text: lines(LINES.env) });
  out.push({ path: 'tricky/.env.example', text: lines(LINES.env.map((l) => `export ${l}`)) });
  out.push({ path: 'tricky/values.yaml', text: `app:\n${LINES.yaml.map((l) => `  ${l}`).join('\n')}\n` });
  out.push({
    path: 'tricky/docker-compose.yml',
    text: `services:\n  api:\n    environment:\n${LINES.env.map((l) => `      - ${l}`).join('\n')}\n`,
  });
  out.push({ path: 'tricky/config.json', text: `{\n  ${LINES.json.join(',\n  ')}\n}\n` });
  out.push({
    path: 'tricky/appsettings.Development.json',
    text: `{ "ConnectionStrings": { "Main": "Server=db.example.com;Database=app;Trusted_Connection=True;" },\n  ${LINES.json.join(',\n  ')} }\n`,
  });
  out.push({ path: 'tricky/auth.ts', text: lines(LINES.ts) });
  out.push({ path: 'tricky/settings.py', text: lines(LINES.py) });
  out.push({ path: 'tricky/application.properties', text: lines(LINES.properties) });
  out.push({ path: 'tricky/app.ini', text: `[db]\n${lines(LINES.ini)}` });
  out.push({ path: 'tricky/web.config', text: `<configuration>\n${lines(LINES.xml)}</configuration>\n` });
  out.push({ path: 'tricky/config.toml', text: `[db]\n${lines(LINES.toml)}` });
  out.push({ path: 'tricky/Dockerfile', text: `FROM node:20\n${lines(LINES.dockerfile)}` });
  out.push({ path: 'tricky/api.http', text: `GET https://api.example.com/v1\n${lines(LINES.http)}` });
  out.push({
    path: 'tricky/.npmrc',
    text: '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n_auth=\nalways-auth=true\n',
  });
  out.push({
    path: 'tricky/README.md',
    text: `# Setup\n\nSet \`PASSWORD\` in \`.env\`:\n\n\`\`\`\n${lines(LINES.env)}\`\`\`\n\nThe key block format is \`-----BEGIN PRIVATE KEY-----\` … (no END line here).\n`,
  });
  return out;
}
