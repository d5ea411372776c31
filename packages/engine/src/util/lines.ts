// Line starts of a text and the line of an offset: search, masking and the content pipeline
// all number lines the same way (1-based; a line ends after its '\n').

/** Offsets where each line starts (line n, 1-based, starts at `starts[n - 1]`). */
export function lineStarts(
  text: string,
  alloc: (length: number) => Uint32Array = (n) => new Uint32Array(n),
): Uint32Array {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  const starts = alloc(n);
  let k = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  return starts;
}

/** 1-based line of an offset. */
export function lineAt(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Number of lines as editors count them (a final line break ends the last line). */
export function lineCount(text: string): number {
  if (!text) return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}
