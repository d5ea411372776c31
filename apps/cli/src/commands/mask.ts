// loupe mask PATH...: the files with secret values replaced by placeholders, or with --json the
// findings (rule, file, line/column span; never values). Binary files are skipped, oversized
// files withheld, each with a reason on stderr; the footer says what rules can miss. A link is
// masked as its target (by the target's format), and only when the target is a visible file.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import {
  countByRule,
  DEFAULT_LIMITS,
  defaultStateDir,
  judgeNamedFile,
  LoupeError,
  loadMaskRules,
  looksBinary,
  type MaskResult,
  MaskSession,
  maskingFooter,
  maskText,
  PLACEHOLDER_WARNING,
  readProjectFile,
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
    const stateDir = defaultStateDir(io.env);
    for (const p of positionals) {
      const named = await judgeNamedFile(path.resolve(io.cwd, p), { stateDir });
      if (named.kind === 'missing')
        throw new LoupeError('not-found', `The file ${p} does not exist. Check the path and try again.`);
      if (named.kind === 'folder')
        throw new LoupeError('not-a-file', `${p} is not a file; loupe mask takes files.`);
      if (named.kind === 'refused') throw new LoupeError('withheld', `${p} is not read: ${named.reason}.`);
      files.push({ abs: named.file, shown: p, size: named.size });
    }
    const rules = await loadMaskRules();
    const session = new MaskSession();
    const outcomes: Outcome[] = [];
    const cwd = realpathSync(io.cwd); // the files' paths are real paths
    for (const f of files) {
      // Paths as the rules expect them: relative to the working folder, with `/` (a link's target).
      const rel = path.relative(cwd, f.abs).split(path.sep).join('/');
      if (f.size > DEFAULT_LIMITS.maxBytes) {
        const reason = `the file is larger than ${DEFAULT_LIMITS.maxBytes >> 20} MiB, the masking limit; it was withheld`;
        outcomes.push({ file: f.shown, result: { text: '', findings: [], withheld: reason } });
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await readProjectFile(f.abs);
      } catch (error) {
        // Changed since it was judged (a link or a FIFO swapped in): never read through.
        const why = `it could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); it was withheld`;
        outcomes.push({ file: f.shown, result: { text: '', findings: [], withheld: why } });
        continue;
      }
      if (looksBinary(bytes)) outcomes.push({ file: f.shown, skipped: 'binary file' });
      else outcomes.push({ file: f.shown, result: maskText(bytes.toString('utf8'), rel, rules, session) });
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
