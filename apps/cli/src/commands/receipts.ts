// loupe receipts DIR: what each agent session received from this project: client, transport,
// calls with tools, revisions, token counts, delivered paths and line ranges, masked counts.
// Receipts never hold file contents, search text or secret values.
import path from 'node:path';
import { defaultStateDir, listReceipts, receiptText, resolveRoot, type SessionReceipt } from '@loupe/engine';
import { defineCommand } from '../command';
import { oneLine, quoteName } from '../quote';

/** Delivered file names quoted; the client's name and errors (other sessions' text) one line each. */
function quotedNames(s: SessionReceipt): SessionReceipt {
  return {
    ...s,
    calls: s.calls.map((c) => ({
      ...c,
      delivered: c.delivered.map((d) => ({ ...d, path: quoteName(d.path) })),
    })),
  };
}

export const receipts = defineCommand({
  async run(positionals, values, io) {
    const root = resolveRoot(path.resolve(io.cwd, positionals[0] ?? '.'));
    const list = listReceipts(defaultStateDir(io.env), root);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ root, sessions: list }, null, 2)}\n`);
      return 0;
    }
    if (!list.length) {
      io.stdout.write(`No agent sessions recorded for ${oneLine(root)}.\n`);
      return 0;
    }
    io.stdout.write(`${list.flatMap((s) => receiptText(quotedNames(s)).map(oneLine)).join('\n')}\n`);
    return 0;
  },
});
