// maskText: one file, one session. The work is split in two halves so that a worker can do the
// first and the calling thread the second: `prepareMask` finds the spans and cuts the text around
// them (the values stay behind, known only by keyed hashes); `assembleMask` numbers the values in
// the session and inserts the placeholders. Nothing ever falls back to unmasked text.
//
// A value masked once is masked everywhere (everywhere.ts): in its file by `scanText`, in later
// files of the session by the values the session remembers. `prepareMask` looks for the values of
// a snapshot (`session.known()`), and `assembleMask` for those remembered since, in the text
// between the spans; `assembleMany` remembers the values of all its files first, so files masked
// together learn from each other too.
import { lineAt, lineStarts } from '../util/lines';
import { anchorOf, knownValues } from './everywhere';
import type { MaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits, scanText } from './scan';
import { type KnownValues, type MaskSession, valueIdentity } from './session';

export interface MaskFinding {
  rule: string;
  /** 1-based line and column of the first masked character, in the original text. */
  line: number;
  column: number;
  /** 1-based line of the last masked character, and the column just after it (exclusive). Columns count UTF-16 code units. */
  endLine: number;
  endColumn: number;
  placeholder: string;
}

export interface MaskResult {
  /** The masked text; empty when the file is withheld. */
  text: string;
  findings: MaskFinding[];
  /** Why the file was withheld (never emitted, not even partly). */
  withheld?: string;
}

export interface PreparedMark {
  rule: string;
  /** Keyed hash of the value (see valueIdentity). */
  identity: string;
  /** Keyed hash of the value's first characters, for the session to find it again; absent for short values. */
  anchor?: number;
  /** The value's length in UTF-16 units (never shown; with the anchor it finds the value again). */
  length: number;
  quote: boolean;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The text cut around its secret spans: `pieces.length === marks.length + 1`. Safe to pass between threads. */
export interface PreparedMask {
  pieces: string[];
  marks: PreparedMark[];
  withheld?: string;
  /** How many of the session's known values were looked for (a prefix of `session.known()`). */
  knownChecked?: number;
}

/**
 * `utf8`: the text's UTF-8 bytes when the caller holds them (spares encoding the text again).
 * `known`: the session's known values (`session.known()`), to mask wherever they occur.
 */
export function prepareMask(
  text: string,
  path: string,
  rules: MaskRules,
  key: Buffer,
  limits: MaskLimits = DEFAULT_LIMITS,
  utf8?: Buffer,
  known?: KnownValues,
): PreparedMask {
  try {
    const scan = scanText(text, path, rules, limits, utf8);
    if (scan.withheld !== undefined) return { pieces: [], marks: [], withheld: scan.withheld };
    let spans = scan.spans;
    if (known && known.values.length > 0) {
      const more = knownValues(text, known, key, spans).map((s) => ({ ...s, quote: false }));
      if (more.length > 0) spans = [...spans, ...more].sort((a, b) => a.start - b.start);
    }
    const knownChecked = known?.values.length ?? 0;
    if (spans.length === 0) return { pieces: [text], marks: [], knownChecked };
    const pieces: string[] = [];
    const marks: PreparedMark[] = [];
    const lines = lineStarts(text);
    let at = 0;
    for (const s of spans) {
      pieces.push(text.slice(at, s.start));
      const [line, column] = position(lines, s.start);
      const [endLine, endColumnBefore] = position(lines, s.end - 1);
      const value = text.slice(s.start, s.end);
      marks.push({
        rule: s.rule,
        identity: valueIdentity(key, value),
        anchor: anchorOf(key, value),
        length: value.length,
        quote: s.quote,
        line,
        column,
        endLine,
        endColumn: endColumnBefore + 1,
      });
      at = s.end;
    }
    pieces.push(text.slice(at));
    return { pieces, marks, knownChecked };
  } catch (error) {
    // Error messages never carry file content here; the name is enough to report.
    const name = error instanceof Error ? error.name : 'unknown error';
    return { pieces: [], marks: [], withheld: `masking failed (${name}); the file was withheld` };
  }
}

/** Tells the session the values of a prepared file, so that later files mask them too. */
export function rememberMarks(prepared: PreparedMask, session: MaskSession): void {
  for (const m of prepared.marks)
    if (m.anchor !== undefined) session.remember(m.rule, m.identity, m.anchor, m.length);
}

export function assembleMask(prepared: PreparedMask, session: MaskSession): MaskResult {
  if (prepared.withheld !== undefined) return { text: '', findings: [], withheld: prepared.withheld };
  // Values the session learned after the snapshot the file was prepared with, in the text between spans.
  const fresh = session.knownSince(prepared.knownChecked ?? 0);
  rememberMarks(prepared, session);
  let line = 1;
  let column = 1;
  let text = '';
  const findings: MaskFinding[] = [];
  const piece = (p: string) => {
    const found = fresh.values.length > 0 ? knownValues(p, fresh, session.key, []) : [];
    let at = 0;
    for (const s of found) {
      text += p.slice(at, s.start);
      [line, column] = advance(p, at, s.start, line, column);
      const value = p.slice(s.start, s.end);
      const start = { line, column };
      [line, column] = advance(p, s.start, s.end, line, column);
      const placeholder = session.placeholder(s.rule, valueIdentity(session.key, value));
      text += placeholder + '\n'.repeat(line - start.line);
      findings.push({ rule: s.rule, ...start, endLine: line, endColumn: column, placeholder });
      at = s.end;
    }
    text += p.slice(at);
    [line, column] = advance(p, at, p.length, line, column);
  };
  piece(prepared.pieces[0] ?? '');
  prepared.marks.forEach((m, i) => {
    const placeholder = session.placeholder(m.rule, m.identity);
    // A value that spanned lines keeps its line breaks after the placeholder, so every later
    // line keeps its number (line ranges and search hits refer to the file's own lines).
    const breaks = '\n'.repeat(m.endLine - m.line);
    text += (m.quote ? `"${placeholder}"` : placeholder) + breaks;
    const { rule, endLine, endColumn } = m;
    findings.push({ rule, line: m.line, column: m.column, endLine, endColumn, placeholder });
    line = endLine;
    column = endColumn;
    piece(prepared.pieces[i + 1]!);
  });
  return { text, findings };
}

/** Assembles files masked together: every file's values are remembered first, so each masks the others'. */
export function assembleMany(prepared: readonly PreparedMask[], session: MaskSession): MaskResult[] {
  for (const p of prepared) if (p.withheld === undefined) rememberMarks(p, session);
  return prepared.map((p) => assembleMask(p, session));
}

/** Masks one file's text in this thread. `path` is relative to the project root, with `/`. */
export function maskText(
  text: string,
  path: string,
  rules: MaskRules,
  session: MaskSession,
  limits: MaskLimits = DEFAULT_LIMITS,
): MaskResult {
  return assembleMask(
    prepareMask(text, path, rules, session.key, limits, undefined, session.known()),
    session,
  );
}

/** 1-based line and column of an offset. */
function position(starts: Uint32Array, offset: number): [number, number] {
  const line = lineAt(starts, offset);
  return [line, offset - starts[line - 1]! + 1];
}

/** The line and column after `text[from, to)`, starting at `line`/`column`. */
function advance(text: string, from: number, to: number, line: number, column: number): [number, number] {
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) {
    line++;
    column = 1;
    from = i + 1;
  }
  return [line, column + (to - from)];
}
