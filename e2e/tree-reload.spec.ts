// A tree change from the watcher reloads the tree (Chromium against a real `loupe serve`, its real
// watcher): a folder the person just opened stays open, even before its expansion was saved.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { savedState, startWorld, type World } from './fixtures';
import { openFolder, row, waitForCounts } from './scenario';

test.describe.configure({ mode: 'serial' });

let world: World;
let browser: Browser;
let page: Page;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  world = await startWorld();
  browser = await chromium.launch(info.project.use.launchOptions ?? {});
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(world.url);
  await waitForCounts(page);
});

test.afterAll(async () => {
  await browser?.close();
  await world?.dispose();
});

test('a file written right after opening a folder: the tree reloads and the folder stays open', async () => {
  await expect(row(page, 'scripts')).toHaveAttribute('aria-expanded', 'false');
  await openFolder(page, 'scripts');
  writeFileSync(path.join(world.project, 'reload-probe.md'), '# written at once\n');
  // The person keeps browsing: each open or close postpones saving the expansion (500 ms after the
  // last), so the reload lands while the saved expansion still lacks `scripts`, however slow the
  // watcher is on a loaded machine.
  const config = row(page, 'config');
  for (let i = 0; i < 200 && !(await row(page, 'reload-probe.md').count()); i++) {
    await config.locator('.name').click();
    await config.locator('.name').click();
  }
  await expect(row(page, 'reload-probe.md')).toBeVisible();
  await expect(row(page, 'config')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'scripts')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'scripts/release.sh')).toBeVisible();

  // Saved once the person stops (the window's debounce): wait for the file, then a fresh page
  // opens with it.
  const expanded = () =>
    savedState(world.stateDir, world.project, 'view.json')?.expanded as string[] | undefined;
  await expect.poll(() => expanded()?.filter((p) => p === 'config' || p === 'scripts')).toEqual(['scripts']);
  await page.reload();
  await expect(row(page, 'scripts')).toHaveAttribute('aria-expanded', 'true');
  rmSync(path.join(world.project, 'reload-probe.md'));
  await expect(row(page, 'reload-probe.md')).toHaveCount(0);
  await expect(row(page, 'scripts')).toHaveAttribute('aria-expanded', 'true');
});
