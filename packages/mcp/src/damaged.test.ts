// Damaged saved state, as agents meet it: a garbage overrides.json must not serve the files the
// person hid, a garbage focus.json must not widen the focus to the whole project. Every result
// says so; the affected tools refuse with a sentence; once the person saves again (here from
// another Workspace, as the window or a CLI command would), the next call follows. Real files,
// real git, the SDK client.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { overridesFile, projectStateDir, setOverride, Workspace } from '@loupe/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpProject } from './project';
import { type Fixture, makeProject, memoryClient, openProject, type TestClient } from './testing/fixture';

const PLAN = 'HIDDEN-PLAN: acquire the competitor on Friday';
let fx: Fixture;
let project: McpProject | undefined;
let c: TestClient | undefined;

beforeAll(() => {
  fx = makeProject({
    'src/app.ts': 'export const app = 1;\n',
    'docs/readme.md': '# Docs\n',
    'secret/plan.txt': `${PLAN}\n`,
  });
});
afterEach(async () => {
  await c?.close();
  await project?.close();
  await project?.ws.close();
  c = project = undefined;
});
afterAll(() => fx.cleanup());

const garbage = (file: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '{"version":1,"hide":["sec');
};
const firstLine = (t: string) => t.split('\n')[0]!;

/** What the window does when the person ticks: a Workspace on the same state, saving the focus. */
async function windowSetsFocus(include: string[]): Promise<void> {
  const ws = await Workspace.open(fx.root, {
    stateDir: fx.stateDir,
    cacheDir: null,
    countTokens: false,
    openDamaged: true,
  });
  ws.setFocus({ include, exclude: [] });
  await ws.close();
}

describe('a damaged overrides.json', () => {
  it('serves no file (not the hidden one, not any), says why in every result, until the person saves again', async () => {
    setOverride(fx.stateDir, fx.root, 'secret', 'hide');
    garbage(overridesFile(fx.stateDir, fx.root));
    project = await openProject(fx);
    c = await memoryClient(project);

    const hidden = await c.result('get_file', { path: 'secret/plan.txt' });
    expect(hidden.text).not.toContain('HIDDEN-PLAN');
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toMatch(
      /Refused: the person's saved show\/hide choices for this project could not be read/,
    );
    for (const [tool, args] of [
      ['get_file', { path: 'src/app.ts' }],
      ['get_tree', {}],
      ['search', { query: 'HIDDEN' }],
      ['pack', {}],
    ] as const) {
      const r = await c.result(tool, args);
      expect(r.text, tool).not.toContain('HIDDEN-PLAN');
      expect(r.text, tool).not.toContain('plan.txt');
      expect(r.isError, tool).toBe(true);
      expect(firstLine(r.text), tool).toContain('the saved show/hide choices could not be read');
    }
    const status = await c.result('focus_status');
    expect(status.isError).toBe(false);
    expect(firstLine(status.text)).toContain('no file is served until the person saves them again in Loupe');

    // The person hides the folder again (the window, or `loupe ls DIR --hide secret`).
    setOverride(fx.stateDir, fx.root, 'secret', 'hide');
    const after = await c.result('get_file', { path: 'src/app.ts' });
    expect(after.isError).toBe(false);
    expect(after.text).toContain('export const app = 1;');
    expect(firstLine(after.text)).not.toContain('could not be read');
    const stillHidden = await c.result('get_file', { path: 'secret/plan.txt' });
    expect(stillHidden.text).not.toContain('HIDDEN-PLAN');
  });
});

describe('a damaged focus.json', () => {
  it('is not the whole project: focus-scoped tools refuse, get_file by name still reads, until the person ticks again', async () => {
    await windowSetsFocus(['src']);
    garbage(path.join(projectStateDir(fx.stateDir, fx.root), 'focus.json'));
    project = await openProject(fx);
    c = await memoryClient(project);

    const tree = await c.result('get_tree');
    expect(tree.text).not.toContain('readme.md');
    expect(tree.isError).toBe(true);
    expect(tree.text).toMatch(/Refused: the person's saved focus for this project could not be read/);
    expect(firstLine(tree.text)).toMatch(/focus: unknown, so nothing · the saved focus could not be read/);
    for (const [tool, args] of [
      ['search', { query: 'Docs' }],
      ['pack', {}],
      ['related_files', { path: 'src/app.ts' }],
    ] as const) {
      const r = await c.result(tool, args);
      expect(r.isError, tool).toBe(true);
      expect(r.text, tool).not.toContain('# Docs');
    }
    const byName = await c.result('get_file', { path: 'docs/readme.md' });
    expect(byName.isError).toBe(false);
    expect(byName.text).toContain('# Docs');
    expect(firstLine(byName.text)).toContain('the saved focus could not be read');

    await windowSetsFocus(['src']);
    const again = await c.result('get_tree');
    expect(again.isError).toBe(false);
    expect(again.text).toContain('app.ts');
    expect(again.text).not.toContain('readme.md');
    expect(firstLine(again.text)).not.toContain('could not be read');
  });
});
