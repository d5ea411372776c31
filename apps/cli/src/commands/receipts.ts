// loupe receipts DIR: what each agent session received from this project: client, transport,
// calls with tools, revisions, token counts, delivered paths and line ranges, masked counts.
// Receipts never hold file contents, search text or secret values.
import path from 'node:path';
import { defaultStateDir, listReceipts, receiptText, resolveRoot } from '@loupe/engine';
import { defineCommand } from '../command';

export const receipts = defineCommand({
  name: 'receipts',
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
    io.stdout.write(`${list.flatMap(receiptText).join('\n')}\n`);
    return 0;
  },
});
