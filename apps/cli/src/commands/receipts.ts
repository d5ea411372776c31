// loupe receipts DIR: what each agent session received from this project: client, transport,
// calls with tools, revisions, token counts, delivered paths and line ranges, masked counts.
// Receipts never hold file contents, search text or secret values.
import path from 'node:path';
import { defaultStateDir, listReceipts, resolveRoot, type SessionReceipt } from '@loupe/engine';
import { defineCommand } from '../command';

const ranges = (lines: Array<[number, number]> | readonly (readonly [number, number])[]) =>
  lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');

function describe(s: SessionReceipt): string[] {
  const client = s.client ? `${s.client.name} ${s.client.version}` : 'unknown client';
  const tokens = s.calls.reduce((a, c) => a + c.resultTokens, 0);
  const errors = s.calls.filter((c) => c.error).length;
  const end = s.end ? `ended ${s.end}` : 'open or interrupted';
  const out = [
    `${s.start}  ${client} over ${s.transport}${s.headless ? ' (headless)' : ''}: ${s.calls.length} calls, ${tokens} result tokens${errors ? `, ${errors} refused or failed` : ''}; ${end}`,
  ];
  for (const c of s.calls) {
    const files = c.delivered.map((d) => `${d.path}:${ranges(d.lines)}`).join(' ');
    const masked = Object.values(c.masked).reduce((a, b) => a + b, 0);
    out.push(
      `  #${c.n} ${c.tool} r${c.revision} ${c.ms} ms ${c.resultTokens} tok${c.error ? ` [${c.error}]` : ''}${masked ? ` masked ${masked}` : ''}${files ? ` ${files}` : ''}`,
    );
  }
  if (s.dropped)
    out.push(`  … ${s.dropped} later calls not recorded (the session's receipt reached its size bound)`);
  return out;
}

export const receipts = defineCommand({
  name: 'receipts',
  summary: 'Show what agent sessions received from a project (never contents, search text or secrets).',
  usage: 'loupe receipts DIR [--json]',
  options: { json: { type: 'boolean' } },
  async run(positionals, values, io) {
    const root = resolveRoot(path.resolve(io.cwd, positionals[0] ?? '.'));
    const list = listReceipts(defaultStateDir(io.env), root);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ root, sessions: list }, null, 2)}\n`);
      return 0;
    }
    if (!list.length) {
      io.stdout.write(`No agent sessions recorded for ${root}.\n`);
      return 0;
    }
    io.stdout.write(`${list.flatMap(describe).join('\n')}\n`);
    return 0;
  },
});
