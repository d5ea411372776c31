// The checks every pack in the tests goes through: the count is the document's own and within the
// budget; parsed back, the document holds exactly the files the coverage says, each with the
// text the content pipeline gives for that file at that level (same session, same placeholders);
// the footer's numbers agree with the document; line numbers are the files' own.
import { expect } from 'vitest';
import { splitLines } from '../../content/number';
import type { MaskSession } from '../../mask/session';
import { countTokens } from '../../tokens/count';
import type { Workspace } from '../../workspace/workspace';
import { parsePack } from '../parse';
import type { PackFormat, PackResult } from '../types';

const num = (s: string) => Number(s.replace(/,/g, ''));
const withEol = (t: string) => (t === '' || t.endsWith('\n') ? t : `${t}\n`);

/** Strips `  12: ` prefixes; returns the numbers and the lines. */
export function unnumber(text: string): { numbers: number[]; lines: string[] } {
  const numbers: number[] = [];
  const lines: string[] = [];
  for (const line of splitLines(text)) {
    const m = /^ *(\d+): (.*)$/s.exec(line);
    if (!m) throw new Error(`line without a number: ${JSON.stringify(line)}`);
    numbers.push(Number(m[1]));
    lines.push(m[2]!);
  }
  return { numbers, lines };
}

export interface CheckInput {
  ws: Workspace;
  result: PackResult;
  format: PackFormat;
  session: MaskSession;
  budget: number | null;
  lineNumbers: boolean;
  wrapped?: boolean;
}

export async function checkPack({ ws, result, format, session, budget, lineNumbers, wrapped }: CheckInput) {
  const { text, coverage } = result;
  const measured = countTokens(text, ws.encoding);
  expect(result.tokens).toBe(measured);
  if (budget !== null) expect(measured).toBeLessThanOrEqual(budget);
  if (wrapped) return; // the data block's own parser lives with the MCP server

  const parsed = parsePack(text, format);
  const inDoc = coverage.outcomes.filter((o) => o.kind !== 'omitted');
  const got = parsed.files.map((f) => [f.kind === 'file' ? 'included' : 'referenced', f.path]);
  expect(got, `${format}:\n${text}`).toEqual(inDoc.map((o) => [o.kind, o.path]));
  // Each file's text is the pipeline's text for that file at that level.
  for (const [k, f] of parsed.files.entries()) {
    const o = inDoc[k]!;
    if (o.kind !== 'included') continue;
    const entry = ws.index.get(o.path)!;
    const read = await ws.content.read(entry, { detail: o.level }, session);
    if (read.kind !== 'content') throw new Error(`${o.path} was packed but the pipeline withholds it`);
    expect(read.level).toBe(o.level);
    const level = /Detail: (\w+)/.exec(f.meta ?? '')?.[1] ?? 'full';
    expect(level).toBe(o.level);
    if (!lineNumbers || o.unnumbered) {
      expect(f.text).toBe(withEol(read.text));
      continue;
    }
    const { numbers, lines } = unnumber(f.text!);
    const own = splitLines(read.text);
    expect(lines).toEqual(own);
    const fullRead = await ws.content.read(entry, {}, session);
    const source = splitLines(fullRead.kind === 'content' ? fullRead.text : '');
    if (o.level === 'full') expect(numbers).toEqual(own.map((_, i) => i + 1));
    for (let i = 0; i < numbers.length; i++) {
      if (i > 0) expect(numbers[i]).toBeGreaterThan(numbers[i - 1]!);
      const src = source[numbers[i]! - 1]!;
      const line = lines[i]!;
      const stub = /lines? (\d+)/.exec(line);
      expect(src === line || src.startsWith(line.trimEnd()) || (stub !== null && src !== undefined)).toBe(
        true,
      );
    }
  }

  // The footer against the document.
  const footer = parsed.footer.join('\n');
  const tokens = /Tokens: ([\d,]+)(?: of ([\d,]+))? /.exec(footer)!;
  expect(num(tokens[1]!)).toBe(measured);
  if (budget !== null) expect(num(tokens[2]!)).toBe(budget);
  const files =
    /Files: ([\d,]+) files? in scope: ([\d,]+) full, ([\d,]+) compressed(?: \(([^)]*)\))?(?:, ([\d,]+) referenced)?, ([\d,]+) omitted\./.exec(
      footer,
    )!;
  expect(files, footer).not.toBeNull();
  const docLevels = parsed.files
    .filter((f) => f.kind === 'file')
    .map((f) => /Detail: (\w+)/.exec(f.meta ?? '')?.[1] ?? 'full');
  expect(num(files[2]!)).toBe(docLevels.filter((l) => l === 'full').length);
  expect(num(files[3]!)).toBe(docLevels.filter((l) => l !== 'full').length);
  for (const part of (files[4] ?? '').split(', ').filter(Boolean)) {
    const [k, level] = part.split(' ');
    expect(docLevels.filter((l) => l === level).length).toBe(num(k!));
  }
  expect(num(files[5] ?? '0')).toBe(parsed.files.filter((f) => f.kind === 'reference').length);
  const omitted = num(files[6]!);
  expect(num(files[1]!)).toBe(parsed.files.length + omitted);
  // Listed omissions are not in the document; listed plus the tail's count is every omission.
  const docPaths = new Set(parsed.files.map((f) => f.path));
  const listed = parsed.footer
    .map((l) => /^\s*(?:- )?("(?:[^"\\]|\\.)*"): ([\d,]+ tokens|tokens not counted); /.exec(l))
    .filter((m) => m !== null)
    .map((m) => JSON.parse(m[1]!) as string);
  for (const p of listed) expect(docPaths.has(p)).toBe(false);
  const tail = /… ([\d,]+) more omitted/.exec(footer);
  expect(listed.length + (tail ? num(tail[1]!) : 0)).toBe(omitted);
  // Masked values: the footer counts the placeholders of the packed files' findings that the
  // document holds (a compressed file drops those in emptied bodies).
  const byRule: Record<string, number> = {};
  for (const f of parsed.files) {
    if (f.kind !== 'file') continue;
    const full = await ws.content.read(ws.index.get(f.path)!, {}, session);
    if (full.kind !== 'content') continue;
    const want = new Map<string, { rule: string; k: number }>();
    for (const x of full.findings)
      want.set(x.placeholder, { rule: x.rule, k: (want.get(x.placeholder)?.k ?? 0) + 1 });
    for (const [placeholder, { rule, k }] of want) {
      const seen = f.text!.split(placeholder).length - 1;
      if (Math.min(seen, k)) byRule[rule] = (byRule[rule] ?? 0) + Math.min(seen, k);
    }
  }
  const masking = /Masking: ([\d,]+) values? masked by rules; rules can miss secrets(?: \(([^)]*)\))?\./.exec(
    footer,
  );
  if (coverage.masking) {
    expect(masking, footer).not.toBeNull();
    const total = Object.values(byRule).reduce((a, b) => a + b, 0);
    expect(num(masking![1]!)).toBe(total);
    const stated = Object.fromEntries(
      (masking![2] ?? '')
        .split(', ')
        .filter(Boolean)
        .map((p) => [p.split(' ')[0]!, num(p.split(' ')[1]!)]),
    );
    expect(stated).toEqual(byRule);
  }
  // Loupe's own words (header and footer) never call the output safe.
  expect([...parsed.header, ...parsed.footer].join('\n').toLowerCase()).not.toMatch(/\bsafe\b/);
}
