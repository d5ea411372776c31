import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import {
  closeProject,
  type Fixture,
  makeProject,
  memoryClient,
  openProject,
  revisionOf,
} from './testing/fixture';
import { parseBlocks } from './untrusted';

let fx: Fixture;
let project: McpProject;

beforeAll(async () => {
  fx = makeProject({
    'src/auth/login.ts': 'export const login = 1;\n',
    'src/db/pool.ts': 'export const pool = 1;\n',
    'src/db/legacy/old.ts': 'export const old = 1;\n',
    'lib/x.ts': 'x\n',
    'README.md': '# r\n',
    'docs/a.md': 'a\n',
  });
  project = await openProject(fx);
});

afterAll(async () => {
  await closeProject(project, fx);
});

const firstLine = (t: string) => t.split('\n')[0]!;
const blockBodies = (t: string) => parseBlocks(t).blocks.map((b) => b.body);

describe('the live-context line', () => {
  it('says when nothing is ticked that the whole project is the focus', async () => {
    project.ws.setFocus({ include: [], exclude: [] });
    const a = await memoryClient(project);
    expect(firstLine(await a.call('focus_status'))).toMatch(
      /^\[Live context\] revision \d+ · focus: nothing ticked, so the whole project: 6 files \(\d+ tokens\)$/,
    );
    await a.close();
  });

  it('tells another session, on its next call, what a focus change made through the Workspace did', async () => {
    project.ws.setFocus({ include: ['README.md'], exclude: [] });
    const a = await memoryClient(project, 'agent-a');
    const b = await memoryClient(project, 'agent-b');
    const r0 = revisionOf(await a.call('get_tree'));
    await b.call('get_tree');

    // Through the Workspace API (what the window does): +2 folders, -1 file.
    project.ws.setFocus({ include: ['src/auth', 'src/db'], exclude: [] });
    const r1 = project.ws.focus.snapshot.revision;
    const seenByA = await a.call('get_tree');
    expect(firstLine(seenByA)).toBe(
      `[Live context] revision ${r1} · focus: 3 of 6 files (${project.summary().tokens} tokens) · changed since revision ${r0}: +2 folders, -1 file`,
    );
    // The names travel as data, not in the trusted line.
    expect(blockBodies(seenByA)[0]).toBe('+ src/auth/\n+ src/db/\n- README.md');
    // Told once: the next call of the same session has nothing new to say.
    expect(firstLine(await a.call('get_tree'))).not.toContain('changed since');

    // A second change; session B has not called since r0 and hears about both at once, A only about the last.
    project.ws.toggleFocus('src/db/legacy', false);
    const r2 = project.ws.focus.snapshot.revision;
    const seenByB = firstLine(await b.call('focus_status'));
    expect(seenByB).toContain(`revision ${r2}`);
    expect(seenByB).toContain(`changed since revision ${r0}: +2 folders, -1 folder, -1 file`);
    const seenByA2 = await a.call('focus_status');
    expect(firstLine(seenByA2)).toContain(`changed since revision ${r1}: -1 folder`);
    expect(blockBodies(seenByA2)[0]).toBe('- src/db/legacy/');
    await a.close();
    await b.close();
  });

  it('says when the focus was emptied or narrowed from the whole project', async () => {
    project.ws.setFocus({ include: [], exclude: [] });
    const a = await memoryClient(project);
    await a.call('get_tree');
    project.ws.setFocus({ include: ['lib'], exclude: [] });
    expect(firstLine(await a.call('get_tree'))).toMatch(
      /narrowed from the whole project to what is ticked: \+1 folder$/,
    );
    project.ws.setFocus({ include: [], exclude: [] });
    expect(firstLine(await a.call('get_tree'))).toMatch(
      /changed since revision \d+: nothing is ticked any more$/,
    );
    await a.close();
  });

  it('names ticked paths that no longer exist', async () => {
    project.ws.setFocus({ include: ['lib', 'gone/away.ts'], exclude: [] });
    const a = await memoryClient(project);
    const text = await a.call('focus_status');
    expect(firstLine(text)).toContain('1 ticked path no longer exist');
    expect(blockBodies(text)).toContain('gone/away.ts');
    await a.close();
    project.ws.setFocus({ include: [], exclude: [] });
  });

  it('tells a session once when a file it received changed on disk', async () => {
    const a = await memoryClient(project);
    await a.call('get_file', { path: 'docs/a.md' });
    expect(firstLine(await a.call('focus_status'))).not.toContain('changed on disk');
    fx.write('docs/a.md', 'a changed\n');
    const told = await a.call('focus_status');
    expect(firstLine(told)).toContain('1 file you received changed on disk since');
    expect(blockBodies(told)[0]).toBe('~ docs/a.md (you received it)');
    expect(told).toContain('docs/a.md · lines 1 of 1 · call #1 · changed on disk since');
    expect(firstLine(await a.call('focus_status'))).not.toContain('changed on disk');
    // Reading it again clears the mark.
    expect(await a.call('get_file', { path: 'docs/a.md' })).toContain('a changed');
    expect(await a.call('focus_status')).toContain('· unchanged');
    await a.close();
  });

  it('tells each session which focused files changed on disk once the index learns it', async () => {
    project.ws.setFocus({ include: ['src'], exclude: [] });
    const a = await memoryClient(project);
    const b = await memoryClient(project);
    await a.call('get_tree');
    await b.call('get_tree');
    fx.write('src/auth/login.ts', 'export const login = 2; // changed\n');
    fx.write('src/auth/logout.ts', 'export const logout = 1;\n');
    fx.write('lib/x.ts', 'outside the focus, changed\n');
    await project.ws.rescan(); // what the watcher will do on its own
    const seenByA = await a.call('get_tree');
    expect(firstLine(seenByA)).toContain('2 focused files changed on disk since your last call');
    expect(blockBodies(seenByA)[0]).toBe('~ src/auth/login.ts\n+ src/auth/logout.ts');
    expect(firstLine(await a.call('get_tree'))).not.toContain('changed on disk');
    // B hears the same on its own next call.
    expect(firstLine(await b.call('focus_status'))).toContain(
      '2 focused files changed on disk since your last call',
    );
    await a.close();
    await b.close();
    project.ws.setFocus({ include: [], exclude: [] });
  });

  it('says how the project is served when headless', async () => {
    const headless = await openProject(fx, { headless: 'served headless by loupe bridge (test)' });
    const a = await memoryClient(headless);
    expect(firstLine(await a.call('get_tree'))).toMatch(/ · served headless by loupe bridge \(test\)$/);
    await a.close();
    await headless.close();
    await headless.ws.close();
  });
});
