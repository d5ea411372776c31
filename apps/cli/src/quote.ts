// File names (and other project text) in the CLI's text output. A name is project data: printed
// raw, an escape sequence in it drives the terminal and a newline in it breaks "one path per
// line". Names are quoted the way git quotes them with core.quotepath=false: a name holding a
// control character, `"` or `\` is written in double quotes with C escapes (\t, \n, \033, \\),
// and every other name is written as it is. Beyond git, Unicode's C1 controls and the bidi
// controls that reorder what a terminal shows (Trojan Source) are quoted too, as the octal bytes
// of their UTF-8 (git with core.quotepath=true writes them so). JSON and -z output stay exact.

const NAMED: Record<number, string> = {
  7: 'a',
  8: 'b',
  9: 't',
  10: 'n',
  11: 'v',
  12: 'f',
  13: 'r',
  34: '"',
  92: '\\',
};

/** C0 and DEL, `"`, `\`, C1, bidi marks, embeddings, overrides and isolates, line and paragraph separators, lone surrogates. */
const SPECIAL =
  /[\u0000-\u001f"\\\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SPECIAL_ALL = new RegExp(SPECIAL.source, 'g');

const octal = (byte: number) => `\\${byte.toString(8).padStart(3, '0')}`;

function escapeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  const named = NAMED[code];
  if (named) return `\\${named}`;
  if (code < 0x80) return octal(code);
  // A lone surrogate has no UTF-8; it is written as the three bytes WTF-8 gives it.
  if (code >= 0xd800 && code <= 0xdfff)
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map(octal).join('');
  return [...Buffer.from(ch, 'utf8')].map(octal).join('');
}

/** A file name for text output: as it is, or git-quoted when it holds anything that is not plain text. */
export function quoteName(name: string): string {
  return SPECIAL.test(name) ? `"${name.replace(SPECIAL_ALL, escapeChar)}"` : name;
}

/**
 * A sentence that may carry project text (an error naming a file): control characters written as
 * escapes, so the sentence stays one line and cannot drive the terminal. `"` and `\` stay.
 */
export function oneLine(text: string): string {
  return text.replace(SPECIAL_ALL, (ch) => (ch === '"' || ch === '\\' ? ch : escapeChar(ch)));
}
