// The next MCP call after changes on disk, with the project watched (no rescan asked for): real
// files, real git, a real SDK client. After each step the live-context line counts exactly the
// focused files that changed, names them in its data block, marks the files this session received,
// says nothing twice, and the focus summary's tokens equal a fresh count.
import { readFileSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { countTokens, Workspace } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpProject } from './project';
import { type Fixture, git, makeProject, memoryClient, type TestClient } from './testing/fixture';
import { parseBlocks } from './untrusted';

let fx: Fixture;
let ws: Workspace;
let project: McpProject;
let agent: TestClient;

const firstLine = (t: string) => t.split('\n')[0]!;
/** The data block listing changes on disk (its lines start with +, - or ~). */
const changedBlock = (t: string) => parseBlocks(t).blocks.find((b) => /^[-+~] /.test(b.body))?.body ?? '';

/** The tree's data block (it lists src/a.ts). */
const treeBlock = (t: string) =>
  parseBlocks(t).blocks.find((b) => b.body.includes('a.ts') && !/^[-+~] /.test(b.body))?.body ?? '';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await ws.watcher!.idle();
}

/** Focused tokens recounted from disk now. */
function focusedTokensOnDisk(): number {
  return project
    .focused()
    .reduce((n, e) => n + countTokens(readFileSync(path.join(fx.root, ...e.path.split('/')), 'utf8')), 0);
}

beforeAll(async () => {
  fx = makeProject({
    'src/a.ts': 'export const a = 1;\n',
    'src/gone.ts': 'export const gone = 1;\n',
    'src/sub/x.ts': 'export const x = 1;\n',
    'lib/out.ts': 'outside the focus\n',
  });
  ws = await Workspace.open(fx.root, { stateDir: null, cacheDir: null, tokenThreads: 1, watch: true });
  await ws.tokensReady;
  project = new McpProject(ws, { stateDir: null });
  ws.setFocus({ include: ['src'], exclude: [] });
  agent = await memoryClient(project, 'agent');
});

afterAll(async () => {
  await agent.close();
  await project.close();
  await ws.close();
  fx.cleanup();
});

describe('the next MCP call after changes on disk (watched project)', () => {
  it('counts and names the focused files that changed, and marks received ones', async () => {
    await agent.call('get_tree');
    await agent.call('get_file', { path: 'src/a.ts' });
    fx.write('src/a.ts', 'export const a = "edited by someone else";\n');
    fx.write('src/new.ts', 'export const fresh = 1;\n');
    unlinkSync(path.join(fx.root, 'src/gone.ts'));
    fx.write('lib/out.ts', 'outside the focus, edited\n');
    await until(
      () => ws.index.get('src/new.ts') !== undefined && ws.index.get('src/gone.ts') === undefined,
      'the index to take the changes',
    );
    await until(() => ws.changesSince(0).changed.includes('lib/out.ts'), 'the edit outside the focus');
    const told = await agent.call('focus_status');
    expect(firstLine(told)).toContain('3 focused files changed on disk since your last call');
    expect(firstLine(told)).toContain('1 file you received changed on disk since');
    expect(changedBlock(told)).toBe('~ src/a.ts (you received it)\n- src/gone.ts\n+ src/new.ts');
    expect(project.summary().tokens).toBe(focusedTokensOnDisk());
    expect(firstLine(await agent.call('focus_status'))).not.toContain('changed on disk');
  });

  it('says nothing for a touch, and follows a renamed folder', async () => {
    const t = new Date(Date.now() + 3_000);
    utimesSync(path.join(fx.root, 'src/new.ts'), t, t);
    const touched = statSync(path.join(fx.root, 'src/new.ts')).mtimeMs;
    renameSync(path.join(fx.root, 'src/sub'), path.join(fx.root, 'src/moved'));
    await until(() => ws.index.get('src/moved/x.ts') !== undefined, 'the renamed folder');
    await until(() => ws.index.get('src/new.ts')?.mtimeMs === touched, 'the touched file');
    const told = await agent.call('get_tree');
    expect(firstLine(told)).toContain('2 focused files changed on disk since your last call');
    expect(changedBlock(told)).toBe('+ src/moved/x.ts\n- src/sub/x.ts');
    expect(told).toContain('moved/');
    expect(project.summary().tokens).toBe(focusedTokensOnDisk());
  });

  it('follows a .gitignore edit: an ignored file leaves, and comes back when the line goes', async () => {
    fx.write('src/b.ts', 'export const b = 1;\n');
    await until(() => ws.index.get('src/b.ts') !== undefined, 'the new file');
    await agent.call('focus_status');
    fx.write('.gitignore', 'src/b.ts\n');
    await until(() => ws.index.get('src/b.ts') === undefined, 'the ignore rule');
    const ignored = await agent.call('get_tree');
    expect(firstLine(ignored)).toContain('1 focused file changed on disk since your last call');
    expect(changedBlock(ignored)).toBe('- src/b.ts');
    expect(treeBlock(ignored)).toContain('a.ts');
    expect(treeBlock(ignored)).not.toContain('b.ts');
    fx.write('.gitignore', '');
    await until(() => ws.index.get('src/b.ts') !== undefined, 'the rule removed');
    const back = await agent.call('get_tree');
    expect(firstLine(back)).toContain('1 focused file changed on disk since your last call');
    expect(changedBlock(back)).toBe('+ src/b.ts');
    expect(treeBlock(back)).toContain('b.ts');
    expect(project.summary().tokens).toBe(focusedTokensOnDisk());
    unlinkSync(path.join(fx.root, '.gitignore'));
    unlinkSync(path.join(fx.root, 'src/b.ts'));
    await until(() => ws.index.get('src/b.ts') === undefined, 'the cleanup');
  });

  it('tells the focused part of a branch switch', async () => {
    git(fx.root, 'add', '-A');
    git(fx.root, 'commit', '-qm', 'state');
    git(fx.root, 'branch', 'base');
    git(fx.root, 'checkout', '-qb', 'other');
    for (let i = 0; i < 300; i++) fx.write(`src/gen/g${i}.ts`, `export const g${i} = ${i};\n`);
    for (let i = 0; i < 100; i++) fx.write(`lib/gen/l${i}.ts`, `export const l${i} = ${i};\n`);
    git(fx.root, 'add', '-A');
    git(fx.root, 'commit', '-qm', 'other');
    await until(() => ws.index.get('src/gen/g299.ts') !== undefined, 'the generated files');
    await agent.call('focus_status');
    git(fx.root, 'checkout', '-q', 'base');
    await until(
      () => ws.index.get('src/gen/g0.ts') === undefined && ws.index.get('lib/gen/l0.ts') === undefined,
      'the switch back',
    );
    const told = await agent.call('focus_status');
    expect(firstLine(told)).toContain('300 focused files changed on disk since your last call');
    expect(changedBlock(told).split('\n')).toHaveLength(300);
    expect(project.summary().tokens).toBe(focusedTokensOnDisk());
  });
});
