// Which keys name a secret, and which values are real values rather than references, types,
// templates or placeholders. Shared by every format scanner.
import { type Candidate, FORMAT_PRIORITY } from '../candidates';
import { pemBody } from './pem';
import { isVocabulary } from './vocabulary';

/** Splits `clientSecret`, `DB_PASSWORD`, `x-api-key`, `ConnectionStrings:Main` into lower-case words. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Fused words count for the unambiguous ones (pgpassword, clientsecret); `token` only with a
// known prefix (js-tiktoken is a package, not a token).
const LAST_WORD =
  /^(?:\w*(?:password|passwd|passphrase|secret)|pwd|(?:auth|access|refresh|api|bearer|bot|session|oauth|sas|security|private|id)?token|apikey|privatekey|accesskey|secretkey)$/;
const LAST_PAIR = new Set([
  'api key',
  'access key',
  'private key',
  'secret key',
  'signing key',
  'encryption key',
  'master key',
  'account key',
  'shared key',
  'app key',
  'auth key',
  'subscription key',
  'license key',
  'key base',
]);

/**
 * A question about a name, answered once per name (manifests and lock files repeat the same few
 * keys thousands of times); at most a few thousand answers are kept.
 */
export function perName(answer: (name: string) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let a = known.get(name);
    if (a === undefined) {
      a = answer(name);
      if (known.size >= 4096) known.clear();
      known.set(name, a);
    }
    return a;
  };
}

const namesSecretKey = [perName((k) => namesSecret(k, false)), perName((k) => namesSecret(k, true))];

/**
 * Does this key name a secret? `env` = environment-variable names (.env, Dockerfile ENV, compose
 * environment), where a bare `KEY`/`_KEY`, `PASS` or `AUTH` suffix is a secret too.
 */
export function isSecretKey(key: string, env = false): boolean {
  // Real key names are short; a huge "key" is not one (and would make word splitting slow).
  if (key.length > 256) return false;
  return namesSecretKey[env ? 1 : 0]!(key);
}

function namesSecret(key: string, env: boolean): boolean {
  const words = keyWords(key);
  const last = words[words.length - 1];
  if (!last) return false;
  if (LAST_WORD.test(last)) return true;
  const pair = words.slice(-2).join(' ');
  if (LAST_PAIR.has(pair)) return !words.includes('public') && !words.includes('publishable');
  if (env && (last === 'key' || last === 'pass' || last === 'auth' || last === 'credentials'))
    return !words.some((w) => w === 'public' || w === 'publishable' || w === 'pub');
  return false;
}

const LITERALS = /^(?:true|false|yes|no|on|off|null|nil|none|undefined|~|\[\]|\{\})$/i;
const TYPES =
  /^(?:string|str|String|number|int|integer|long|bool|boolean|float|double|bytes|any|object|SecretStr|SecretBytes|Optional\[\w+\]|[A-Z]\w*<\w+>)\??(?:\s*\|\s*(?:undefined|null|None))?$/;
const PLACEHOLDER =
  /^(?:x{3,}|\*+|\.{2,}|-+|_+|#+|0+|changeme|change[-_ ]me|changeit|example|sample|placeholder|dummy|redacted|masked|secret|password|passwd|token|todo|fixme|tbd|empty|required|optional|default|none)$/i;
const PLACEHOLDER_PART =
  /example|changeme|change_me|placeholder|\byour[-_ ]|[-_ ]here\b|x{4,}|\*{3,}|LOUPE_REDACTED\[/i;
const REFERENCE =
  /^(?:\$[A-Za-z_]\w*|\$\(.*\)|%\(\w+\)[sdr]|%[sd]|%[A-Za-z_]\w*%|@[A-Za-z_][\w.]*@|<[^<>\n]*>|\{[\w.[\]'"-]*\})$|\$\{|\{\{|\{%|<%|#\{|\bENC\[|^(?:os\.environ|os\.getenv|process\.env|System\.getenv|ENV\[|env\(|getenv\(|Environment\.)/;
const CODE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\)|\[.*\])$/;

/** Is this text a value worth masking (not a reference, type, template, literal, placeholder or word)? */
export function isRealValue(raw: string): boolean {
  const value = raw.trim();
  if (value.length < 3) return false;
  if (LITERALS.test(value) || TYPES.test(value) || PLACEHOLDER.test(value)) return false;
  if (PLACEHOLDER_PART.test(value) || REFERENCE.test(value) || CODE.test(value)) return false;
  return !isVocabulary(value);
}

/** Pushes a format-tier candidate for `text[start, end)` after trimming blanks, if it holds a real value. */
export function pushValue(
  out: Candidate[],
  text: string,
  start: number,
  end: number,
  rule: string,
  quote = false,
): void {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  // A key block as a value: only its body is the secret; the BEGIN and END lines stay.
  if (text.startsWith('-----BEGIN', start)) {
    const body = pemBody(text, start, end);
    if (body) ({ start, end } = body);
  }
  if (end <= start || !isRealValue(text.slice(start, end))) return;
  out.push({ start, end, rule, priority: FORMAT_PRIORITY, quote: quote || undefined });
}
