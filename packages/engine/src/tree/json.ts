// The JSON form: the true structure (no collapsed chains), exact numbers, compact (one line).
//
//   {"path":"","total":{"folders":2,"files":3},"children":[
//     {"name":"docs","tokens":120,"children":[{"name":"api.rst","tokens":120}],"omitted":{"folders":0,"files":4}},
//     {"name":"README.md","tokens":30}]}
//
// A folder has `children` (its shown entries) and, when it shows only some of them, `omitted`;
// a file has neither. The top level is the start folder itself, plus `total` (entries below it)
// and, when anything was left out, `leftOut` with the reasons.
import type { FolderNode, TreeNode } from './model';
import { entryCount, leftOutAt, shownChildren, type View } from './view';

type Json = Record<string, unknown>;

function fieldsOf(view: View, node: TreeNode, into: Json): Json {
  for (const field of view.fields) {
    if (field === 'tokens') {
      if (node.tokens !== undefined) into.tokens = node.tokens;
    } else if (field === 'size') {
      if (node.size !== undefined) into.size = node.size;
    } else if (node.received) into.received = node.received;
  }
  return into;
}

function folderJson(view: View, node: FolderNode, into: Json): Json {
  const shown = shownChildren(view, node);
  const nf = node.folders.length;
  const children: Json[] = [];
  for (let i = 0; i < shown; i++) {
    if (i < nf)
      children.push(
        folderJson(view, node.folders[i]!, fieldsOf(view, node.folders[i]!, { name: node.folders[i]!.name })),
      );
    else children.push(fieldsOf(view, node.files[i - nf]!, { name: node.files[i - nf]!.name }));
  }
  into.children = children;
  const left = leftOutAt(view, node);
  if (entryCount(left)) into.omitted = left;
  return into;
}

export function renderJson(view: View): string {
  const top: Json = { path: view.start.path, total: view.total };
  if (entryCount(view.left)) top.leftOut = { ...view.left, by: view.by };
  fieldsOf(view, view.start, top);
  return JSON.stringify(folderJson(view, view.start, top));
}

export function jsonFragment(view: View, node: TreeNode): string {
  const obj = fieldsOf(view, node, { name: node.name });
  if (node.kind === 'folder') obj.children = [];
  return `${JSON.stringify(obj)},`;
}
