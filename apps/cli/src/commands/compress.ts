// loupe compress PATH...: files at a detail level through the content pipeline (masked, as an
// agent would read them), each labelled with the level applied and, when compression fell back to
// the full text, the reason. A file masking withholds is named on stderr and never printed. A link
// is compressed as its target (by the target's language), and only when the target is a visible file.
import path from 'node:path';
import {
  compressible,
  type FileContent,
  type FileInput,
  finishFile,
  type Level,
  LoupeError,
  MaskSession,
  maskHere,
  maskingNotice,
  PLACEHOLDER_WARNING,
  projectFile,
  readMasked,
  scanProject,
  type Withheld,
} from '@loupe/engine';
import { defineCommand, type Io } from '../command';
import { inputAt, namedFile } from '../named-file';
import { quoteName } from '../quote';

/** A file to compress: its name as shown and the pipeline's input for its bytes. */
interface Item {
  shown: string;
  input: FileInput;
}

/** The files a PATH stands for: itself, or a folder's visible files that have a grammar. */
async function expand(arg: string, io: Io): Promise<{ files: Item[]; skipped: number }> {
  const named = await namedFile(arg, io);
  if (named.kind === 'file')
    return { files: [{ shown: arg, input: inputAt(named.file, io.cwd, named.size) }], skipped: 0 };
  const scan = await scanProject(path.resolve(io.cwd, arg));
  const files: Item[] = [];
  let skipped = 0;
  for (const f of scan.files) {
    if (!f.flag && compressible(f.target ?? f.path))
      files.push({
        shown: path.join(arg, f.path),
        input: inputAt(projectFile(scan.root, f), io.cwd, f.size),
      });
    else skipped++;
  }
  return { files, skipped };
}

function label(file: string, r: FileContent): string {
  const s = r.compression;
  const did = s
    ? [
        s.bodies && `${s.bodies} bodies emptied`,
        s.tests && `${s.tests} tests collapsed`,
        s.comments && `${s.comments} comments removed`,
        s.docstrings && `${s.docstrings} docstrings removed`,
      ].filter(Boolean)
    : [];
  const level = r.level === r.requested ? r.level : `${r.level} (requested ${r.requested})`;
  const why = r.levelReason ? `: ${r.levelReason}` : did.length ? `: ${did.join(', ')}` : '';
  return `==> ${quoteName(file)} <== ${level}${why}`;
}

export const compressCommand = defineCommand({
  async run(positionals, values, io) {
    const level = values.level as Level;
    if (values['strip-docstrings'] && values['keep-docstrings'])
      throw new LoupeError('invalid-argument', 'Use --strip-docstrings or --keep-docstrings, not both.');
    const stripDocstrings = values['strip-docstrings'] ? true : values['keep-docstrings'] ? false : undefined;
    const options = {
      detail: level,
      stripComments: Boolean(values['strip-comments']),
      ...(stripDocstrings === undefined ? {} : { stripDocstrings }),
    };
    const files: Item[] = [];
    let skipped = 0;
    for (const arg of positionals) {
      const expanded = await expand(arg, io);
      files.push(...expanded.files);
      skipped += expanded.skipped;
    }
    // Through the content pipeline, one mask session for all files: read -> mask (its own chars are
    // the "before"), then compressed and labelled by the same stages as any read.
    const masker = maskHere(new MaskSession());
    const results: Array<{ path: string; result: FileContent; chars: number }> = [];
    const withheld: Array<{ path: string; result: Withheld }> = [];
    for (const { shown: file, input } of files) {
      const m = await readMasked(input, { masker });
      if (m.kind === 'withheld' && m.cause === 'binary')
        throw new LoupeError('unsupported', `${file} is a binary file; only text files can be compressed.`);
      if (m.kind !== 'masked') {
        withheld.push({ path: file, result: m as Withheld });
        continue;
      }
      const r = await finishFile(m, options);
      if (r.kind !== 'content') throw new Error('a whole-file read found no content'); // no symbol asked
      results.push({ path: file, result: r, chars: m.text.length });
    }
    if (skipped)
      io.stderr.write(
        `loupe compress: ${skipped} visible files in the folders given were left out (no grammar, binary or too large).\n`,
      );
    for (const w of withheld)
      io.stderr.write(`loupe compress: ${quoteName(w.path)}: withheld (${w.result.why}).\n`);
    const code = withheld.length ? 1 : 0;
    if (values.json) {
      const report = [
        ...results.map(({ path: p, result: r, chars }) => ({
          path: p,
          requested: r.requested,
          level: r.level,
          ...(r.levelReason ? { reason: r.levelReason } : {}),
          ...(r.language ? { language: r.language } : {}),
          stats: r.compression,
          chars: { before: chars, after: r.text.length },
          ...(r.masked ? { masked: r.maskedByRule } : {}),
          text: r.text,
        })),
        ...withheld.map((w) => ({ path: w.path, withheld: w.result.why })),
      ];
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return code;
    }
    for (const { path: p, result } of results) {
      io.stdout.write(`${label(p, result)}\n${result.text}${result.text.endsWith('\n') ? '' : '\n'}`);
    }
    const fellBack = results.filter((r) => r.result.level !== r.result.requested).length;
    if (fellBack)
      io.stderr.write(
        `loupe compress: ${fellBack} of ${results.length} files not at ${level}; see their labels.\n`,
      );
    const masked = results.reduce(
      (n, r) => n + Object.values(r.result.maskedByRule).reduce((a, b) => a + b, 0),
      0,
    );
    if (masked)
      io.stderr.write(`loupe compress: ${maskingNotice(masked)}.\nloupe compress: ${PLACEHOLDER_WARNING}\n`);
    return code;
  },
});
