// The tree's tools, run against both targets like scenario.ts: ticking under a filter (the matches
// shown, said so, other ticks kept), an invalid glob explained, undo and redo of focus changes,
// sorting by tokens, expand all and collapse all.
import { expect, type Page } from '@playwright/test';
import { box, focusLine, revision, row, shot, type Target, visiblePaths } from './scenario';

const filterBox = (page: Page) => page.getByLabel('Filter files by name or path glob');
const rev = async (page: Page) => Number((await revision(page).textContent())!.slice(1));

/** Earlier scenarios leave ticks: the root's box ticks all, then none (at most two clicks). */
async function clearFocus(page: Page): Promise<void> {
  for (let i = 0; i < 2 && !(await focusLine(page).textContent())?.includes('Nothing ticked'); i++) {
    const before = await rev(page);
    await box(page, '').click();
    await expect(revision(page)).not.toHaveText(`r${before}`);
  }
  await expect(focusLine(page)).toContainText('Nothing ticked');
}

/**
 * With docs ticked, the filter `add` shows one match in src: ticking src ticks that match only (and
 * says so), docs stays; `*.ts` plus the root tick takes the five .ts files, and unticking the root
 * gives back exactly the tick before it (docs).
 */
export async function tickUnderFilter(t: Target): Promise<void> {
  const { page } = t;
  await clearFocus(page);
  await box(page, 'docs').click();
  await expect(focusLine(page)).toHaveText(/^1 file · /);

  await filterBox(page).fill('add');
  await expect.poll(() => visiblePaths(page)).toEqual(['', 'src', 'src/math', 'src/math/add.ts']);
  await box(page, 'src').click();
  await expect(focusLine(page)).toHaveText(/^2 files · /); // docs/guide.md and src/math/add.ts
  await expect(page.getByTestId('toast').last()).toHaveText('Ticked the 1 match shown in src');
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true'); // all its matches are ticked
  await expect(box(page, 'src')).toHaveAttribute('title', /the 1 match shown/);
  await shot(t, '23-filter-tick');
  await box(page, 'src').click();
  await expect(focusLine(page)).toHaveText(/^1 file · /);

  await filterBox(page).fill('*.ts');
  await expect(page.locator('.filter-bar .matches')).toHaveText('5 matches');
  await box(page, '').click();
  await expect(focusLine(page)).toHaveText(/^6 files · /);
  await box(page, '').click();
  await expect(focusLine(page)).toHaveText(/^1 file · /); // docs kept: no silent loss
  await filterBox(page).fill('');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'true');
  await box(page, 'docs').click();
  await expect(focusLine(page)).toContainText('Nothing ticked');
}

export async function invalidGlob(t: Target): Promise<void> {
  const { page } = t;
  await filterBox(page).fill('[unclosed');
  const bar = page.locator('.filter-bar');
  await expect(bar.getByRole('alert')).toHaveText(/\[ .*never closed/);
  await expect(bar).not.toContainText('0 matches');
  await expect(filterBox(page)).toHaveAttribute('aria-invalid', 'true');
  await shot(t, '24-invalid-glob');
  await filterBox(page).fill('');
  await expect(bar.getByRole('alert')).toHaveCount(0);
}

/** Ctrl+Z and Ctrl+Shift+Z in the tree, and the buttons: each step is a new revision, named. */
export async function undoRedo(t: Target): Promise<void> {
  const { page } = t;
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  const r0 = await rev(page);
  await box(page, 'src').click();
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  await box(page, 'docs').click();
  await expect(revision(page)).toHaveText(`r${r0 + 2}`);
  await expect(undo).toBeEnabled();
  await expect(undo).toHaveAttribute('title', new RegExp(`focus of r${r0 + 1}`));

  await page.getByRole('tree').focus();
  await page.keyboard.press('Control+z');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'false');
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await expect(revision(page)).toHaveText(`r${r0 + 3}`); // an undo is a new revision agents see
  await expect(page.getByTestId('toast').last()).toHaveText(
    `Undone: the focus of r${r0 + 1} again (r${r0 + 3})`,
  );
  await expect(redo).toHaveAttribute('title', new RegExp(`focus of r${r0 + 2}`));
  await shot(t, '25-undo');
  await page.keyboard.press('Control+Shift+z');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'true');
  await expect(revision(page)).toHaveText(`r${r0 + 4}`);
  await expect(redo).toBeDisabled();

  await undo.click();
  await undo.click();
  await expect(focusLine(page)).toContainText('Nothing ticked');
  await expect(revision(page)).toHaveText(`r${r0 + 6}`);
  await redo.click();
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'false');
  await box(page, 'src').click(); // a new change after an undo: nothing left to redo
  await expect(redo).toBeDisabled();
  await expect(focusLine(page)).toContainText('Nothing ticked');
}

/** Sort by tokens: siblings biggest first, at every level; back by name. Expand all, collapse all. */
export async function sortAndExpand(t: Target): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Expand all', exact: true }).click();
  const all = await visiblePaths(page);
  // Every folder open, the deepest files shown (earlier scenarios may have deleted a file or two).
  await expect(page.locator('[role="treeitem"][aria-expanded="false"]')).toHaveCount(0);
  for (const p of ['src/math/add.ts', 'src/util/strings.ts', 'docs/guide.md', 'config/app.env'])
    expect(all).toContain(p);

  await page.getByLabel('Sort the tree').selectOption('tokens');
  await expect(row(page, '')).toHaveAttribute('data-row', '0');
  const tokensOf = async (p: string) => Number(await row(page, p).getAttribute('data-tokens'));
  const sorted = await visiblePaths(page);
  expect(sorted).toHaveLength(all.length);
  // Each folder's children come biggest first.
  const parent = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  for (let i = 1; i < sorted.length; i++) {
    const siblings = sorted.filter((q) => q !== '' && parent(q) === parent(sorted[i]!));
    const counts = await Promise.all(siblings.map(tokensOf));
    expect(counts, `children of ${parent(sorted[i]!) || 'the root'}`).toEqual(
      [...counts].sort((a, b) => b - a),
    );
  }
  expect(sorted).not.toEqual(all);
  await shot(t, '26-sorted-by-tokens');
  await page.getByLabel('Sort the tree').selectOption('name');
  await expect.poll(() => visiblePaths(page)).toEqual(all);

  await page.getByRole('button', { name: 'Collapse all', exact: true }).click();
  await expect.poll(() => visiblePaths(page)).toEqual(all.filter((p) => !p.includes('/')));
  await shot(t, '27-collapsed');
}
