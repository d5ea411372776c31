// The agent form: the cheapest layout that still parses back to the exact path list (parse.ts).
//
//   .github/
//    workflows/ lock.yaml tests.yaml
//    pull_request_template.md
//   src/flask/ __init__.py app.py "my notes.txt" … 12 more files
//   README.md pyproject.toml
//
// One space of indent per level. A folder is `name/`; a chain of folders that each hold only the
// next one collapses into one header (`src/flask/`). A folder's files follow on its header line
// when it shows no subfolders, otherwise on their own line after the subfolders (folders first).
// Names are separated by one space; a name with whitespace or characters that would read as
// syntax is a JSON string. Fields follow a name as ` (1.2k tok)`. `…` starts a marker that
// counts what that folder left out, and the closing line that counts everything left out.
import type { FolderNode, TreeNode } from './model';
import { fieldSuffix, MAX_INDENT, markdownName, markerText, trailerText } from './text';
import { entryCount, leftOutAt, shownChildren, type View } from './view';

/** Where the lines go; once `full`, the rendering stops (a capped probe found over its cap). */
export interface LineSink {
  push(line: string): void;
  readonly full: boolean;
}

export function renderMarkdown(view: View): string {
  const out: string[] = [];
  markdownLines(view, { push: (line) => out.push(line), full: false });
  return out.join('\n');
}

/** The lines of the markdown form, in order, until `out` is full. */
export function markdownLines(view: View, out: LineSink): void {
  const { start } = view;
  if (start.parent) {
    const above = start.parent.path ? start.parent.path.split('/').map((s) => markdownName(s, 'folder')) : [];
    folder(view, start, '', above, out);
  } else {
    contents(view, start, '', out);
  }
  if (out.full) return;
  const trailer = trailerText(view);
  if (trailer) out.push(trailer);
}

function fileText(view: View, node: TreeNode): string {
  return markdownName(node.name, 'file') + fieldSuffix(node, view.fields);
}

/** Files and marker of a folder, space-separated ('' when it shows neither). */
function tail(view: View, node: FolderNode, shown: number): string {
  const parts: string[] = [];
  const files = Math.max(0, shown - node.folders.length);
  for (let i = 0; i < files; i++) parts.push(fileText(view, node.files[i]!));
  const left = leftOutAt(view, node);
  if (entryCount(left)) parts.push(markerText(left));
  return parts.join(' ');
}

function contents(view: View, node: FolderNode, indent: string, out: LineSink): void {
  const shown = shownChildren(view, node);
  const subs = Math.min(shown, node.folders.length);
  for (let i = 0; i < subs && !out.full; i++) folder(view, node.folders[i]!, indent, [], out);
  if (out.full) return;
  const rest = tail(view, node, shown);
  if (rest) out.push(indent + rest);
}

function folder(view: View, node: FolderNode, indent: string, above: string[], out: LineSink): void {
  const segments = [...above, markdownName(node.name, 'folder')];
  let f = node;
  while (f.files.length === 0 && f.folders.length === 1 && shownChildren(view, f) === 1) {
    f = f.folders[0]!;
    segments.push(markdownName(f.name, 'folder'));
  }
  const header = `${indent}${segments.join('/')}/${fieldSuffix(f, view.fields)}`;
  const shown = shownChildren(view, f);
  if (Math.min(shown, f.folders.length) === 0) {
    const rest = tail(view, f, shown);
    out.push(rest ? `${header} ${rest}` : header);
  } else {
    out.push(header);
    contents(view, f, `${indent} `, out);
  }
}

/** What one shown entry adds to the text, for the token estimate of a cap. */
export function markdownFragment(view: View, node: TreeNode): string {
  if (node.kind === 'file') return ` ${fileText(view, node)}`;
  const depth = node.depth - view.start.depth - 1;
  return `\n${' '.repeat(Math.min(depth, MAX_INDENT))}${markdownName(node.name, 'folder')}/${fieldSuffix(node, view.fields)}`;
}
