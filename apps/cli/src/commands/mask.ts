// loupe mask PATH...: the files with secret values replaced by placeholders, through the content
// pipeline's read, classify and mask stages (the same as every read), or with --json the findings
// (rule, file, line/column span; never values). Binary files are skipped, files masking withholds
// (oversized, unreadable) are withheld, each with a reason on stderr; the footer says what rules
// can miss.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  countByRule,
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
import { quoteName } from '../quote';

interface Outcome {
  file: string;
  result?: MaskResult;
  skipped?: string;
}

export const mask = defineCommand({
  async run(positionals, values, io) {
    // Check every path before printing anything.
    const files: Array<{ abs: string; shown: string; size: number }> = [];
    for (const p of positionals) {
      const abs = path.resolve(io.cwd, p);
      const info = await stat(abs).catch(() => undefined);
      if (!info)
        throw new LoupeError('not-found', `The file ${p} does not exist. Check the path and try again.`);
      if (!info.isFile()) throw new LoupeError('not-a-file', `${p} is not a file; loupe mask takes files.`);
      files.push({ abs, shown: p, size: info.size });
    }
    const masker = maskHere(new MaskSession());
    const outcomes: Outcome[] = [];
    for (const f of files) {
      // Paths as the rules expect them: relative to the working folder, with `/`.
      const rel = path.relative(io.cwd, f.abs).split(path.sep).join('/');
      const r = await processFile({ path: rel, file: f.abs, size: f.size }, { count: false }, { masker });
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
