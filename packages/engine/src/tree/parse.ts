// Reads the markdown form back into paths. It exists to prove the form unambiguous (the round-trip
// tests feed it hostile names) and for tools that want the paths of a rendered tree back.
import type { RelPath } from '../types';
import { ELLIPSIS } from './text';

export interface ParsedTree {
  /** Files in the order they appear. */
  files: RelPath[];
  /** Every folder named by a header, collapsed chains included, in order of appearance. */
  folders: RelPath[];
  /** Fields text per file path, when the rendering carried fields. */
  fields: Map<RelPath, string>;
  /** Each "… N more" marker: the folder it stands in and what it counts. */
  markers: Array<{ folder: RelPath; folders: number; files: number }>;
  /** The closing "… N of M entries left out" line, when there is one. */
  trailer?: string;
}

const MARKER = /^… (\d+) more (?:files?|\((\d+) folders?(?:, (\d+) files?)?\))$/;

class Cursor {
  pos = 0;
  constructor(
    readonly s: string,
    readonly line: number,
  ) {}

  fail(what: string): never {
    throw new Error(`tree markdown line ${this.line}, column ${this.pos + 1}: ${what}`);
  }

  name(): string {
    const { s } = this;
    if (s[this.pos] === '"') {
      let end = this.pos + 1;
      while (end < s.length && s[end] !== '"') end += s[end] === '\\' ? 2 : 1;
      if (end >= s.length) this.fail('unterminated quoted name');
      const literal = s.slice(this.pos, end + 1);
      this.pos = end + 1;
      return JSON.parse(literal) as string;
    }
    const start = this.pos;
    while (this.pos < s.length && s[this.pos] !== ' ' && s[this.pos] !== '/') this.pos++;
    if (this.pos === start) this.fail('expected a name');
    return s.slice(start, this.pos);
  }

  /** ` (…)` after a name, or ''. */
  fields(): string {
    if (!this.s.startsWith(' (', this.pos)) return '';
    const end = this.s.indexOf(')', this.pos);
    if (end < 0) this.fail('unterminated fields');
    const text = this.s.slice(this.pos + 2, end);
    this.pos = end + 1;
    return text;
  }
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

export function parseMarkdownTree(text: string): ParsedTree {
  const result: ParsedTree = { files: [], folders: [], fields: new Map(), markers: [] };
  const marker = (folder: string, text: string, c: Cursor) => {
    const m = MARKER.exec(text) ?? c.fail(`not a marker: ${text}`);
    const n = Number(m[1]);
    const folders = m[2] === undefined ? 0 : Number(m[2]);
    const files = m[2] === undefined ? n : Number(m[3] ?? 0);
    if (folders + files !== n) c.fail(`marker counts do not add up: ${text}`);
    result.markers.push({ folder, folders, files });
  };
  const stack: string[] = [];
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    let indent = 0;
    while (line[indent] === ' ') indent++;
    if (indent === line.length) continue;
    if (indent > stack.length) throw new Error(`tree markdown line ${n + 1}: indented below no folder`);
    const parent = indent === 0 ? '' : stack[indent - 1]!;
    const c = new Cursor(line, n + 1);
    c.pos = indent;
    if (line[indent] === ELLIPSIS) {
      const text = line.slice(indent);
      if (indent === 0 && n === lines.length - 1 && / entries left out /.test(text)) result.trailer = text;
      else marker(parent, text, c);
      continue;
    }
    let first = c.name();
    let dir = parent;
    if (line[c.pos] === '/') {
      for (;;) {
        dir = join(dir, first);
        result.folders.push(dir);
        c.pos++;
        if (c.pos >= line.length || line[c.pos] === ' ') break;
        first = c.name();
        if (line[c.pos] !== '/') c.fail('expected "/" after a folder name');
      }
      stack.length = indent;
      stack.push(dir);
      c.fields();
      if (c.pos >= line.length) continue;
      if (line[c.pos] !== ' ') c.fail('expected a space');
      c.pos++;
      if (line[c.pos] === ELLIPSIS) {
        marker(dir, line.slice(c.pos), c);
        continue;
      }
      first = c.name();
    }
    // A list of files in `dir`, the first one already read, maybe ending in a marker.
    for (;;) {
      const path = join(dir, first);
      result.files.push(path);
      const fields = c.fields();
      if (fields) result.fields.set(path, fields);
      if (c.pos >= line.length) break;
      if (line[c.pos] !== ' ') c.fail('expected a space between names');
      c.pos++;
      if (line[c.pos] === ELLIPSIS) {
        marker(dir, line.slice(c.pos), c);
        break;
      }
      first = c.name();
      if (line[c.pos] === '/') c.fail('a folder name inside a list of files');
    }
  }
  return result;
}
