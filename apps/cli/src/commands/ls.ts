// loupe ls DIR: the visible files, one path per line, sorted bytewise (git's order), names quoted
// as git quotes them (-z: NUL-terminated and exact). What was left out is summed up on stderr (and
// listed with reasons by --json --all).
import path from 'node:path';
import { languageOf, scanProject, summarizeHidden, Workspace } from '@loupe/engine';
import { defineCommand, UsageError } from '../command';
import { progress } from '../progress';
import { oneLine, quoteName } from '../quote';
import { maxFileBytesFrom, scanOptionsFrom } from '../scan-flags';

export const ls = defineCommand({
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    if (values.z && values.json) throw new UsageError('Use -z or --json, not both.');
    const root = path.resolve(io.cwd, dir);
    const limit = maxFileBytesFrom(values);
    const scanOptions = scanOptionsFrom(values, root, io);
    const bar = progress(io);
    const onProgress = (p: { dirs: number; files: number }) =>
      bar.update(`scanning: ${p.dirs} folders, ${p.files} files`);
    if (!values.json) {
      // The plain listing needs no sizes: no stat, no reads.
      const result = await scanProject(root, { ...scanOptions, stat: false, onProgress });
      bar.done();
      const out: string[] = [];
      if (values.z) for (const f of result.files) out.push(f.path, '\0');
      else for (const f of result.files) out.push(quoteName(f.path), '\n');
      io.stdout.write(out.join(''));
      if (result.hidden.length)
        io.stderr.write(
          `loupe ls: ${oneLine(summarizeHidden(result.hidden))} (--json --all lists them with reasons)\n`,
        );
      return 0;
    }
    const ws = await Workspace.open(root, { stateDir: null, ...limit, scan: { ...scanOptions, onProgress } });
    try {
      ws.onDidCountTokens((p) => bar.update(`counting tokens: ${p.done} of ${p.total} files`));
      await ws.tokensReady;
    } finally {
      await ws.close();
      bar.done();
    }
    const files = ws.index.all().map((f) => {
      // A link is read as its target: the target's name decides the language.
      const language = languageOf(f.target ?? f.path);
      return {
        path: f.path,
        size: f.size,
        ...(f.tokens !== undefined ? { tokens: f.tokens } : {}),
        ...(language ? { language } : {}),
        tracked: f.tracked,
        ...(f.symlink ? { symlink: true } : {}),
        ...(f.target ? { target: f.target } : {}),
        ...(f.flag ? { flag: f.flag } : {}),
      };
    });
    const report = {
      root: ws.root,
      encoding: ws.encoding,
      files,
      ...(values.all ? { hidden: ws.hidden } : { hiddenCount: ws.hidden.length }),
      hiddenSummary: summarizeHidden(ws.hidden),
      repos: ws.repos,
      notes: ws.notes,
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  },
});
