// The form for people, as `tree` prints it:
//
//   flask
//   ├── docs/
//   │   ├── api.rst (1.2k tok)
//   │   └── … 40 more files
//   └── README.md
//
// Names appear raw except those that could fake a line, hide, or pass for a marker (quoted).
import type { FolderNode, TreeNode } from './model';
import { asciiName, fieldSuffix, MAX_INDENT, markerText, trailerText } from './text';
import { entryCount, leftOutAt, shownChildren, type View } from './view';

export function renderAscii(view: View, rootName = '.'): string {
  const { start } = view;
  const title = start.parent
    ? `${start.path.split('/').map(asciiName).join('/')}/`
    : rootName === '.'
      ? '.'
      : asciiName(rootName);
  const out = [title + fieldSuffix(start, view.fields)];
  children(view, start, '', out);
  const trailer = trailerText(view);
  if (trailer) out.push(trailer);
  return out.join('\n');
}

function label(view: View, node: TreeNode): string {
  return asciiName(node.name) + (node.kind === 'folder' ? '/' : '') + fieldSuffix(node, view.fields);
}

function children(view: View, node: FolderNode, prefix: string, out: string[]): void {
  const shown = shownChildren(view, node);
  const left = leftOutAt(view, node);
  const marker = entryCount(left) ? markerText(left) : '';
  const nf = node.folders.length;
  for (let i = 0; i < shown; i++) {
    const last = i === shown - 1 && !marker;
    const child = i < nf ? node.folders[i]! : node.files[i - nf]!;
    out.push(`${prefix}${last ? '└── ' : '├── '}${label(view, child)}`);
    if (child.kind === 'folder') children(view, child, prefix + (last ? '    ' : '│   '), out);
  }
  if (marker) out.push(`${prefix}└── ${marker}`);
}

export function asciiFragment(view: View, node: TreeNode): string {
  const level = (node.kind === 'folder' ? node.depth : node.parent.depth + 1) - view.start.depth - 1;
  return `\n${'│   '.repeat(Math.min(level, MAX_INDENT))}├── ${label(view, node)}`;
}
