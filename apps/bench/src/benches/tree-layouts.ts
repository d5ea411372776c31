// Candidate text layouts for the agent tree, measured side by side with Loupe's four forms. The
// first three are the reference layouts of the foundation issue, rebuilt from its description.
import { type FolderNode, renderTree, type TreeModel } from '@loupe/engine';

/** Folder chains that hold only the next folder, as the third layout collapses them. */
function chain(folder: FolderNode): { names: string[]; end: FolderNode } {
  const names = [folder.name];
  let end = folder;
  while (end.files.length === 0 && end.folders.length === 1) {
    end = end.folders[0]!;
    names.push(end.name);
  }
  return { names, end };
}

/** `- name/` Markdown list, two spaces per level, underscores escaped (issue: 1,849). */
function dashList(model: TreeModel): string {
  const out: string[] = [];
  const esc = (s: string) => s.replace(/_/g, '\\_');
  const walk = (f: FolderNode, indent: string) => {
    for (const sub of f.folders) {
      out.push(`${indent}- ${esc(sub.name)}/`);
      walk(sub, `${indent}  `);
    }
    for (const file of f.files) out.push(`${indent}- ${esc(file.name)}`);
  };
  walk(model.root, '');
  return out.join('\n');
}

/** One name per line, indent only (issue: 1,363); `unit` is the indent per level. */
function indentList(model: TreeModel, unit: string): string {
  const out: string[] = [];
  const walk = (f: FolderNode, indent: string) => {
    for (const sub of f.folders) {
      out.push(`${indent}${sub.name}/`);
      walk(sub, indent + unit);
    }
    for (const file of f.files) out.push(indent + file.name);
  };
  walk(model.root, '');
  return out.join('\n');
}

/**
 * A folder's files on one line, chains collapsed (issue: ~970). `sep` joins names; with
 * `filesOnHeader` the files sit on the folder's own line even when it has subfolders.
 */
function filesPerLine(model: TreeModel, sep: string, unit: string, filesOnHeader: boolean): string {
  const out: string[] = [];
  const walk = (f: FolderNode, indent: string) => {
    for (const sub of f.folders) {
      const { names, end } = chain(sub);
      const head = `${indent}${names.join('/')}/`;
      const files = end.files.map((x) => x.name).join(sep);
      if (!end.folders.length) out.push(files ? `${head} ${files}` : head);
      else if (filesOnHeader) {
        out.push(files ? `${head} ${files}` : head);
        walk(end, indent + unit);
      } else {
        out.push(head);
        walk(end, indent + unit);
        if (files) out.push(indent + unit + files);
      }
    }
  };
  walk(model.root, '');
  if (model.root.files.length) out.push(model.root.files.map((x) => x.name).join(sep));
  return out.join('\n');
}

export interface Layout {
  name: string;
  note: string;
  text(model: TreeModel): string;
}

export const LAYOUTS: Layout[] = [
  { name: '`- name/` list, escaped `_`', note: 'issue reference: 1,849', text: dashList },
  { name: 'indent-only list (2 spaces)', note: 'issue reference: 1,363', text: (m) => indentList(m, '  ') },
  { name: 'indent-only list (1 space)', note: 'variant', text: (m) => indentList(m, ' ') },
  {
    name: 'files per line `, `, chains collapsed',
    note: 'issue reference: ~970 (exact layout not given)',
    text: (m) => filesPerLine(m, ', ', '  ', false),
  },
  {
    name: 'files per line, space-separated, 2-space indent',
    note: 'variant',
    text: (m) => filesPerLine(m, ' ', '  ', false),
  },
  {
    name: 'files on the header line, 1-space indent',
    note: 'variant: files before subfolders',
    text: (m) => filesPerLine(m, ' ', ' ', true),
  },
  {
    name: '**Loupe `markdown`**',
    note: 'the agent form (parses back exactly)',
    text: (m) => renderTree(m).text,
  },
  { name: 'Loupe `ascii`', note: 'for people', text: (m) => renderTree(m, { format: 'ascii' }).text },
  { name: 'Loupe `json`', note: 'compact', text: (m) => renderTree(m, { format: 'json' }).text },
  { name: 'Loupe `xml`', note: 'one element per line', text: (m) => renderTree(m, { format: 'xml' }).text },
  {
    name: 'Loupe `markdown` + tokens',
    note: 'fields: tokens',
    text: (m) => renderTree(m, { fields: ['tokens'] }).text,
  },
  {
    name: 'Loupe `json` + tokens',
    note: 'fields: tokens',
    text: (m) => renderTree(m, { format: 'json', fields: ['tokens'] }).text,
  },
];
