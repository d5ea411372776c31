// Hidden reasons, file flags and agent marks in words (tooltips, labels, the hidden list). Pure.
import type { HiddenReason, ReceivedFile } from '@loupe/common';
import { formatTime } from './format';

export function reasonText(r: HiddenReason): string {
  switch (r.kind) {
    case 'gitignored':
      return `gitignored by ${r.source}:${r.line} (${r.pattern})`;
    case 'build-output':
      return `build output (${r.rule}) of ${r.owner || 'the project'}: ${r.evidence.join('; ')}`;
    case 'os-junk':
      return 'operating-system junk file';
    case 'user-hidden':
      return 'hidden by you (always hide)';
    case 'case-duplicate':
      return `differs only in case from the tracked ${r.tracked}`;
    case 'unreadable':
      return `unreadable: ${r.message}`;
  }
}

export function reasonLabel(r: HiddenReason): string {
  return r.kind === 'build-output'
    ? 'build output'
    : r.kind === 'os-junk'
      ? 'OS junk'
      : r.kind.replace('-', ' ');
}

export const FLAG_TEXT: Record<string, string> = {
  binary: 'binary: listed, never read as text',
  'too-large': 'too large: listed, never read',
  'symlink-outside-root': 'a link pointing outside the project: never read',
  'symlinked-folder': 'a link to a folder: not followed',
  'symlink-into-git': "a link into git's own folder: never read",
  'symlink-to-hidden': 'a link to a hidden file: never read',
  'symlink-not-regular': 'a link to a pipe, socket or device: never opened',
  'symlink-broken': 'a link to nothing: never read',
  'symlink-loop': 'a link loop: never read',
  unreadable: 'unreadable',
};

export function markText(f: ReceivedFile): string {
  const base = `Received by ${f.client} (session ${f.sessionId.slice(0, 8)}), call ${f.call} (${f.tool}), ${formatTime(f.at)}, focus r${f.revision}`;
  return f.changed
    ? `${base}. Changed on disk since: the agent's copy is stale.`
    : `${base}. Unchanged since.`;
}

/** A closed folder's count of received files inside it. */
export function markCountText(received: number, changed: number): string {
  const files = received === 1 ? '1 file inside was' : `${received} files inside were`;
  return `${files} received by an agent${changed ? ` (${changed} changed since)` : ''}`;
}
