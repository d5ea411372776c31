// Proof of savings from a real session: what its reads delivered (the results the SDK client got)
// against the same files read whole at the content it saw (each file's o200k count from its bytes),
// in the live session, the receipt written to disk, `loupe receipts`' text and the Markdown export.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { savingsText } from '@loupe/common';
import { countTokens, listReceipts, receiptMarkdown, receiptText, savingsOf } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import { closeProject, type Fixture, makeProject, memoryClient, openProject } from './testing/fixture';

const lines = (n: number, tag: string) =>
  `${Array.from({ length: n }, (_, i) => `export const ${tag}${i} = ${i} * 2; // ${tag} line ${i + 1}`).join('\n')}\n`;

let fx: Fixture;
let project: McpProject;

beforeAll(async () => {
  fx = makeProject({
    'src/a.ts': lines(300, 'alpha'),
    'src/b.ts': lines(200, 'beta'),
    'src/c.ts': `export class Shape {\n${lines(120, '  area').replace(/export const /g, '  static ')}}\n`,
    'README.md': '# demo\n',
  });
  project = await openProject(fx);
});

afterAll(async () => {
  await closeProject(project, fx);
});

const whole = (rel: string) => countTokens(readFileSync(path.join(fx.root, rel), 'utf8'));

describe('proof of savings', () => {
  it('states delivered, whole files and saved from the ledger, and the arithmetic adds up', async () => {
    const c = await memoryClient(project, 'savings-agent');
    const reads: Array<{ text: string; files: string[] }> = [];
    const read = async (args: Record<string, unknown>, files: string[]) => {
      reads.push({ text: await c.call('get_file', args), files });
    };
    await read({ path: 'src/a.ts' }, ['src/a.ts']); // whole
    await read({ path: 'src/a.ts' }, ['src/a.ts']); // a repeat: one line
    await read({ path: 'src/b.ts', lines: '1-20' }, ['src/b.ts']); // a range
    await read({ path: 'src/c.ts', detail: 'signatures' }, ['src/c.ts']); // compressed
    await read({ requests: ['src/b.ts', 'README.md'] }, ['src/b.ts', 'README.md']); // overlap + new
    const packed = await c.call('pack', { paths: ['src/a.ts', 'README.md'] }); // a.ts received: a reference
    const notRead = await c.call('get_tree', {}); // no file read: not in the comparison
    expect(packed).toContain('Received unchanged in call 1');

    const delivered = [...reads.map((r) => r.text), packed].reduce((a, t) => a + countTokens(t), 0);
    const wholeFiles =
      reads.flatMap((r) => r.files).reduce((a, f) => a + whole(f), 0) +
      whole('src/a.ts') +
      whole('README.md');
    expect(project.sessions.list()).toHaveLength(1);
    const session = c.connection.session;
    expect(session.savings).toEqual({ delivered, whole: wholeFiles });
    expect(session.tokens).toBe(delivered + countTokens(notRead));
    expect(wholeFiles).toBeGreaterThan(delivered);

    const expected = `delivered ${(delivered / 1000).toFixed(1)}k tokens; whole files ${(wholeFiles / 1000).toFixed(1)}k; saved ${((wholeFiles - delivered) / 1000).toFixed(1)}k (${Math.round(((wholeFiles - delivered) / wholeFiles) * 100)}%)`;
    expect(savingsText(session.savings)).toBe(expected.replace(/\.0k/g, 'k'));

    await c.close();
    await project.sessions.flush();
    const [onDisk] = listReceipts(fx.stateDir, fx.root);
    expect(savingsOf(onDisk!.calls)).toEqual({ delivered, whole: wholeFiles });
    expect(onDisk!.calls.find((x) => x.tool === 'get_tree')!.wholeTokens).toBeUndefined();
    expect(receiptText(onDisk!)[0]).toContain(`reads: ${savingsText(session.savings)}`);
    expect(receiptMarkdown(onDisk!)).toContain(
      `- Reads (get_file and pack): ${savingsText(session.savings)}`,
    );
  }, 120_000);

  it('says so when a session read more than whole files would have cost', () => {
    expect(savingsText({ delivered: 1200, whole: 1000 })).toBe(
      'delivered 1.2k tokens; whole files 1k; 200 more than whole files',
    );
    expect(savingsText({ delivered: 0, whole: 0 })).toBeUndefined();
  });
});
