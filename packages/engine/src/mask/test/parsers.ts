// Reference parsers for the parse-equivalence checks: real ones where the repository has them
// (JSON, yaml, smol-toml, Node's own .env parser), and small ones for XML, INI and .properties.
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { parseAllDocuments } from 'yaml';

export type Tree = unknown;

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: Array<XmlNode | string>;
}

/** Elements, attributes, text, CDATA; comments, declarations and processing instructions dropped. Throws on mismatched tags. */
export function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  const re =
    /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (const m of text.matchAll(re)) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.children.push(m[1]);
    else if (m[2]) {
      if (top.name !== m[2]) throw new Error(`mismatched </${m[2]}>`);
      stack.pop();
    } else if (m[3]) {
      const attrs: Record<string, string> = {};
      for (const a of (m[4] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        attrs[a[1]!] = a[2] ?? a[3]!;
      const node: XmlNode = { name: m[3], attrs, children: [] };
      top.children.push(node);
      if (!m[5]) stack.push(node);
    } else if (m[6]?.trim()) top.children.push(m[6].trim());
    else if (
      m[0].startsWith('<') &&
      !m[0].startsWith('<!--') &&
      !m[0].startsWith('<?') &&
      !m[0].startsWith('<!')
    )
      throw new Error(`bad tag ${m[0]}`);
  }
  if (stack.length !== 1) throw new Error('unclosed element');
  return root;
}

/** INI: `[section]`, `key = value` / `key: value`, `;` and `#` comment lines, matching quotes stripped. */
export function parseIni(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { '': {} };
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const s = /^\[(.*)\]$/.exec(line);
    if (s) {
      section = s[1]!;
      out[section] ??= {};
      continue;
    }
    const m = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
    if (!m) throw new Error(`bad INI line: ${line}`);
    let v = m[2]!;
    if (v.length >= 2 && /^["']/.test(v) && v.endsWith(v[0]!)) v = v.slice(1, -1);
    out[section]![m[1]!] = v;
  }
  return out;
}

/** Java .properties: `=`, `:` or blank separators, `\` continuations, `#`/`!` comments. */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/^[ \t\f]+/, '');
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(?:^|[^\\])(?:\\\\)*\\$/.test(line) && i + 1 < lines.length)
      line = line.slice(0, -1) + lines[++i]!.replace(/^[ \t\f]+/, '');
    const m = /^((?:\\.|[^=:\s\\])+)[ \t\f]*[=:]?[ \t\f]*(.*)$/.exec(line);
    if (!m) throw new Error(`bad properties line: ${line}`);
    out[m[1]!.replace(/\\(.)/g, '$1')] = m[2]!;
  }
  return out;
}

export function parseAs(kind: string, text: string): Tree {
  switch (kind) {
    case 'json':
      return JSON.parse(text);
    case 'yaml':
      return parseAllDocuments(text).map((d) => {
        if (d.errors.length) throw new Error(d.errors[0]!.message);
        return d.toJS();
      });
    case 'toml':
      return parseToml(text);
    case 'env':
      return parseEnv(text);
    case 'xml':
      return parseXml(text);
    case 'ini':
      return parseIni(text);
    case 'properties':
      return parseProperties(text);
    default:
      throw new Error(`no parser for ${kind}`);
  }
}

/**
 * Same shape (keys, lengths, container types) and equal leaves, except leaves that held a planted
 * value: there the masked leaf must carry a placeholder. Returns the differences found.
 */
export function compareTrees(original: Tree, masked: Tree, planted: string[], at = '$'): string[] {
  if (original !== null && typeof original === 'object') {
    if (masked === null || typeof masked !== 'object' || Array.isArray(original) !== Array.isArray(masked))
      return [`${at}: container changed`];
    const a = Object.keys(original as object);
    const b = Object.keys(masked as object);
    if (a.join('\u0000') !== b.join('\u0000')) return [`${at}: keys ${a.join(',')} became ${b.join(',')}`];
    return a.flatMap((k) =>
      compareTrees(
        (original as Record<string, Tree>)[k],
        (masked as Record<string, Tree>)[k],
        planted,
        `${at}.${k}`,
      ),
    );
  }
  if (original === masked) return [];
  const o = String(original);
  if (typeof masked === 'string' && masked.includes('LOUPE_REDACTED[') && planted.some((p) => o.includes(p)))
    return [];
  return [`${at}: ${JSON.stringify(original)} became ${JSON.stringify(masked)}`];
}
