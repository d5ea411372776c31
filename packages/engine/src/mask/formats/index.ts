// The format-aware tier: which scanner reads a file (by its name), plus the scanners that run on
// every file (credential URIs, connection-string passwords, private key blocks).
import type { Candidate } from '../candidates';
import { CODE_BINDING_PATTERN, scanCode } from './code';
import { scanConnectionStrings } from './connstr';
import { scanEnv } from './env';
import { scanIni } from './ini';
import { scanJson } from './json';
import { scanDockerfile, scanHttp, scanNetrc, scanPgpass } from './misc';
import { BARE_KEY_KEYWORDS, scanBareKeys, scanPrivateKeys } from './pem';
import { scanToml } from './toml';
import { scanUris } from './uri';
import { scanXml } from './xml';
import { scanYaml } from './yaml';

export type Format =
  | 'env'
  | 'json'
  | 'yaml'
  | 'toml'
  | 'xml'
  | 'ini'
  | 'properties'
  | 'npmrc'
  | 'netrc'
  | 'pgpass'
  | 'http'
  | 'dockerfile'
  | 'text';

/** Keywords (lower-case) that switch on the scanners running on every file; checked in the rules' prefilter pass. */
export const TIER_KEYWORDS = [
  '://',
  'jdbc:oracle:',
  'password',
  'pwd',
  '-----begin ',
  ...BARE_KEY_KEYWORDS,
] as const;

/** Patterns (RE2 syntax) checked in the same pass, by name: `tier` holds the names of those that match. */
export const TIER_PATTERNS: Readonly<Record<string, string>> = { 'code-binding': CODE_BINDING_PATTERN };

const BY_EXT: Record<string, Format> = {
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  ipynb: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  xml: 'xml',
  config: 'xml',
  csproj: 'xml',
  vbproj: 'xml',
  fsproj: 'xml',
  props: 'xml',
  targets: 'xml',
  plist: 'xml',
  pom: 'xml',
  resx: 'xml',
  ini: 'ini',
  cfg: 'ini',
  cnf: 'ini',
  conf: 'ini',
  properties: 'properties',
  env: 'env',
  http: 'http',
  rest: 'http',
  dockerfile: 'dockerfile',
};

const BY_NAME: Record<string, Format> = {
  '.env': 'env',
  '.npmrc': 'npmrc',
  '.netrc': 'netrc',
  _netrc: 'netrc',
  '.pgpass': 'pgpass',
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  '.pypirc': 'ini',
  '.s3cfg': 'ini',
  '.gitconfig': 'ini',
  '.my.cnf': 'ini',
};

export function detectFormat(path: string): Format {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const named = BY_NAME[base];
  if (named) return named;
  if (base.startsWith('.env.') || base.startsWith('.env-')) return 'env';
  if (base.startsWith('dockerfile.') || base.startsWith('containerfile.')) return 'dockerfile';
  const dot = base.lastIndexOf('.');
  return (dot >= 0 && BY_EXT[base.slice(dot + 1)]) || 'text';
}

const SCANNERS: Record<Format, ((text: string, out: Candidate[]) => void) | undefined> = {
  env: scanEnv,
  json: scanJson,
  yaml: scanYaml,
  toml: scanToml,
  xml: scanXml,
  ini: (t, o) => scanIni(t, o, 'ini'),
  properties: (t, o) => scanIni(t, o, 'properties'),
  npmrc: (t, o) => scanIni(t, o, 'npmrc'),
  netrc: scanNetrc,
  pgpass: scanPgpass,
  http: scanHttp,
  dockerfile: scanDockerfile,
  text: undefined,
};

/** Format-tier candidates for a file; `tier` holds the TIER_KEYWORDS present in it and the names of the TIER_PATTERNS that match. */
export function scanFormat(text: string, path: string, tier: ReadonlySet<string>): Candidate[] {
  const out: Candidate[] = [];
  SCANNERS[detectFormat(path)]?.(text, out);
  if (tier.has('://') || tier.has('jdbc:oracle:')) scanUris(text, out);
  if (tier.has('password') || tier.has('pwd')) scanConnectionStrings(text, out);
  if (tier.has('-----begin ')) scanPrivateKeys(text, out);
  if (BARE_KEY_KEYWORDS.some((k) => tier.has(k))) scanBareKeys(text, out);
  if (tier.has('code-binding')) scanCode(text, path, out);
  return out;
}
