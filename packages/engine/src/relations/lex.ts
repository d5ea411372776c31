// Comments (and Python's triple-quoted strings) blanked out, every other character and every line
// break kept: import patterns then run on code only, and offsets and lines stay the file's own.

export type CommentStyle = 'c' | 'python';

function blank(out: string[], text: string, from: number, to: number): void {
  for (let i = from; i < to; i++) out.push(text.charCodeAt(i) === 10 ? '\n' : ' ');
}

/** `text` with comments replaced by spaces (strings kept, so `"//"` inside one stays). */
export function stripComments(text: string, style: CommentStyle): string {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  let copied = 0;
  const flush = (to: number) => {
    if (to > copied) out.push(text.slice(copied, to));
  };
  while (i < n) {
    const c = text[i]!;
    if (style === 'c' && c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      flush(i);
      blank(out, text, i, stop);
      i = copied = stop;
    } else if (style === 'c' && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      flush(i);
      blank(out, text, i, stop);
      i = copied = stop;
    } else if (style === 'python' && c === '#') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      flush(i);
      blank(out, text, i, stop);
      i = copied = stop;
    } else if (style === 'python' && (c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
      const end = text.indexOf(c.repeat(3), i + 3);
      const stop = end < 0 ? n : end + 3;
      flush(i);
      blank(out, text, i, stop);
      i = copied = stop;
    } else if (c === '"' || c === "'" || (c === '`' && style === 'c')) {
      // A string: skip to its end (escapes honoured; a line break ends all but template strings).
      i++;
      while (i < n) {
        const d = text[i]!;
        if (d === '\\') i += 2;
        else if (d === c) {
          i++;
          break;
        } else if (d === '\n' && c !== '`') break;
        else i++;
      }
    } else i++;
  }
  flush(n);
  return out.join('');
}
