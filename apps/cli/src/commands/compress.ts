// loupe compress PATH...: files at a detail level, each labelled with the level applied and, when
// compression fell back to the full text, the reason.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type CompressResult,
  compress,
  type Level,
  LoupeError,
  languageOf,
  levelsFor,
  scanProject,
} from '@loupe/engine';
import { defineCommand } from '../command';
import { quoteName } from '../quote';

async function readText(file: string, cwd: string): Promise<string> {
  const bytes = await readFile(path.resolve(cwd, file));
  if (bytes.includes(0))
    throw new LoupeError('unsupported', `${file} is a binary file; only text files can be compressed.`);
  return bytes.toString('utf8');
}

/** The files a PATH stands for: itself, or a folder's visible files that have a grammar. */
async function expand(arg: string, cwd: string): Promise<{ files: string[]; skipped: number }> {
  const info = await stat(path.resolve(cwd, arg)).catch(() => undefined);
  if (!info)
    throw new LoupeError('not-found', `The file ${arg} does not exist. Check the path and try again.`);
  if (!info.isDirectory()) return { files: [arg], skipped: 0 };
  const scan = await scanProject(path.resolve(cwd, arg));
  const files: string[] = [];
  let skipped = 0;
  for (const f of scan.files) {
    if (!f.flag && levelsFor(languageOf(f.path)).length > 1) files.push(path.join(arg, f.path));
    else skipped++;
  }
  return { files, skipped };
}

function label(file: string, r: CompressResult): string {
  const s = r.stats;
  const did = [
    s.bodies && `${s.bodies} bodies emptied`,
    s.tests && `${s.tests} tests collapsed`,
    s.comments && `${s.comments} comments removed`,
    s.docstrings && `${s.docstrings} docstrings removed`,
  ].filter(Boolean);
  const level = r.level === r.requested ? r.level : `${r.level} (requested ${r.requested})`;
  const why = r.reason ? `: ${r.reason}` : did.length ? `: ${did.join(', ')}` : '';
  return `==> ${quoteName(file)} <== ${level}${why}`;
}

export const compressCommand = defineCommand({
  async run(positionals, values, io) {
    const level = values.level as Level;
    if (values['strip-docstrings'] && values['keep-docstrings'])
      throw new LoupeError('invalid-argument', 'Use --strip-docstrings or --keep-docstrings, not both.');
    const stripDocstrings = values['strip-docstrings'] ? true : values['keep-docstrings'] ? false : undefined;
    const options = {
      level,
      stripComments: Boolean(values['strip-comments']),
      ...(stripDocstrings === undefined ? {} : { stripDocstrings }),
    };
    const files: string[] = [];
    let skipped = 0;
    for (const arg of positionals) {
      const expanded = await expand(arg, io.cwd);
      files.push(...expanded.files);
      skipped += expanded.skipped;
    }
    const results: Array<{ path: string; result: CompressResult; chars: number }> = [];
    for (const file of files) {
      const text = await readText(file, io.cwd);
      results.push({ path: file, result: await compress(text, file, options), chars: text.length });
    }
    if (skipped)
      io.stderr.write(
        `loupe compress: ${skipped} visible files in the folders given were left out (no grammar, binary or too large).\n`,
      );
    if (values.json) {
      const report = results.map(({ path: p, result: r, chars }) => ({
        path: p,
        requested: r.requested,
        level: r.level,
        ...(r.reason ? { reason: r.reason } : {}),
        ...(r.language ? { language: r.language } : {}),
        stats: r.stats,
        chars: { before: chars, after: r.text.length },
        text: r.text,
      }));
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    for (const { path: p, result } of results) {
      io.stdout.write(`${label(p, result)}\n${result.text}${result.text.endsWith('\n') ? '' : '\n'}`);
    }
    const fellBack = results.filter((r) => r.result.level !== r.result.requested).length;
    if (fellBack)
      io.stderr.write(
        `loupe compress: ${fellBack} of ${results.length} files not at ${level}; see their labels.\n`,
      );
    return 0;
  },
});
