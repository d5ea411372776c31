// loupe ls DIR: the visible files, one path per line, sorted bytewise (git's order), names quoted
// as git quotes them (-z: NUL-terminated and exact). What was left out is summed up on stderr (and
// listed with reasons by --json --all).
import path from 'node:path';
import { scanProject, summarizeHidden } from '@loupe/engine/listing';
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
    // Called once per folder: only when the line is shown.
    const onProgress = bar.live
      ? (p: { dirs: number; files: number }) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`)
      : undefined;
    if (!values.json) {
      // The plain listing needs no sizes: no stat, no reads.
      const result = await scanProject(root, {
        ...scanOptions,
        stat: false,
        ...(onProgress ? { onProgress } : {}),
        ...(io.signal ? { signal: io.signal } : {}),
      });
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
    // Sizes, languages and token counts need the whole engine (workers, caches): its modules load
    // only here, so the plain listing starts with the scan's alone.
    return (await import('./ls-json')).listJson(
      root,
      { ...limit, scan: { ...scanOptions, ...(onProgress ? { onProgress } : {}) } },
      values,
      io,
      bar,
    );
  },
  onStop: 'cancels',
});
