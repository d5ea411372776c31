// Damaged saved state in the window (Chromium against a real `loupe serve`): the project's
// focus.json and overrides.json are garbage before it starts. The window opens with a banner for
// each, saying what happened and how to resolve it; an agent meanwhile gets nothing wider than the
// person chose; each banner's button resolves its damage and the banner goes.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { overridesFile, projectStateDir } from '../packages/engine/src/index';
import { artifacts, connectAgent, startWorld, type World } from './fixtures';

test.describe.configure({ mode: 'serial' });

let world: World;
let browser: Browser;
let page: Page;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  world = await startWorld(({ project, stateDir }) => {
    const root = realpathSync(project);
    for (const file of [
      path.join(projectStateDir(stateDir, root), 'focus.json'),
      overridesFile(stateDir, root),
    ]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '{"version":1,"include":["sr');
    }
  });
  browser = await chromium.launch(info.project.use.launchOptions ?? {});
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(world.url);
});

test.afterAll(async () => {
  await browser?.close();
  await world?.dispose();
});

test('damaged focus and overrides: a banner each, agents refused, each button resolves its own', async () => {
  const focus = page.getByTestId('damaged-focus');
  const overrides = page.getByTestId('damaged-overrides');
  await expect(focus).toHaveAttribute('role', 'alert');
  await expect(focus).toContainText('The saved focus (focus.json) could not be read');
  await expect(overrides).toContainText('Loupe cannot tell which files you hid');
  await page.screenshot({ path: path.join(artifacts, 'damaged-state.png') });

  const agent = await connectAgent(world.socket, world.project);
  const refused = await agent.call('get_file', { path: 'README.md' });
  expect(refused).toContain(
    "Refused: the person's saved show/hide choices for this project could not be read",
  );
  expect(refused).not.toContain('A small project');

  await overrides.getByRole('button', { name: 'Start with none' }).click();
  await expect(overrides).toHaveCount(0);
  await expect(focus).toBeVisible();
  expect(await agent.call('get_file', { path: 'README.md' })).toContain('A small project');
  expect(await agent.call('get_tree')).toContain(
    "Refused: the person's saved focus for this project could not be read",
  );

  await focus.getByRole('button', { name: 'Keep as shown' }).click();
  await expect(focus).toHaveCount(0);
  const tree = await agent.call('get_tree');
  expect(tree.split('\n')[0]).toContain('focus: nothing ticked, so the whole project');
  await agent.close();
});
