// loupe mask PATH...: the files with secret values replaced by placeholders, through the content
// pipeline's read, classify and mask stages (the same as every read), or with --json the findings
// (rule, file, line/column span; never values). Binary files are skipped, files masking withholds
// (oversized, unreadable) are withheld, each with a reason on stderr; the footer says what rules
// can miss. A link is masked as its target (by the target's format), and only when the target is a
// visible file.
import {
  countByRule,
  type FileInput,
  LoupeError,
  type MaskResult,
  MaskSession,
  maskHere,
  maskingFooter,
  PLACEHOLDER_WARNING,
  processFile,
  summarizeMasking,
} from '@loupe/engine';
import { defineCommand } from '../command';
import { inputAt, namedFile } from '../named-file';
import { quoteName } from '../quote';

interface Outcome {
  file: string;
  result?: MaskResult;
  skipped?: string;
}

export const mask = defineCommand({
  async run(positionals, values, io) {
    // Check every path before printing anything.
    const files: Array<{ input: FileInput; shown: string }> = [];
    for (const p of positionals) {
      const named = await namedFile(p, io);
      if (named.kind === 'folder')
        throw new LoupeError('not-a-file', `${p} is not a file; loupe mask takes files.`);
      files.push({ input: inputAt(named.file, io.cwd, named.size), shown: p });
    }
    const masker = maskHere(new MaskSession());
    const outcomes: Outcome[] = [];
    for (const f of files) {
      const r = await processFile(f.input, { count: false }, { masker });
      if (r.kind === 'withheld' && r.cause === 'binary')
        outcomes.push({ file: f.shown, skipped: 'binary file' });
      else if (r.kind === 'withheld')
        outcomes.push({ file: f.shown, result: { text: '', findings: [], withheld: r.why } });
      else if (r.kind === 'content')
        outcomes.push({ file: f.shown, result: { text: r.text, findings: r.findings } });
      else throw new Error('a whole-file read found no content'); // no symbol asked
    }
    const summary = summarizeMasking(
      outcomes.flatMap((o) => (o.result ? [{ path: o.file, result: o.result }] : [])),
    );
    if (values.json) {
      const report = {
        files: outcomes.map((o) => ({
          file: o.file,
          ...(o.skipped ? { skipped: o.skipped } : {}),
          ...(o.result?.withheld ? { withheld: o.result.withheld } : {}),
          findings: (o.result?.findings ?? []).map(
            ({ rule, line, column, endLine, endColumn, placeholder }) => ({
              rule,
              line,
              column,
              endLine,
              endColumn,
              placeholder,
            }),
          ),
          counts: countByRule(o.result?.findings ?? []),
        })),
        masked: summary.masked,
        byRule: summary.byRule,
        notice: maskingFooter(summary),
        warning: PLACEHOLDER_WARNING,
      };
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      for (const o of outcomes) {
        const name = quoteName(o.file);
        if (outcomes.length > 1) io.stdout.write(`==> ${name} <==\n`);
        if (o.skipped) io.stderr.write(`loupe mask: ${name}: skipped (${o.skipped}).\n`);
        else if (o.result?.withheld)
          io.stderr.write(`loupe mask: ${name}: withheld (${o.result.withheld}).\n`);
        else io.stdout.write(o.result!.text);
      }
      io.stderr.write(`loupe mask: ${maskingFooter(summary)}.\n`);
      if (summary.masked > 0) io.stderr.write(`loupe mask: ${PLACEHOLDER_WARNING}\n`);
    }
    return summary.withheld.length > 0 ? 1 : 0;
  },
});
