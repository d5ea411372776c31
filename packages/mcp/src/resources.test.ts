// MCP resources through the real SDK client: the focus packed and one resource per focused file,
// read through the same pipeline as the tools (masked, receipted), and subscriptions told when a
// file changes on disk or the focus changes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import { fileUri, PACK_URI } from './resources';
import {
  closeProject,
  type Fixture,
  makeProject,
  memoryClient,
  openProject,
  type TestClient,
} from './testing/fixture';

const TOKEN = ['ghp', 'Zq8vN3kLm5Rt7Yw2Xc4Bv6Nm8Lk0Jh1Gf3Ds'].join('_');

let fx: Fixture;
let project: McpProject;
let c: TestClient;
const updates: string[] = [];
let listChanges = 0;

beforeAll(async () => {
  fx = makeProject({
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': `export const token = '${TOKEN}';\n`,
    'docs/guide.md': '# Guide\n',
  });
  project = await openProject(fx);
  await project.ws.watch();
  project.ws.setFocus({ include: ['src'], exclude: [] });
  c = await memoryClient(project, 'resource-client');
  c.client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => {
    updates.push(n.params.uri);
  });
  c.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => {
    listChanges++;
  });
});

afterAll(async () => {
  await c.close();
  await closeProject(project, fx);
});

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(test()).toBe(true);
}

describe('resources', () => {
  it('lists the packed focus and each focused file, nothing outside the focus', async () => {
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([PACK_URI, fileUri('src/a.ts'), fileUri('src/b.ts')]);
  });

  it('reads a file through the pipeline: masked, in a data block, receipted', async () => {
    const r = await c.client.readResource({ uri: fileUri('src/b.ts') });
    const text = (r.contents[0] as { text: string }).text;
    expect(text).toMatch(/^\[Live context\] revision/);
    expect(text).toMatch(/<untrusted-data-[0-9a-f]+>/);
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('LOUPE_REDACTED[');
    expect(c.connection.session.callLog.at(-1)).toMatchObject({ tool: 'get_file' });
    const pack = await c.client.readResource({ uri: PACK_URI });
    expect((pack.contents[0] as { text: string }).text).toContain('## File: src/a.ts');
    await expect(c.client.readResource({ uri: fileUri('docs/guide.md') })).rejects.toThrow(
      /not in the focus/,
    );
  });

  it('tells subscribers when a subscribed file changes on disk and when the focus changes', async () => {
    await c.client.subscribeResource({ uri: fileUri('src/a.ts') });
    await c.client.subscribeResource({ uri: PACK_URI });
    writeFileSync(path.join(fx.root, 'src/a.ts'), 'export const a = 2;\n');
    await until(() => updates.includes(fileUri('src/a.ts')) && updates.includes(PACK_URI));
    expect(updates).not.toContain(fileUri('src/b.ts'));
    updates.length = 0;
    const before = listChanges;
    project.ws.setFocus({ include: ['src', 'docs'], exclude: [] });
    await until(() => updates.includes(PACK_URI) && listChanges > before);
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toContain(fileUri('docs/guide.md'));
  });
});
