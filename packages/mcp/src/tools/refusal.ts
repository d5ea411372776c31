// A refused path as a result: the reason in one sentence, and what would work: the relative form
// of an absolute path inside the root, the nearest existing paths, or for a path the ignore rules
// hide, how the developer shows it (the window's Show hidden, or `loupe ls DIR --show PATH`).
import type { JailVerdict } from '@loupe/engine';
import { call, shellWord } from '../format';
import type { McpProject } from '../project';
import type { ToolBody } from '../registry';
import { dataBlock } from '../untrusted';

type Refused = Extract<JailVerdict, { ok: false }>;

export function refusal(v: Refused, tool: string, project: McpProject): ToolBody {
  const parts: string[] = [];
  // Under strict focus, names outside the focus never reach the agent: not in a reason, not among
  // the nearest files.
  const strict = project.strict;
  if (v.code === 'hidden') {
    parts.push(
      "Refused: that path is hidden by the project's ignore rules; Loupe serves only visible files.",
    );
    // The reason quotes ignore rules (project text), so it travels as data; under strict focus it
    // is left out (a case duplicate's reason names another file).
    if (!strict) parts.push(dataBlock('Why it is hidden', v.reason));
    // An unreadable entry stays out however it is shown.
    if (v.hidden && v.hidden.kind !== 'unreadable') {
      parts.push(
        'To have it served, ask the developer to show it: in the Loupe window, turn on "Show hidden" above the file tree and press "show" on its row, or run the command below in a terminal.',
      );
      parts.push(
        dataBlock(
          'Command that shows it',
          `loupe ls ${shellWord(project.root)} --show ${shellWord(v.hidden.path)}`,
        ),
      );
    }
  } else if (
    strict &&
    (v.code === 'flagged' || v.code === 'symlink-outside') &&
    !project.inFocus(v.path ?? '')
  )
    // A link's reason can name its target: outside the focus, only that it is not served.
    parts.push(
      `Refused: ${JSON.stringify(v.path ?? '')} is not served (a link Loupe does not read, or a file that changed since the scan).`,
    );
  else parts.push(`Refused: ${v.reason}`);
  if (v.retry !== undefined)
    parts.push(`Use the path relative to the project root: ${call(tool, { path: v.retry })}`);
  const nearest = strict ? v.nearest.filter((p) => project.inFocus(p)) : v.nearest;
  if (nearest.length) {
    parts.push(
      dataBlock(strict ? 'Nearest files in the focus' : 'Nearest existing files', nearest.join('\n')),
    );
    parts.push(`Read one of them with ${call('get_file', { path: 'PATH' })}.`);
  }
  return { parts, error: v.code };
}
