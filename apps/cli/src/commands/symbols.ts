// loupe symbols PATH: the declarations of a file (kind, qualified name, lines) from its tree-sitter
// parse, or with --find NAME the lookup get_file {symbol} does: the declaration (its masked text),
// the candidates of an ambiguous name, or the nearest names of an unknown one. A link is read as
// its target (by the target's language), and only when the target is a visible file.
import path from 'node:path';
import {
  ContentPipeline,
  type Declaration,
  declarations,
  defaultStateDir,
  findSymbol,
  hasGrammar,
  judgeNamedFile,
  LoupeError,
  languageOf,
  MaskSession,
} from '@loupe/engine';
import { getFileCall } from '@loupe/mcp';
import { defineCommand } from '../command';
import { quoteName } from '../quote';

const range = (d: Declaration) => `${d.docLine ?? d.startLine}-${d.endLine}`;
const row = (d: Declaration) =>
  `${range(d).padEnd(9)} ${d.kind.padEnd(11)} ${d.qualifiedName}${d.local ? ' (local)' : ''}`;

export const symbols = defineCommand({
  async run(positionals, values, io) {
    const file = positionals[0]!;
    const shown = quoteName(file);
    const named = await judgeNamedFile(path.resolve(io.cwd, file), { stateDir: defaultStateDir(io.env) });
    if (named.kind === 'missing')
      throw new LoupeError('not-found', `The file ${file} does not exist. Check the path and try again.`);
    if (named.kind === 'folder')
      throw new LoupeError('not-a-file', `${file} is not a file; loupe symbols takes one file.`);
    if (named.kind === 'refused') throw new LoupeError('withheld', `${file} is not read: ${named.reason}.`);
    const abs = named.file;
    const language = languageOf(abs);
    if (!language || !hasGrammar(language))
      throw new LoupeError(
        'unsupported',
        `${file} has no grammar here (${language ?? 'unknown language'}), so it has no declarations to list.`,
      );
    // Through the content pipeline: masked, as an agent would read it.
    const pipeline = new ContentPipeline(path.dirname(abs));
    const entry = { path: path.basename(abs), size: named.size };
    const session = new MaskSession();
    try {
      const read = await pipeline.read(entry, { path: entry.path }, session);
      if (read.kind === 'withheld') throw new LoupeError('withheld', `${file}: ${read.reason}`);
      if (read.kind !== 'content') throw new Error('a whole-file read returned no content');
      const all = await declarations(read.text, abs);
      const query = typeof values.find === 'string' ? values.find : undefined;
      if (query === undefined) {
        if (values.json) io.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
        else io.stdout.write(all.length ? `${all.map(row).join('\n')}\n` : `${shown}: no declarations.\n`);
        return 0;
      }
      const match = findSymbol(all, query);
      if (values.json) {
        io.stdout.write(`${JSON.stringify(match, null, 2)}\n`);
        return match.kind === 'found' ? 0 : 1;
      }
      const call = (d: Declaration) =>
        getFileCall({
          path: file,
          ...(findSymbol(all, d.qualifiedName).kind === 'found'
            ? { symbol: d.qualifiedName }
            : { lines: range(d) }),
        });
      if (match.kind === 'found') {
        const d = match.declaration;
        const lines = read.text.split('\n').slice((d.docLine ?? d.startLine) - 1, d.endLine);
        io.stdout.write(`${row(d)}\n${lines.join('\n')}\n`);
        return 0;
      }
      if (match.kind === 'ambiguous') {
        io.stdout.write(
          `"${query}" names ${match.candidates.length} declarations in ${shown}; pick one:\n${match.candidates.map((d) => `${row(d)}  ${call(d)}`).join('\n')}\n`,
        );
        return 1;
      }
      io.stdout.write(
        match.nearest.length
          ? `No declaration named "${query}" in ${shown}; the nearest names:\n${match.nearest.map((d) => `${row(d)}  ${call(d)}`).join('\n')}\n`
          : `No declaration named "${query}" in ${shown}, and none with a similar name; list them with \`loupe symbols ${shown}\`.\n`,
      );
      return 1;
    } finally {
      await pipeline.close();
    }
  },
});
