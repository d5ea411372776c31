// The live-context line every result starts with (trusted text: counts and revisions only), and the
// data blocks with the names behind it (focus changes since this session's previous call, received
// files that changed on disk). No restart and no resubscription: the agent learns on its next call.

import { compactCount, groupDigits, plural } from '@loupe/common';
import type { AgentSession, FocusDelta } from '@loupe/engine';
import { damageLiveParts } from './damaged';
import type { LiveSummary, McpProject } from './project';
import { dataBlock } from './untrusted';

export interface LiveContext {
  revision: number;
  /** The first line of the result. */
  line: string;
  /** Data blocks that follow it (may be empty). */
  blocks: string[];
}

function focusText(s: LiveSummary, unknown: boolean): string {
  if (unknown) return 'focus: unknown, so nothing';
  // While counting runs, no total is claimed: the tokens so far would read as the focus's size.
  const size =
    s.countedFiles < s.countable
      ? `counting tokens: ${groupDigits(s.countedFiles)} of ${plural(s.countable, 'file')} counted so far`
      : `${compactCount(s.tokens)} tokens`;
  if (s.everything)
    return `focus: nothing ticked, so the whole project: ${plural(s.files, 'file')} (${size})`;
  return `focus: ${groupDigits(s.files)} of ${plural(s.totalFiles, 'file')} (${size})`;
}

/** `+2 folders, -1 file` */
function deltaText(delta: FocusDelta, project: McpProject): { text: string; names: string[] } {
  // Under strict focus only paths in the focus now are named; the rest (removed, or an exception
  // dropped) are outside it: counted, not named.
  const include = new Set(project.ws.focus.snapshot.include);
  const named = (sign: '+' | '-', p: string) =>
    !project.strict || (sign === '+' && (include.has(p) || project.inFocus(p)));
  const kind = (p: string) =>
    p === '' || project.ws.index.isFolder(p) ? 'folder' : project.ws.index.get(p) ? 'file' : 'path';
  const parts: string[] = [];
  const names: string[] = [];
  for (const [sign, paths] of [
    ['+', delta.added],
    ['-', delta.removed],
  ] as const) {
    const by = { folder: 0, file: 0, path: 0 };
    for (const p of paths) {
      const k = kind(p);
      by[k]++;
      if (named(sign, p))
        names.push(`${sign} ${p === '' ? '(the whole project)' : p}${k === 'folder' && p !== '' ? '/' : ''}`);
    }
    if (by.folder) parts.push(`${sign}${plural(by.folder, 'folder')}`);
    if (by.file) parts.push(`${sign}${plural(by.file, 'file')}`);
    if (by.path) parts.push(`${sign}${plural(by.path, 'missing path')}`);
  }
  return { text: parts.join(', '), names };
}

export const STRICT_NOTE =
  'strict focus: only ticked files are served; get_file of another file asks the developer';

export interface LiveOptions {
  /** Search-like tools state how many files outside the focus were not searched. */
  searchLike?: boolean;
}

/** Computes the live context for a call and moves the session's "since" revision forward. */
export function liveContext(
  project: McpProject,
  session: AgentSession,
  options: LiveOptions = {},
): LiveContext {
  const summary = project.summary();
  const revision = summary.revision;
  const unknown = project.ws.focus.unknown;
  const parts = [
    `[Live context] revision ${revision}`,
    focusText(summary, unknown),
    ...damageLiveParts(project),
  ];
  const blocks: string[] = [];

  const since = session.lastRevision;
  if (since !== undefined && since !== revision) {
    const delta = project.ws.focus.delta(since);
    const head = `changed since revision ${since}`;
    if (summary.everything) parts.push(`${head}: nothing is ticked any more`);
    else if (!delta) parts.push(`${head} (the details are no longer kept; call focus_status)`);
    else {
      const { text, names } = deltaText(delta, project);
      const narrowed = session.lastEverything ? 'narrowed from the whole project to what is ticked: ' : '';
      parts.push(`${head}: ${narrowed}${text || 'same files, rules rewritten'}`);
      if (names.length) blocks.push(dataBlock('Focus changes (+ added, - removed)', names.join('\n')));
    }
  }
  session.lastRevision = revision;
  session.lastEverything = summary.everything;

  if (summary.missing.length) {
    parts.push(`${plural(summary.missing.length, 'ticked path')} no longer exist`);
    blocks.push(dataBlock('Ticked paths that no longer exist', summary.missing.join('\n')));
  }

  contentChanges(project, session, summary.everything, parts, blocks);

  if (options.searchLike && !summary.everything) {
    const outside = summary.totalFiles - summary.files;
    if (outside > 0)
      parts.push(
        `${plural(outside, 'file')} outside the focus ${outside === 1 ? 'was' : 'were'} not searched; ${project.strict ? 'get_file of one by name asks the developer' : 'read any of them by name with get_file'}`,
      );
  }
  if (project.strict) parts.push(STRICT_NOTE);
  if (project.headless) parts.push(project.headless);
  return { revision, line: parts.join(' · '), blocks };
}

// The journal position (Workspace.contentSeq) each session's previous call saw.
const seenChanges = new WeakMap<AgentSession, number>();

/**
 * Content changes since this session's previous call: focused files the index saw change (a
 * rescan, or the watcher), and files this session received whose content differs from what it
 * got (checked by hash, each change told once).
 */
function contentChanges(
  project: McpProject,
  session: AgentSession,
  everything: boolean,
  parts: string[],
  blocks: string[],
): void {
  const rows = new Map<string, string>();
  const from = seenChanges.get(session);
  const { ws } = project;
  seenChanges.set(session, ws.contentSeq);
  let focused = 0;
  let incomplete = false;
  if (from !== undefined && from < ws.contentSeq) {
    // The Workspace's journal, net per path; only focused paths count.
    const c = ws.changesSince(from, everything ? undefined : project.focusTest());
    incomplete = !c.complete;
    for (const [kind, paths] of [
      ['+', c.added],
      ['-', c.removed],
      ['~', c.changed],
    ] as const)
      for (const path of paths) {
        focused++;
        rows.set(path, `${kind} ${path}`);
      }
  }
  let received = 0;
  const checked = new Set<string>();
  for (const f of session.ledger.received()) {
    if (checked.has(f.path)) continue;
    checked.add(f.path);
    const now = project.sessions.hasher.hashNow(f.path) ?? '(deleted)';
    if (now === f.hash || session.toldChanged.get(f.path) === now) continue;
    session.toldChanged.set(f.path, now);
    received++;
    rows.set(f.path, `${now === '(deleted)' ? '-' : '~'} ${f.path} (you received it)`);
  }
  if (focused)
    parts.push(
      `${plural(focused, 'focused file')} changed on disk since your last call${incomplete ? ' (and more than Loupe still lists)' : ''}`,
    );
  if (received) parts.push(`${plural(received, 'file')} you received changed on disk since`);
  if (rows.size)
    blocks.push(
      dataBlock(
        'Changed on disk (+ added, - removed, ~ modified)',
        [...rows.keys()]
          .sort()
          .map((k) => rows.get(k)!)
          .join('\n'),
      ),
    );
}
