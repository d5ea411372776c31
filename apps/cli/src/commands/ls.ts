// loupe ls DIR: the visible files, one path per line, sorted bytewise (git's order). What was
// left out is summed up on stderr (and listed with reasons by --json --all).
import { scanProject, summarizeHidden } from '@loupe/engine';
import { defineCommand } from '../command';
import { progress } from '../progress';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

export const ls = defineCommand({
  name: 'ls',
  summary: 'List the visible files of a folder: git ignore rules, then build output hidden by evidence.',
  usage: 'loupe ls DIR [--json] [--all] [--no-smart-ignore] [--show PATH]... [--hide PATH]...',
  options: {
    json: { type: 'boolean' },
    all: { type: 'boolean' },
    'no-smart-ignore': { type: 'boolean' },
    show: { type: 'string', multiple: true },
    hide: { type: 'string', multiple: true },
  },
  async run(positionals, values, io) {
    const [dir = '.'] = positionals;
    const json = Boolean(values.json);
    const bar = progress(io);
    const result = await scanProject(dir, {
      stat: json,
      smartIgnore: !values['no-smart-ignore'],
      overrides: { show: list(values.show), hide: list(values.hide) },
      onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`),
    });
    bar.done();
    const summary = summarizeHidden(result.hidden);
    if (!json) {
      const out: string[] = [];
      for (const f of result.files) out.push(f.path);
      io.stdout.write(out.length ? `${out.join('\n')}\n` : '');
      if (result.hidden.length)
        io.stderr.write(`loupe ls: ${summary} (--json --all lists them with reasons)\n`);
      return 0;
    }
    const report = {
      root: result.root,
      files: result.files,
      ...(values.all ? { hidden: result.hidden } : { hiddenCount: result.hidden.length }),
      hiddenSummary: summary,
      repos: result.repos,
      notes: result.notes,
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  },
});
