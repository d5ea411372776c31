// The JSON form: the true structure (no collapsed chains), exact numbers, compact (one line).
//
//   {"path":"","total":{"folders":2,"files":3},"children":[
//     {"name":"docs","tokens":120,"children":[{"name":"api.rst","tokens":120}],"omitted":{"folders":0,"files":4}},
//     {"name":"README.md","tokens":30}]}
//
// A folder has `children` (its shown entries) and, when it shows only some of them, `omitted`;
// a file has neither. The top level is the start folder itself, plus `total` (entries below it)
// and, when anything was left out, `leftOut` with the reasons. Written as text rather than through
// JSON.stringify of nested objects, which overflows its stack on very deep trees.
import type { FolderNode, TreeNode } from './model';
import type { Counts } from './view';
import { entryCount, leftOutAt, shownChildren, type View } from './view';

function fields(view: View, node: TreeNode): string {
  let out = '';
  for (const field of view.fields) {
    if (field === 'tokens') {
      if (node.tokens !== undefined) out += `,"tokens":${node.tokens}`;
    } else if (field === 'size') {
      if (node.size !== undefined) out += `,"size":${node.size}`;
    } else if (node.received) out += `,"received":${JSON.stringify(node.received)}`;
  }
  return out;
}

const counts = (c: Counts) => `{"folders":${c.folders},"files":${c.files}}`;

function children(view: View, node: FolderNode, out: string[]): void {
  const shown = shownChildren(view, node);
  const nf = node.folders.length;
  out.push(',"children":[');
  for (let i = 0; i < shown; i++) {
    if (i) out.push(',');
    const child = i < nf ? node.folders[i]! : node.files[i - nf]!;
    out.push(`{"name":${JSON.stringify(child.name)}${fields(view, child)}`);
    if (child.kind === 'folder') children(view, child, out);
    out.push('}');
  }
  out.push(']');
  const left = leftOutAt(view, node);
  if (entryCount(left)) out.push(`,"omitted":${counts(left)}`);
}

export function renderJson(view: View): string {
  const { start, total, left } = view;
  const out = [`{"path":${JSON.stringify(start.path)},"total":${counts(total)}`];
  if (entryCount(left))
    out.push(`,"leftOut":{"folders":${left.folders},"files":${left.files},"by":${JSON.stringify(view.by)}}`);
  out.push(fields(view, start));
  children(view, start, out);
  out.push('}');
  return out.join('');
}

export function jsonFragment(view: View, node: TreeNode): string {
  return `{"name":${JSON.stringify(node.name)}${fields(view, node)}${node.kind === 'folder' ? ',"children":[]' : ''}},`;
}
