// A refused path as a result: the reason in one sentence, and what would work: the relative form
// of an absolute path inside the root, the nearest existing paths, or for a path the ignore rules
// hide, how the developer shows it (the window's Show hidden, or `loupe ls DIR --show PATH`).
import type { JailVerdict } from '@loupe/engine';
import { call } from '../format';
import type { McpProject } from '../project';
import type { ToolBody } from '../registry';
import { dataBlock } from '../untrusted';

type Refused = Extract<JailVerdict, { ok: false }>;

/** A word for a POSIX shell: single-quoted, a quote inside written `'\''`. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

export function refusal(v: Refused, tool: string, project: McpProject): ToolBody {
  const parts: string[] = [];
  if (v.code === 'hidden') {
    // The reason quotes ignore rules (project text), so it travels as data.
    parts.push(
      "Refused: that path is hidden by the project's ignore rules; Loupe serves only visible files.",
    );
    parts.push(dataBlock('Why it is hidden', v.reason));
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
  } else parts.push(`Refused: ${v.reason}`);
  if (v.retry !== undefined)
    parts.push(`Use the path relative to the project root: ${call(tool, { path: v.retry })}`);
  if (v.nearest.length) {
    parts.push(dataBlock('Nearest existing files', v.nearest.join('\n')));
    parts.push(`Read one of them with ${call('get_file', { path: 'PATH' })}.`);
  }
  return { parts, error: v.code };
}
