// loupe ls DIR: the visible files, one path per line, sorted bytewise (git's order).
import { scanProject } from '@loupe/engine';
import { defineCommand } from '../command';
import { progress } from '../progress';

export const ls = defineCommand({
  name: 'ls',
  summary: 'List the visible files of a folder, decided exactly as git decides.',
  usage: 'loupe ls DIR [--json] [--all] [--no-smart-ignore]',
  options: {
    json: { type: 'boolean' },
    all: { type: 'boolean' },
    'no-smart-ignore': { type: 'boolean' },
  },
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const json = Boolean(values.json);
    const bar = progress(io);
    const result = await scanProject(dir, {
      stat: json,
      onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`),
    });
    bar.done();
    if (!json) {
      const out: string[] = [];
      for (const f of result.files) out.push(f.path);
      io.stdout.write(out.length ? `${out.join('\n')}\n` : '');
      return 0;
    }
    const report = {
      root: result.root,
      files: result.files,
      ...(values.all ? { hidden: result.hidden } : { hiddenCount: result.hidden.length }),
      repos: result.repos,
      notes: result.notes,
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  },
});
