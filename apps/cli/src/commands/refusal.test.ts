// A refusal for a hidden path carries what would work, and it does work: an agent asks for a
// gitignored file through the SDK client, gets the `loupe ls DIR --show PATH` command, the
// developer runs it (this CLI, with the same state folder), and a new session is served the file.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workspace } from '@loupe/engine';
import { connectSession, McpProject, parseBlocks } from '@loupe/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../testing/run';

const work = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-cli-refusal-')));
const root = path.join(work, "it's a project");
const stateDir = path.join(work, 'state');
mkdirSync(path.join(root, 'logs'), { recursive: true });
writeFileSync(path.join(root, '.gitignore'), 'logs/\n');
writeFileSync(path.join(root, 'app.ts'), 'export const app = 1;\n');
writeFileSync(path.join(root, 'logs/run.log'), 'started\n');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A session over the project as `loupe mcp` serves it, and the text of one get_file call. */
async function getFile(file: string): Promise<{ text: string; isError: boolean }> {
  const ws = await Workspace.open(root, { stateDir, cacheDir: null, countTokens: false });
  const project = new McpProject(ws, { stateDir });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await connectSession(project, serverSide, { transport: 'memory' });
  const client = new Client({ name: 'refusal-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const r = await client.callTool({ name: 'get_file', arguments: { path: file } });
    return {
      text: (r.content as Array<{ text: string }>).map((c) => c.text).join('\n'),
      isError: Boolean(r.isError),
    };
  } finally {
    await client.close();
    await connection.closed;
    await project.close();
    await ws.close();
  }
}

/** A command line as a POSIX shell splits it (plain words and single-quoted ones). */
function shellWords(command: string): string[] {
  return [...command.matchAll(/((?:'[^']*'|\\'|[^\s'\\])+)/g)].map((m) =>
    m[1]!.replace(/'([^']*)'|\\(')/g, (_, quoted, escaped) => quoted ?? escaped),
  );
}

describe('a refusal for a hidden path', () => {
  it('gives the command that shows it, and after that command the file is served', async () => {
    const refused = await getFile('logs/run.log');
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('"Show hidden"');
    const command = parseBlocks(refused.text).blocks.find((b) => b.body.startsWith('loupe '))!.body;
    const words = shellWords(command);
    expect(words).toEqual(['loupe', 'ls', root, '--show', 'logs']);
    const ran = await cli(words.slice(1), work, { LOUPE_STATE_DIR: stateDir });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('logs/run.log');
    const served = await getFile('logs/run.log');
    expect(served.isError).toBe(false);
    expect(served.text).toContain('started');
  });
});
