// Strict focus without a window (headless): agents see and read only ticked files, a read outside
// the focus is refused with the command that changes the focus, and names outside the focus never
// appear in any result of any tool. Real files, real git, the real SDK client. (With a window to
// ask, see packages/host/src/strict.test.ts.)
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { saveProjectSettings, setOverride } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from '../project';
import {
  closeProject,
  type Fixture,
  makeProject,
  memoryClient,
  openProject,
  type TestClient,
} from '../testing/fixture';

// Secrets in file NAMES, outside the focus: beside a focused file, in an unticked folder, in an
// unticked file inside a ticked folder, and in a folder the person hid.
// Built from parts so that this file's own text holds no value a rule would mask.
const NAMES = [
  ['sk', 'live', 'N4meB3side'].join('_'),
  'AKIA_N4meFolder',
  'ghp_N4meUnticked',
  'xoxb_N4meHidden',
];
const leaks = (text: string) => NAMES.filter((n) => text.includes(n));

const FOCUS = ['README.md', 'src/a.ts', 'src/b.ts', 'src/keys'];

let fx: Fixture;
let project: McpProject;
let c: TestClient;

beforeAll(async () => {
  fx = makeProject({
    'README.md': '# Readme\n',
    'src/a.ts': "import { b } from './b';\nexport const a = b + 1; // in_focus_a\n",
    'src/b.ts': 'export const b = 1; // in_focus_b\n',
    [`src/${NAMES[0]}.ts`]: 'export const s = 1; // outside_content\n',
    [`private/${NAMES[1]}/key.txt`]: 'outside_content\n',
    [`src/keys/${NAMES[2]}.ts`]: 'export const k = 2; // outside_content\n',
    'src/keys/public.ts': 'export const p = 3; // in_focus_p\n',
    [`${NAMES[3]}/notes.md`]: 'outside_content\n',
  });
  // a ticked link whose target is outside the focus (read as its target: outside too)
  symlinkSync(`../../private/${NAMES[1]}/key.txt`, path.join(fx.root, 'src/keys/link.txt'));
  setOverride(fx.stateDir, fx.root, NAMES[3]!, 'hide');
  project = await openProject(fx, { headless: 'served headless by loupe mcp (test)' });
  c = await memoryClient(project);
});

afterAll(async () => {
  await c.close();
  await closeProject(project, fx);
});

describe('strict focus, headless', () => {
  it('follows the saved setting on the next call (another process turned it on)', async () => {
    project.ws.setFocus({ include: FOCUS, exclude: [`src/keys/${NAMES[2]}.ts`] });
    expect(await c.call('get_tree')).not.toContain('strict focus');
    saveProjectSettings(fx.stateDir, fx.root, { strictFocus: true });
    const line = (await c.call('get_tree')).split('\n')[0]!;
    expect(line).toContain('strict focus: only ticked files are served');
    expect(project.strict).toBe(true);
  });

  it('refuses a read outside the focus, naming loupe focus DIR --add PATH', async () => {
    const r = await c.result('get_file', { path: `src/${NAMES[0]}.ts` });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('strict focus is on for this project');
    expect(r.text).toContain(`loupe focus '${fx.root}' --add 'src/${NAMES[0]}.ts'`);
    expect(r.text).not.toContain('outside_content');
    // a file in the focus still reads
    expect(await c.call('get_file', { path: 'src/a.ts' })).toContain('in_focus_a');
  });

  it('names outside the focus never appear in any result of any tool', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['get_tree', {}],
      ['get_tree', { format: 'json', fields: ['tokens', 'size', 'received'] }],
      ['get_tree', { path: 'src' }],
      ['get_tree', { path: 'private' }],
      ['get_tree', { path: 'src/nope' }],
      ['search', { query: '.', regex: true, max_results: 500 }],
      ['search', { query: 'outside_content' }],
      ['search', { query: 'k', paths: ['**', 'private', 'src/keys'] }],
      ['pack', {}],
      ['pack', { paths: ['**/*'], format: 'xml' }],
      ['pack', { paths: ['private', 'src/keys'], format: 'plain' }],
      ['related_files', { path: 'src/a.ts', direction: 'both', depth: 2 }],
      ['related_files', { path: 'src/b.ts' }],
      ['focus_status', {}],
      ['get_file', { path: 'src/a.ts', fresh: true }],
      ['get_file', { path: 'src/sk_live.ts' }], // a near miss: the nearest names are the focus's only
      ['get_file', { path: 'private/key.txt' }],
      ['get_file', { path: 'src/keys' }],
      ['get_file', { requests: ['src/b.ts', 'src/missing.ts'] }],
      ['get_file', { path: 'xoxb/notes.md' }],
      ['get_file', { path: 'src/keys/link.txt' }], // refused headless: its target is outside
      ['search', { query: 'outside_content', paths: ['src/keys'] }],
    ];
    for (const [tool, args] of calls) {
      const text = await c.call(tool, args);
      expect({ tool, args, leaked: leaks(text) }).toEqual({ tool, args, leaked: [] });
      expect(text).not.toContain('outside_content');
    }
    // the person unticks a focused file: the change is counted, the name is not given
    project.ws.setFocus({ include: FOCUS, exclude: [`src/keys/${NAMES[2]}.ts`, 'src/keys/public.ts'] });
    const after = await c.call('focus_status');
    expect(after).toMatch(/changed since revision \d+: -1 file/);
    expect(after).not.toContain('- src/keys/public.ts');
    expect(leaks(after)).toEqual([]);
  });

  it('with nothing ticked, serves no file at all (never the whole project)', async () => {
    project.ws.setFocus({ include: [], exclude: [] });
    const tree = await c.call('get_tree');
    expect(tree).toContain('focus: 0 of 8 files');
    expect(tree).not.toContain('README.md');
    expect(await c.call('search', { query: 'in_focus' })).not.toContain('in_focus_a');
    expect(await c.call('pack')).toContain('Nothing to pack: strict focus is on and no file is ticked');
    expect((await c.result('get_file', { path: 'README.md' })).text).toContain('loupe focus');
    for (const tool of ['get_tree', 'search', 'pack', 'focus_status'])
      expect(leaks(await c.call(tool, tool === 'search' ? { query: 'e' } : {}))).toEqual([]);
  });

  it('turned off again: reads by name are back, outside the focus', async () => {
    project.ws.setFocus({ include: ['README.md'], exclude: [] });
    saveProjectSettings(fx.stateDir, fx.root, { strictFocus: false });
    const text = await c.call('get_file', { path: 'src/b.ts', fresh: true });
    expect(text).toContain('in_focus_b');
    expect(text).toContain('outside the focus (read by name)');
    expect(text.split('\n')[0]).not.toContain('strict focus');
  });
});
