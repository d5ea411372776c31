// The number stage: line numbers are the file's own, never positions inside a pack. A full file
// is numbered 1..n (a line range from its first line). Compressed text keeps the lines it keeps
// verbatim (or cut short where a trailing comment went) and replaces bodies with stubs that name
// the lines they stand for, so each of its lines can be traced to one line of the file; when that
// fails, the file carries no numbers and says so.

/** Splits into lines without their breaks; a final line break ends the last line, it adds none. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

// `{ /* … lines 40–63 */ }`, `# lines 40–63`, `...  # line 7`, `{ : '… lines 4–9'; }`.
const STUB = /(?:\/\*|#|')\s*(?:…\s*)?lines? (\d+)(?:–(\d+))?/;
/** What a stub puts before its label: `{ `, `{ : `, `...  `. */
const STUB_OPEN = /\s*(?:\{\s*:?|\.\.\.)?\s*$/;

/**
 * For each line of `out`, the 1-based line of `src` it comes from, strictly increasing; undefined
 * when some line cannot be traced.
 */
export function alignLines(src: readonly string[], out: readonly string[]): number[] | undefined {
  const numbers: number[] = [];
  let next = 0; // index into src where the search starts
  for (const line of out) {
    let found = -1;
    let after = 0;
    const stub = STUB.exec(line);
    // A line that merely mentions "line 5" is kept text: it is in the file as it stands.
    const verbatim = stub ? src.indexOf(line, next) : -1;
    if (stub && verbatim < 0) {
      const first = Number(stub[1]) - 1;
      const last = stub[2] ? Number(stub[2]) - 1 : first;
      const head = line.slice(0, stub.index).replace(STUB_OPEN, '');
      if (head.trim() === '') {
        // A stub on its own line stands for the first line it replaced.
        found = first >= next ? first : last >= next ? next : -1;
      } else {
        for (let k = next; k <= Math.min(first, src.length - 1); k++) {
          if (src[k]!.startsWith(head)) {
            found = k;
            break;
          }
        }
      }
      after = last + 1;
    } else {
      const want = line.trimEnd();
      for (let k = next; k < src.length; k++) {
        const s = src[k]!;
        if (s === line || (want === '' ? s.trim() === '' : s.startsWith(want))) {
          found = k;
          break;
        }
      }
    }
    if (found < 0 || found >= src.length) return undefined;
    numbers.push(found + 1);
    next = Math.max(found + 1, after);
  }
  return numbers;
}

/** Prefixes each line with its number, right-aligned: `  7: text`. */
export function numberLines(lines: readonly string[], numbers: readonly number[]): string {
  const width = String(numbers.length ? numbers[numbers.length - 1] : 0).length;
  let out = '';
  for (let i = 0; i < lines.length; i++) out += `${String(numbers[i]).padStart(width)}: ${lines[i]}\n`;
  return out;
}

export interface Numbered {
  text: string;
  /** Set when the text carries no numbers, and why. */
  unnumbered?: string;
}

export const UNTRACED =
  "no line numbers: the compressed text could not be traced line by line to the file's own lines";

/**
 * `text` (from line `first` of the file) with each line's number: counted on at full detail;
 * traced through `source` (the whole masked file) when compression removed lines.
 */
export function numberStage(text: string, full: boolean, first: number, source: string): Numbered {
  const lines = splitLines(text);
  if (full)
    return {
      text: numberLines(
        lines,
        lines.map((_, k) => k + first),
      ),
    };
  const numbers = alignLines(splitLines(source), lines);
  return numbers ? { text: numberLines(lines, numbers) } : { text, unnumbered: UNTRACED };
}
