// Private keys are never printed, whole or in part: real keys made here by node:crypto (RSA, EC,
// Ed25519; PKCS#1, PKCS#8, SEC1, encrypted PKCS#8), as PEM blocks, as blocks whose END line is
// missing, and as bare base64 bodies with no armor at all, in key files, .env, JSON and code.
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';

let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});
const mask = (path: string, text: string) => maskText(text, path, rules, new MaskSession());

interface Key {
  name: string;
  pem: string;
}

function keys(): Key[] {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const ec384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
  const ed = generateKeyPairSync('ed25519').privateKey;
  const pem = (k: KeyObject, type: 'pkcs1' | 'pkcs8' | 'sec1', cipher?: string) =>
    k.export({ type, format: 'pem', ...(cipher ? { cipher, passphrase: 'x' } : {}) }).toString();
  // OpenSSH's own format (Node cannot write it): the magic, then key material.
  const openssh = Buffer.concat([Buffer.from('openssh-key-v1\0'), randomBytes(380)]).toString('base64');
  const wrap = (b64: string) => b64.match(/.{1,70}/g)!.join('\n');
  return [
    { name: 'RSA PKCS#1', pem: pem(rsa, 'pkcs1') },
    { name: 'RSA PKCS#8', pem: pem(rsa, 'pkcs8') },
    { name: 'RSA PKCS#8, encrypted', pem: pem(rsa, 'pkcs8', 'aes-256-cbc') },
    { name: 'EC P-256 SEC1', pem: pem(ec, 'sec1') },
    { name: 'EC P-384 SEC1', pem: pem(ec384, 'sec1') },
    { name: 'EC P-256 PKCS#8', pem: pem(ec, 'pkcs8') },
    { name: 'Ed25519 PKCS#8', pem: pem(ed, 'pkcs8') },
    {
      name: 'OpenSSH',
      pem: `-----BEGIN OPENSSH PRIVATE KEY-----\n${wrap(openssh)}\n-----END OPENSSH PRIVATE KEY-----\n`,
    },
  ];
}

/** The base64 lines of a PEM block. */
const bodyLines = (pem: string) => pem.split('\n').filter((l) => /^[A-Za-z0-9+/=]+$/.test(l));

/** Every 12-character piece of the key's base64 that could be found in the output. */
function leaks(output: string, key: Key): string[] {
  const b64 = bodyLines(key.pem).join('');
  const out: string[] = [];
  const flat = output.replace(/\\n|\s/g, '');
  for (let i = 0; i + 12 <= b64.length; i += 6)
    if (flat.includes(b64.slice(i, i + 12))) out.push(b64.slice(i, i + 12));
  return out;
}

describe('private keys', () => {
  const all = keys();

  it('a whole block: the body is masked, BEGIN and END lines stay', () => {
    for (const k of all) {
      const r = mask('deploy/server.key', k.pem);
      expect(leaks(r.text, k), k.name).toEqual([]);
      expect(r.text.split('\n')[0], k.name).toMatch(/^-----BEGIN [A-Z ]*PRIVATE KEY-----$/);
      expect(r.text, k.name).toMatch(/-----END [A-Z ]*PRIVATE KEY-----\n$/);
      expect(r.text.split('\n').length, k.name).toBe(k.pem.split('\n').length);
    }
  });

  it('a block with no END line (a truncated paste) is masked, not printed', () => {
    for (const k of all) {
      const lines = k.pem.trimEnd().split('\n');
      for (const cut of lines.length > 4 ? [1, 3] : [1]) {
        const text = `${lines.slice(0, -cut).join('\n')}\n`;
        const r = mask('notes/key.txt', text);
        expect(leaks(r.text, k), `${k.name}, ${cut} lines cut`).toEqual([]);
        expect(
          r.findings.map((f) => f.rule),
          k.name,
        ).toEqual(['private-key-block']);
        expect(r.text.split('\n').length).toBe(text.split('\n').length);
      }
      // In a string with escaped line breaks, the key's last line ends at the quote.
      const json = `{"key": "${lines.slice(0, -1).join('\\n')}", "next": "kept"}\n`;
      const j = mask('config/app.json', json);
      expect(leaks(j.text, k), `${k.name} in JSON`).toEqual([]);
      expect(j.text).toContain('"next": "kept"');
      expect(j.text).toContain(`"key": "${lines[0]}\\n`);
    }
  });

  it('a bare key body (base64 with no armor) is masked wherever it is', () => {
    for (const k of all) {
      const lines = bodyLines(k.pem);
      const flat = lines.join('');
      const places: Array<[string, string]> = [
        ['keys/id.b64', `${lines.join('\n')}\n`],
        ['.env', `SIGNING_MATERIAL=${flat}\nPORT=8080\n`],
        ['src/keys.ts', `export const material = "${flat}";\nexport const port = 8080;\n`],
        ['config/keys.json', `{ "material": "${lines.join('\\n')}" }\n`],
        ['docs/setup.md', `Paste this:\n\n    ${lines.join('\n    ')}\n\nthen restart.\n`],
      ];
      for (const [path, text] of places) {
        const r = mask(path, text);
        expect(leaks(r.text, k), `${k.name} in ${path}`).toEqual([]);
        expect(r.text.split('\n').length, `${k.name} in ${path}`).toBe(text.split('\n').length);
      }
      expect(mask('.env', `SIGNING_MATERIAL=${flat}\nPORT=8080\n`).text).toContain('\nPORT=8080\n');
    }
  });

  it('leaves text that only names a key block, or code that assembles one, as it is', () => {
    // The armor is assembled so that this file itself holds no key block.
    const [B, E] = ['-----BEGIN', '-----END'];
    const cases: Array<[string, string]> = [
      ['README.md', `Keys start with ${B} PRIVATE KEY----- and are masked.\n`],
      ['src/jwt.ts', `const pem = \`${B} PRIVATE KEY-----\\n\${base64Key}\\n${E} PRIVATE KEY-----\`\n`],
      [
        'src/jwt.test.ts',
        `const pem = \`${B} PRIVATE KEY-----\\n\${encodeBase64(exported)}\\n${E} PRIVATE KEY-----\`\nconst spki = \`${B} PUBLIC KEY-----\\n\${encodeBase64(pub)}\\n${E} PUBLIC KEY-----\`\n`,
      ],
      [
        'src/b64.ts',
        'const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";\n',
      ],
    ];
    for (const [path, text] of cases) expect(mask(path, text).text, path).toBe(text);
  });
});
