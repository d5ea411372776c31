// maskText: one file, one session. The work is split in two halves so that a worker can do the
// first and the calling thread the second: `prepareMask` finds the spans and cuts the text around
// them (the values stay behind, known only by keyed hashes); `assembleMask` numbers the values in
// the session and inserts the placeholders. Nothing ever falls back to unmasked text.

import { lineAt, lineStarts } from '../util/lines';
import type { MaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits, scanText } from './scan';
import { type MaskSession, valueIdentity } from './session';

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
}

/** `utf8`: the text's UTF-8 bytes when the caller holds them (spares encoding the text again). */
export function prepareMask(
  text: string,
  path: string,
  rules: MaskRules,
  key: Buffer,
  limits: MaskLimits = DEFAULT_LIMITS,
  utf8?: Buffer,
): PreparedMask {
  try {
    const scan = scanText(text, path, rules, limits, utf8);
    if (scan.withheld !== undefined) return { pieces: [], marks: [], withheld: scan.withheld };
    if (scan.spans.length === 0) return { pieces: [text], marks: [] };
    const pieces: string[] = [];
    const marks: PreparedMark[] = [];
    const lines = lineStarts(text);
    let at = 0;
    for (const s of scan.spans) {
      pieces.push(text.slice(at, s.start));
      const [line, column] = position(lines, s.start);
      const [endLine, endColumnBefore] = position(lines, s.end - 1);
      marks.push({
        rule: s.rule,
        identity: valueIdentity(key, text.slice(s.start, s.end)),
        quote: s.quote,
        line,
        column,
        endLine,
        endColumn: endColumnBefore + 1,
      });
      at = s.end;
    }
    pieces.push(text.slice(at));
    return { pieces, marks };
  } catch (error) {
    // Error messages never carry file content here; the name is enough to report.
    const name = error instanceof Error ? error.name : 'unknown error';
    return { pieces: [], marks: [], withheld: `masking failed (${name}); the file was withheld` };
  }
}

export function assembleMask(prepared: PreparedMask, session: MaskSession): MaskResult {
  if (prepared.withheld !== undefined) return { text: '', findings: [], withheld: prepared.withheld };
  let text = prepared.pieces[0] ?? '';
  const findings: MaskFinding[] = [];
  prepared.marks.forEach((m, i) => {
    const placeholder = session.placeholder(m.rule, m.identity);
    // A value that spanned lines keeps its line breaks after the placeholder, so every later
    // line keeps its number (line ranges and search hits refer to the file's own lines).
    const breaks = '\n'.repeat(m.endLine - m.line);
    text += (m.quote ? `"${placeholder}"` : placeholder) + breaks + prepared.pieces[i + 1]!;
    const { rule, line, column, endLine, endColumn } = m;
    findings.push({ rule, line, column, endLine, endColumn, placeholder });
  });
  return { text, findings };
}

/** Masks one file's text in this thread. `path` is relative to the project root, with `/`. */
export function maskText(
  text: string,
  path: string,
  rules: MaskRules,
  session: MaskSession,
  limits: MaskLimits = DEFAULT_LIMITS,
): MaskResult {
  return assembleMask(prepareMask(text, path, rules, session.key, limits), session);
}

/** 1-based line and column of an offset. */
function position(starts: Uint32Array, offset: number): [number, number] {
  const line = lineAt(starts, offset);
  return [line, offset - starts[line - 1]! + 1];
}
