// focus_status: the revision and the focus (ticked and unticked paths), what this session has
// received, and which of those files changed on disk since.

import { compactCount, groupDigits, plural } from '@loupe/common';
import { type DeliveredSpan, formatRanges } from '@loupe/engine';
import * as z from 'zod';
import type { ToolBody, ToolRegistry } from '../registry';
import { dataBlock } from '../untrusted';

const schema = z.object({});

/** Adjacent spans from different calls read as one range. */
function merged(spans: readonly DeliveredSpan[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.from <= last[1] + 1) last[1] = Math.max(last[1], s.to);
    else out.push([s.from, s.to]);
  }
  return out;
}
const MAX_LISTED = 60;

export function registerFocusStatusTool(registry: ToolRegistry): void {
  registry.register({
    name: 'focus_status',
    title: 'Focus status',
    description:
      'The current focus (revision, ticked paths, size), what this session has received, and which of those files changed on disk since.',
    schema,
    async run(_args, { project, session, call }): Promise<ToolBody> {
      const s = project.summary();
      const snap = project.ws.focus.snapshot;
      const parts: string[] = [];
      if (s.everything)
        parts.push(
          `Focus at revision ${s.revision}: nothing is ticked, so the whole visible project is the focus (${plural(s.files, 'file')}, ${compactCount(s.tokens)} tokens).`,
        );
      else {
        parts.push(
          `Focus at revision ${s.revision}: ${groupDigits(s.files)} of ${plural(s.totalFiles, 'file')} (${compactCount(s.tokens)} of ${compactCount(s.totalTokens)} tokens); ${plural(snap.include.length, 'ticked path')}${snap.exclude.length ? `, ${plural(snap.exclude.length, 'unticked path')} below them` : ''}.`,
        );
        const rules = [
          ...snap.include.map((p) => `+ ${p || '(the whole project)'}`),
          ...snap.exclude.map((p) => `- ${p}`),
        ];
        parts.push(dataBlock('Ticked (+) and unticked (-) paths', rules.join('\n')));
      }
      if (s.countedFiles < s.countable)
        parts.push(
          `Token counts: ${groupDigits(s.countedFiles)} of ${groupDigits(s.countable)} files counted so far.`,
        );
      const hidden = project.hiddenSummary();
      if (hidden)
        parts.push(`Hidden from agents, never served (a hidden folder stands for all below it): ${hidden}.`);

      const received = session.ledger.received();
      const status = new Map(project.sessions.changes(session).map((c) => [c.path, c.status]));
      const changed = [...status.values()].filter((x) => x === 'changed').length;
      const deleted = [...status.values()].filter((x) => x === 'deleted').length;
      parts.push(
        `This session: call #${call}; received ${plural(status.size, 'file')}${changed ? `, ${groupDigits(changed)} changed on disk since` : ''}${deleted ? `, ${groupDigits(deleted)} deleted since` : ''}.`,
      );
      if (received.length) {
        // Files that changed since first (they are what the agent must re-read), then the newest.
        const rank = (path: string) => (status.get(path) === 'unchanged' ? 1 : 0);
        const ordered = [...received].sort((a, b) => rank(a.path) - rank(b.path) || b.lastCall - a.lastCall);
        const rows = ordered.slice(0, MAX_LISTED).map((f) => {
          const st = status.get(f.path);
          const mark =
            st === 'changed' ? 'changed on disk since' : st === 'deleted' ? 'deleted since' : 'unchanged';
          const detail = f.detail === 'full' ? '' : ` · ${f.detail}`;
          const of = f.totalLines > 0 ? ` of ${f.totalLines}` : ''; // a search line does not know the file's length
          return `${f.path} · lines ${formatRanges(merged(f.spans))}${of}${detail} · call #${f.lastCall} · ${mark}`;
        });
        parts.push(dataBlock('Received by this session (changed first, then newest)', rows.join('\n')));
        if (received.length > MAX_LISTED)
          parts.push(
            `Listed ${MAX_LISTED} of ${groupDigits(received.length)} received files (changed first, then newest)${changed + deleted <= MAX_LISTED ? '; the rest are unchanged' : ''}.`,
          );
      }
      return { parts };
    },
  });
}
