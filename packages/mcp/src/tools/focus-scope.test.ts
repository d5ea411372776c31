// Tools that promise the focus keep to it when an agent names paths outside it: pack with `paths`,
// search with `paths`, related_files. get_file reads any visible file by name (the design says so)
// and says when the file is outside the focus. Real files, real git, the real SDK client.
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

let fx: Fixture;
let project: McpProject;
let c: TestClient;

const UNMATCHED_SRC = 'These paths matched no file in the focus: "src".';

beforeAll(async () => {
  fx = makeProject({
    'README.md': '# Readme in focus\n',
    'src/a.ts': "import { b } from './b';\nexport const a = b + 1; // a_in_focus\n",
    'src/b.ts': "import { c } from './c';\nexport const b = c + 1; // b_outside_focus\n",
    'src/c.ts': "import { a } from './a';\nexport const c = 1; // c_outside_focus\n",
  });
  project = await openProject(fx, { stateDir: null });
  c = await memoryClient(project);
});

afterAll(async () => {
  await c.close();
  await closeProject(project, fx);
});

describe('paths given to pack stay inside the focus', () => {
  it('packs nothing outside the focus, and states the unmatched path as search does', async () => {
    project.ws.setFocus({ include: ['README.md'], exclude: [] });
    const packed = await c.result('pack', { paths: ['src/b.ts'] });
    expect(packed.isError).toBe(false);
    expect(packed.text).not.toContain('b_outside_focus');
    expect(packed.text).toContain('These paths matched no file in the focus: "src/b.ts".');
    const folder = await c.call('pack', { paths: ['src'] });
    expect(folder).not.toMatch(/[abc]_(in|outside)_focus/);
    const searched = await c.call('search', { query: 'focus', paths: ['src'] });
    // One wording for both tools.
    expect(searched).toContain(UNMATCHED_SRC);
    expect(folder).toContain(UNMATCHED_SRC);
  });

  it('packs the focused part of a given folder or glob, and only the unmatched paths are named', async () => {
    project.ws.setFocus({ include: ['README.md', 'src/a.ts'], exclude: [] });
    const text = await c.call('pack', { paths: ['src', 'lib', '**/*.md'] });
    expect(text).toContain('a_in_focus');
    expect(text).toContain('# Readme in focus');
    expect(text).not.toContain('b_outside_focus');
    expect(text).not.toContain('c_outside_focus');
    expect(text).toContain('These paths matched no file in the focus: "lib".');
    // The whole focus, when no paths are given.
    const all = await c.call('pack');
    expect(all).not.toContain('b_outside_focus');
  });
});

describe('related_files and get_file outside the focus', () => {
  it('related_files lists only edges into the focus, also for a subject outside it', async () => {
    project.ws.setFocus({ include: ['README.md', 'src/a.ts'], exclude: [] });
    const of = await c.call('related_files', { path: 'src/a.ts' });
    expect(of).toContain('src/a.ts imports (0)');
    expect(of).toContain('1 imported file outside the focus');
    expect(of).not.toMatch(/src\/[bc]\.ts \(/);
    // Named by path (as get_file may), the subject's own edges still end inside the focus.
    const outside = await c.call('related_files', { path: 'src/b.ts' });
    expect(outside).toContain('src/b.ts is imported by (1)');
    expect(outside).toContain('src/a.ts (line 1');
    expect(outside).not.toContain('src/c.ts (');
    expect(outside).not.toContain('c_outside_focus');
  });

  it('get_file reads a visible file outside the focus by name, and says so', async () => {
    project.ws.setFocus({ include: ['README.md'], exclude: [] });
    const text = await c.call('get_file', { path: 'src/b.ts', fresh: true });
    expect(text).toContain('b_outside_focus');
    expect(text).toContain('outside the focus (read by name)');
  });
});
