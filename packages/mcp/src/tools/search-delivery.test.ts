// A search result that shows lines of a file delivered them: the session's received files (the
// window's marks, the Sessions panel's files) count it like a read. A later get_file of the same
// lines still sends them (a search line may be cut around its match), and focus_status lists the
// file without a length the search never knew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import { closeProject, type Fixture, makeProject, memoryClient, openProject } from '../testing/fixture';

let fx: Fixture;
let project: McpProject;

beforeAll(async () => {
  fx = makeProject({
    'src/strings.ts': 'export const shout = (s: string) => s.toUpperCase() + "!";\nexport const quiet = 1;\n',
    'src/other.ts': 'export const nothing = 0;\n',
  });
  project = await openProject(fx);
});

afterAll(async () => {
  await closeProject(project, fx);
});

describe('search deliveries', () => {
  it('count as received, mark the file, and never stand in for a read', async () => {
    const a = await memoryClient(project, 'search-agent');
    expect(await a.call('search', { query: 'toUpperCase' })).toContain('src/strings.ts');
    const session = project.sessions.list()[0]!;
    expect([...session.ledger.paths()]).toEqual(['src/strings.ts']);
    const received = project.sessions.receivedFiles([session]);
    expect(received.map((r) => [r.path, r.tool, r.call, r.changed])).toEqual([
      ['src/strings.ts', 'search', 1, false],
    ]);

    const status = await a.call('focus_status');
    expect(status).toContain('received 1 file');
    expect(status).toMatch(/src\/strings\.ts · lines 1 · search · call #1 · unchanged/);

    const read = await a.call('get_file', { path: 'src/strings.ts' });
    expect(read).toContain('export const shout');
    expect(read).not.toContain('[Already received]');

    fx.write('src/strings.ts', 'export const shout = (s: string) => s + "!";\n');
    await project.ws.rescan('test edit');
    expect(project.sessions.receivedFiles([session]).find((r) => r.tool === 'get_file')?.changed).toBe(true);
    await a.close();
  });
});
