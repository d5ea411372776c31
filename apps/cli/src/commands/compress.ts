// loupe compress PATH...: files at a detail level, each labelled with the level applied and, when
// compression fell back to the full text, the reason. A link is compressed as its target (by the
// target's language), and only when the target is a visible file.
import path from 'node:path';
import {
  type CompressResult,
  compress,
  defaultStateDir,
  judgeNamedFile,
  type Level,
  LoupeError,
  languageOf,
  levelsFor,
  projectFile,
  readProjectFile,
  scanProject,
} from '@loupe/engine';
import { defineCommand, type Io } from '../command';
import { quoteName } from '../quote';

/** A file to compress: its name as shown, the bytes to read, and the name that picks the language. */
interface Item {
  shown: string;
  file: string;
  as: string;
}

async function readText(item: Item): Promise<string> {
  const bytes = await readProjectFile(item.file).catch((error: NodeJS.ErrnoException) => {
    throw new LoupeError('unreadable', `${item.shown} could not be read (${error.code ?? 'error'}).`);
  });
  if (bytes.includes(0))
    throw new LoupeError('unsupported', `${item.shown} is a binary file; only text files can be compressed.`);
  return bytes.toString('utf8');
}

/** The files a PATH stands for: itself, or a folder's visible files that have a grammar. */
async function expand(arg: string, io: Io): Promise<{ files: Item[]; skipped: number }> {
  const named = await judgeNamedFile(path.resolve(io.cwd, arg), { stateDir: defaultStateDir(io.env) });
  if (named.kind === 'missing')
    throw new LoupeError('not-found', `The file ${arg} does not exist. Check the path and try again.`);
  if (named.kind === 'refused') throw new LoupeError('withheld', `${arg} is not read: ${named.reason}.`);
  if (named.kind === 'file') return { files: [{ shown: arg, file: named.file, as: named.file }], skipped: 0 };
  const scan = await scanProject(path.resolve(io.cwd, arg));
  const files: Item[] = [];
  let skipped = 0;
  for (const f of scan.files) {
    const as = f.target ?? f.path;
    if (!f.flag && levelsFor(languageOf(as)).length > 1)
      files.push({ shown: path.join(arg, f.path), file: projectFile(scan.root, f), as });
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
    const files: Item[] = [];
    let skipped = 0;
    for (const arg of positionals) {
      const expanded = await expand(arg, io);
      files.push(...expanded.files);
      skipped += expanded.skipped;
    }
    const results: Array<{ path: string; result: CompressResult; chars: number }> = [];
    for (const item of files) {
      const text = await readText(item);
      results.push({ path: item.shown, result: await compress(text, item.as, options), chars: text.length });
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
