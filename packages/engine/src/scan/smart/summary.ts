// One line an agent can read: what a listing left out and why. Used by the MCP tools and packs.
import { plural, safeJson } from '@loupe/common';
import type { HiddenEntry, HiddenReason } from '../../types';

const LABELS: Record<HiddenReason['kind'], string> = {
  'build-output': 'hidden as build output',
  gitignored: 'gitignored',
  'os-junk': 'OS junk',
  'user-hidden': 'hidden by the user',
  'case-duplicate': 'case duplicates of tracked files',
  unreadable: 'unreadable',
};
const ORDER = Object.keys(LABELS) as Array<HiddenReason['kind']>;
const MAX_NAMES = 8;

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export interface SummaryOptions {
  /** Names as JSON strings: for text an agent reads as Loupe's own (a name cannot pass for a sentence). */
  quoteNames?: boolean;
}

function names(entries: HiddenEntry[], quote: boolean): string {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(basename(e.path), (counts.get(basename(e.path)) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const shown = sorted.slice(0, MAX_NAMES).map(([n, c]) => {
    const name = quote ? safeJson(n) : n;
    return c > 1 ? `${name} ×${c}` : name;
  });
  if (sorted.length > MAX_NAMES) shown.push(`+${sorted.length - MAX_NAMES} more`);
  return shown.join(', ');
}

/**
 * "hidden as build output: 3 folders (dist, obj, target); gitignored: 2 folders, 14 files".
 * Folder names are listed for build output, OS junk and user-hidden entries (the surprising
 * kinds); gitignored entries are counted only. A hidden folder stands for everything below it.
 */
export function summarizeHidden(hidden: readonly HiddenEntry[], options: SummaryOptions = {}): string {
  if (!hidden.length) return 'nothing hidden';
  const parts: string[] = [];
  for (const kind of ORDER) {
    const of = hidden.filter((h) => h.reason.kind === kind);
    if (!of.length) continue;
    const dirs = of.filter((h) => h.dir);
    const files = of.filter((h) => !h.dir);
    const counts = [
      dirs.length ? plural(dirs.length, 'folder') : '',
      files.length ? plural(files.length, 'file') : '',
    ]
      .filter(Boolean)
      .join(', ');
    const listed =
      kind === 'gitignored' || kind === 'case-duplicate'
        ? ''
        : ` (${names(of, Boolean(options.quoteNames))})`;
    parts.push(`${LABELS[kind]}: ${counts}${listed}`);
  }
  return parts.join('; ');
}

/** Why one entry is hidden, in words (a refusal or a link's reason quotes it). */
export function describeHidden(reason: HiddenReason): string {
  switch (reason.kind) {
    case 'gitignored':
      return `ignored by ${reason.source || '.gitignore'} line ${reason.line} (${JSON.stringify(reason.pattern)})`;
    case 'build-output':
      return `hidden as build output (${reason.rule}, owned by ${reason.owner || 'the root'})`;
    case 'os-junk':
      return 'hidden as an operating-system junk file';
    case 'user-hidden':
      return 'hidden by the user in Loupe';
    case 'case-duplicate':
      return `hidden because it differs only in case from the tracked ${JSON.stringify(reason.tracked)}`;
    case 'unreadable':
      return `unreadable (${reason.message})`;
  }
}
