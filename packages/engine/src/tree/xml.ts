// The XML form: the true structure, exact numbers, one element per line, indented by depth.
//
//   <tree path="" folders="2" files="3">
//    <folder name="docs" tokens="120">
//     <file name="api.rst" tokens="120"/>
//     <omitted folders="0" files="4"/>
//    </folder>
//    <file name="README.md" tokens="30"/>
//   </tree>
//
// `<omitted>` inside a folder counts what that folder left out; `<left-out>` at the end of the
// tree counts everything left out and why.
import type { FolderNode, TreeNode } from './model';
import { MAX_INDENT } from './text';
import { entryCount, leftOutAt, shownChildren, type View } from './view';

/** Attribute value: markup characters and whitespace that attribute normalization would eat are
 *  character references; other control characters too (XML 1.1 style), and the bidi controls that
 *  reorder what a terminal shows, so names survive exactly and display as they are. */
export function xmlAttr(value: string): string {
  return value.replace(
    /[&<>"\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (ch) => {
      if (ch === '&') return '&amp;';
      if (ch === '<') return '&lt;';
      if (ch === '>') return '&gt;';
      if (ch === '"') return '&quot;';
      return `&#x${ch.charCodeAt(0).toString(16).toUpperCase()};`;
    },
  );
}

function attrs(view: View, node: TreeNode): string {
  let out = '';
  for (const field of view.fields) {
    if (field === 'tokens') {
      if (node.tokens !== undefined) out += ` tokens="${node.tokens}"`;
    } else if (field === 'size') {
      if (node.size !== undefined) out += ` size="${node.size}"`;
    } else if (node.received) out += ` received="${node.received}"`;
  }
  return out;
}

function folderXml(view: View, node: FolderNode, indent: string, out: string[]): void {
  const shown = shownChildren(view, node);
  const nf = node.folders.length;
  for (let i = 0; i < shown; i++) {
    if (i < nf) {
      const sub = node.folders[i]!;
      out.push(`${indent}<folder name="${xmlAttr(sub.name)}"${attrs(view, sub)}>`);
      folderXml(view, sub, `${indent} `, out);
      out.push(`${indent}</folder>`);
    } else {
      const file = node.files[i - nf]!;
      out.push(`${indent}<file name="${xmlAttr(file.name)}"${attrs(view, file)}/>`);
    }
  }
  const left = leftOutAt(view, node);
  if (entryCount(left)) out.push(`${indent}<omitted folders="${left.folders}" files="${left.files}"/>`);
}

export function renderXml(view: View): string {
  const { start, total, left } = view;
  const out = [
    `<tree path="${xmlAttr(start.path)}" folders="${total.folders}" files="${total.files}"${attrs(view, start)}>`,
  ];
  folderXml(view, start, ' ', out);
  if (entryCount(left))
    out.push(` <left-out folders="${left.folders}" files="${left.files}" by="${view.by.join(' ')}"/>`);
  out.push('</tree>');
  return out.join('\n');
}

export function xmlFragment(view: View, node: TreeNode): string {
  const level = node.kind === 'folder' ? node.depth : node.parent.depth + 1;
  const indent = ' '.repeat(Math.min(MAX_INDENT, Math.max(1, level - view.start.depth)));
  if (node.kind === 'file') return `\n${indent}<file name="${xmlAttr(node.name)}"${attrs(view, node)}/>`;
  return `\n${indent}<folder name="${xmlAttr(node.name)}"${attrs(view, node)}>\n${indent}</folder>`;
}
