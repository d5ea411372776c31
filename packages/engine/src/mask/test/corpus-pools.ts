// Shared pieces of the format corpus: key names, decoys, URIs, key armor.
import { type Builder, int, pick, type Rand, secret } from './corpus-builder';

export const KEYS = [
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
export const ENV_KEYS = [
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
export const PLAIN_KEYS = [
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
export const PLAIN_ENV = [
  'NODE_ENV',
  'PORT',
  'API_URL',
  'DATABASE_HOST',
  'LOG_LEVEL',
  'STRIPE_PUBLISHABLE_KEY',
  'WORKERS',
];
export const DECOYS = [
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
export const PLAIN_VALUES = [
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
export const HOSTS = ['db.internal', 'cache.prod.local', '10.0.3.7', 'mq.acme.io', 'ldap.corp.net'];
export const SCHEMES = [
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

export const URI_SAFE = '-_.~';

/** `-----BEGIN <label>-----`, built so this source file holds no key-block marker itself. */
export const armor = (edge: 'BEGIN' | 'END', label: string) => `-----${edge} ${label}-----`;

export function uri(b: Builder, r: Rand): Builder {
  return b
    .add(`${pick(r, SCHEMES)}://${pick(r, ['app', 'admin', 'svc_user'])}:`)
    .plant(secret(r, URI_SAFE))
    .add(`@${pick(r, HOSTS)}:${int(r, 1000, 9999)}/main`);
}
