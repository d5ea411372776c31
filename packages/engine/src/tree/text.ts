// Text pieces the markdown and ascii renderings share: quoted names, compact numbers, per-node
// fields, the "… N more" marker and the closing "left out" line.
import { compactCount, noun, safeJson } from '@loupe/common';
import type { TreeNode } from './model';
import type { Counts, LimitReason, TreeField, View } from './view';
import { entryCount } from './view';

export const ELLIPSIS = '…';

/**
 * Indent levels an estimate fragment spells out at most. BPE cost grows with the square of a
 * whitespace run, and estimates are counted per entry; the exact count of the whole text decides.
 */
export const MAX_INDENT = 24;

// Whitespace, separators and invisible or control characters: a name holding any of them is
// quoted, so the unquoted form is always one run of visible, space-free characters.
const UNSAFE = /[\s\p{C}\p{Z}]/u;

/**
 * Whether a name must be quoted in the markdown form. Besides unsafe characters, a leading `"`
 * (the quote), `…` (markers), `(` on a file (fields follow a name after a space) or a fence
 * opener (the form is usually embedded in a fenced block) would be read as syntax.
 */
export function needsQuote(name: string, kind: 'file' | 'folder'): boolean {
  if (UNSAFE.test(name)) return true;
  const c = name[0];
  if (c === '"' || c === ELLIPSIS || (c === '(' && kind === 'file')) return true;
  return name.startsWith('```') || name.startsWith('~~~');
}

/**
 * A JSON string literal (so `JSON.parse` recovers the exact name) in which every invisible or
 * line-breaking character is also escaped, so the quoted form stays on one visible line.
 */
export function quote(name: string): string {
  return safeJson(name);
}

export function markdownName(name: string, kind: 'file' | 'folder'): string {
  return needsQuote(name, kind) ? quote(name) : name;
}

/** People read names raw; only what could fake a line, hide, or pass for a marker is quoted. */
export function asciiName(name: string): string {
  const hostile =
    /[\p{C}\u2028\u2029\u0085]/u.test(name) ||
    /^\s|\s$/.test(name) ||
    name[0] === '"' ||
    name[0] === ELLIPSIS;
  return hostile ? quote(name) : name;
}

/** 512 B, 3.4 KiB, 12 MiB. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1).replace(/\.0$/, '') : Math.round(v)} ${units[i]}`;
}

/** The requested fields of one node as short phrases; a file without a value shows nothing. */
export function fieldPhrases(node: TreeNode, fields: readonly TreeField[]): string[] {
  const out: string[] = [];
  for (const field of fields) {
    if (field === 'tokens') {
      if (node.tokens !== undefined) out.push(`${compactCount(node.tokens)} tok`);
    } else if (field === 'size') {
      if (node.size !== undefined) out.push(bytes(node.size));
    } else if (node.kind === 'folder') {
      if (node.received) out.push(`${node.received} received`);
    } else if (node.received) {
      out.push(node.received === 'changed' ? 'received, changed since' : 'received');
    }
  }
  return out;
}

/** ` (1.2k tok, 3.4 KiB)`, or '' when there is nothing to say. */
export function fieldSuffix(node: TreeNode, fields: readonly TreeField[]): string {
  if (!fields.length) return '';
  const phrases = fieldPhrases(node, fields);
  return phrases.length ? ` (${phrases.join(', ')})` : '';
}

// Counts here are digits only (`1234 files`, never `1,234`): tree/parse.ts reads the marker back.
const count = (n: number, word: string) => `${n} ${noun(n, word)}`;

export function countsText(c: Counts): string {
  if (!c.folders) return count(c.files, 'file');
  if (!c.files) return count(c.folders, 'folder');
  return `${count(c.folders, 'folder')}, ${count(c.files, 'file')}`;
}

/** `… 40 more files`, `… 83 more (7 folders, 76 files)`. */
export function markerText(c: Counts): string {
  const n = entryCount(c);
  if (!c.folders) return `${ELLIPSIS} ${n} more ${noun(c.files, 'file')}`;
  return `${ELLIPSIS} ${n} more (${countsText(c)})`;
}

function reasonText(view: View, reason: LimitReason): string {
  const { limits } = view;
  if (reason === 'depth') return `depth ${limits.depth}`;
  if (reason === 'max-entries') return `${limits.maxEntries}-entry cap`;
  return `${limits.maxTokens}-token cap`;
}

/** `… 330 of 450 entries left out (40 folders, 290 files): depth 2, 2000-token cap`, or ''. */
export function trailerText(view: View): string {
  const n = entryCount(view.left);
  if (!n) return '';
  const why = view.by.map((r) => reasonText(view, r)).join(', ');
  return `${ELLIPSIS} ${n} of ${entryCount(view.total)} entries left out (${countsText(view.left)})${why ? `: ${why}` : ''}`;
}
