// Reads a pack back into its parts: header, tree, files (path, note, text) and footer lines. The
// layouts are built so this is exact (formats.ts); tests use it to check that what the footer says
// is what the document holds, and that no file's text can break out of its block.
import type { PackFormat } from './types';

export interface ParsedFile {
  kind: 'file' | 'reference';
  path: string;
  /** The trusted line about the file (detail, masked values), or the reference sentence. */
  meta?: string;
  /** The text between the delimiters, ending with a line break (absent for references). */
  text?: string;
}

export interface ParsedPack {
  /** The person's instructions heading the document, ending with a line break. */
  instructions?: string;
  header: string[];
  tree?: string;
  files: ParsedFile[];
  footer: string[];
}

function unquote(shown: string): string {
  return shown.startsWith('"') ? (JSON.parse(shown) as string) : shown;
}

function xmlUnescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#\d+);/g, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : String.fromCharCode(Number(e.slice(1))),
  );
}

function parseMarkdown(text: string): ParsedPack {
  const lines = text.split('\n');
  const out: ParsedPack = { header: [], files: [], footer: [] };
  const fenced = (at: number): { body: string; end: number } => {
    const fence = /^`{3,}/.exec(lines[at]!)![0];
    let end = at + 1;
    while (end < lines.length && lines[end] !== fence) end++;
    const body = lines.slice(at + 1, end);
    return { body: body.length ? `${body.join('\n')}\n` : '', end };
  };
  let i = 0;
  if (lines[0] === '# Instructions' && /^`{3,}/.test(lines[1] ?? '')) {
    const f = fenced(1);
    out.instructions = f.body;
    i = f.end + 2;
  }
  while (i < lines.length && !lines[i]!.startsWith('## ')) out.header.push(lines[i++]!);
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '## Tree') {
      const f = fenced(i + 1);
      out.tree = f.body;
      i = f.end;
    } else if (line.startsWith('## File: ')) {
      const path = unquote(line.slice('## File: '.length));
      const next = lines[i + 1] ?? '';
      if (/^`{3,}/.test(next)) {
        const f = fenced(i + 1);
        out.files.push({ kind: 'file', path, text: f.body });
        i = f.end;
      } else if (/^`{3,}/.test(lines[i + 2] ?? '') && !next.startsWith('Received unchanged')) {
        const f = fenced(i + 2);
        out.files.push({ kind: 'file', path, meta: next, text: f.body });
        i = f.end;
      } else {
        out.files.push({ kind: 'reference', path, meta: next });
        i++;
      }
    } else if (line === '## Coverage') {
      out.footer = lines.slice(i + 1).filter((l) => l !== '');
      break;
    }
  }
  return out;
}

function parsePlain(text: string): ParsedPack {
  const lines = text.split('\n');
  const out: ParsedPack = { header: [], files: [], footer: [] };
  const marker = /^(={5,}) (.*)$/;
  let i = 0;
  const head = marker.exec(lines[0] ?? '');
  if (head?.[2] === 'Instructions') {
    let k = 1;
    while (k < lines.length && lines[k] !== `${head[1]} End of instructions`) k++;
    out.instructions = `${lines.slice(1, k).join('\n')}\n`;
    i = k + 2;
  }
  while (i < lines.length && !marker.test(lines[i]!)) out.header.push(lines[i++]!);
  for (; i < lines.length; i++) {
    const m = marker.exec(lines[i]!);
    if (!m) continue;
    const [, sep, rest] = m as unknown as [string, string, string];
    const until = (end: string, from: number) => {
      let k = from;
      while (k < lines.length && lines[k] !== end) k++;
      const body = lines.slice(from, k);
      return { body: body.length ? `${body.join('\n')}\n` : '', end: k };
    };
    if (rest === 'Tree') {
      const t = until(`${sep} End of tree`, i + 1);
      out.tree = t.body;
      i = t.end;
    } else if (rest.startsWith('File: ')) {
      const path = unquote(rest.slice('File: '.length));
      const next = lines[i + 1] ?? '';
      if (next.startsWith(`${sep} Received unchanged`)) {
        out.files.push({ kind: 'reference', path, meta: next.slice(sep.length + 1) });
        i++;
        continue;
      }
      const meta =
        next.startsWith(`${sep} `) && next !== `${sep} End of file` ? next.slice(sep.length + 1) : undefined;
      const t = until(`${sep} End of file`, meta === undefined ? i + 1 : i + 2);
      out.files.push({ kind: 'file', path, ...(meta === undefined ? {} : { meta }), text: t.body });
      i = t.end;
    } else if (rest === 'Coverage') {
      out.footer = lines.slice(i + 1).filter((l) => l !== '');
      break;
    }
  }
  return out;
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-z-]+)="([^"]*)"/g)) out[m[1]!] = xmlUnescape(m[2]!);
  return out;
}

function xmlBlock(text: string, from: number, tag: string, cdata: boolean): { body: string; end: number } {
  if (cdata) {
    const close = `]]>\n</${tag}>`;
    const end = text.indexOf(close, from);
    const raw = text.slice(from + '<![CDATA['.length, end);
    return { body: raw.replaceAll(']]]]><![CDATA[>', ']]>'), end: end + close.length };
  }
  const close = `</${tag}>`;
  const end = text.indexOf(`\n${close}`, from - 1);
  const body = end < from ? '' : text.slice(from, end + 1);
  return { body, end: Math.max(from, end + 1) + close.length };
}

function parseXml(text: string): ParsedPack {
  const out: ParsedPack = { header: [], files: [], footer: [] };
  const first = text.indexOf('\n<tree');
  let head = text.slice(0, Math.max(0, first));
  const opened = /^<instructions( cdata="yes")?>\n/m.exec(head);
  if (opened) {
    const b = xmlBlock(text, opened.index + opened[0].length, 'instructions', Boolean(opened[1]));
    out.instructions = b.body.endsWith('\n') ? b.body : `${b.body}\n`;
    head = head.slice(0, opened.index) + text.slice(b.end, first);
  }
  out.header = head.split('\n').filter(Boolean);
  const open = /^<(tree|file|received|coverage)([^>\n]*)>/gm;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const [whole, tag, rest] = m as unknown as [string, string, string];
    const a = attrs(rest);
    const start = m.index + whole.length + 1;
    if (tag === 'tree') {
      const b = xmlBlock(text, start, 'tree', a.cdata === 'yes');
      out.tree = b.body;
      open.lastIndex = b.end;
    } else if (tag === 'file') {
      const b = xmlBlock(text, start, 'file', a.cdata === 'yes');
      out.files.push({ kind: 'file', path: a.path!, ...(a.note ? { meta: a.note } : {}), text: b.body });
      open.lastIndex = b.end;
    } else if (tag === 'received') {
      const end = text.indexOf('</received>', m.index);
      out.files.push({
        kind: 'reference',
        path: a.path!,
        meta: xmlUnescape(text.slice(m.index + whole.length, end)),
      });
      open.lastIndex = end;
    } else {
      const end = text.indexOf('\n</coverage>', m.index);
      out.footer = text.slice(start, end).split('\n').filter(Boolean).map(xmlUnescape);
      break;
    }
  }
  return out;
}

export function parsePack(text: string, format: PackFormat): ParsedPack {
  return format === 'markdown' ? parseMarkdown(text) : format === 'plain' ? parsePlain(text) : parseXml(text);
}
