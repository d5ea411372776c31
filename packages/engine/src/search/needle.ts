// What a file's own text must hold for its masked text to hold a query (see stream.ts): masking
// only puts placeholders in place of values, and no match may reach into a placeholder's private
// part, so a match lies in the file's own text or runs into a placeholder's visible part.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LABEL } from '../mask/formats/labels';
import { defaultRulesPath, parseRuleFile } from '../mask/rules';
import { fold } from './text';

const PLACEHOLDER = 'LOUPE_REDACTED[';

/**
 * What a file's own text must contain for its masked text to hold `text` (folded when
 * case-insensitive): `text` itself, or, when a match could run into a placeholder, the part of
 * `text` before it (the shortest such prefix covers every placement). Empty: `text` fits inside a
 * placeholder's visible part, so any file with a masked value may hold it.
 */
export function needleFor(text: string, rules: readonly string[], caseSensitive: boolean): string {
  const visible = rules.map((r) => (caseSensitive ? PLACEHOLDER + r : fold(PLACEHOLDER + r)));
  if (visible.some((v) => v.includes(text))) return '';
  for (let k = 1; k < text.length; k++) {
    const rest = text.slice(k);
    if (visible.some((v) => v.startsWith(rest))) return text.slice(0, k);
  }
  return text;
}

/**
 * Every name a placeholder can carry: the rule file's rule ids (from its parsed form: no rule is
 * compiled for this) and the format tier's labels. A file that cannot be read gives none of its
 * ids; masking then withholds every file anyway (it refuses any but the pinned rules).
 */
export function placeholderNames(rulesPath?: string): string[] {
  const names = new Set<string>(Object.values(LABEL));
  try {
    const bytes = readFileSync(path.resolve(rulesPath ?? defaultRulesPath()));
    const config = parseRuleFile(bytes, createHash('sha256').update(bytes).digest('hex'));
    for (const r of config.rules ?? []) if (r.id) names.add(r.id);
  } catch {
    // see above
  }
  return [...names];
}
