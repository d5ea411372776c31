// The window as a daily tool, run against both targets like scenario.ts: focus presets (shared
// with `loupe focus`), git-aware ticking kept live, the file preview (what get_file sends), the
// export's instructions, the token map as a treemap, file-type icons, and a dropped folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parseBlocks } from '../packages/mcp/src/untrusted';
import { type Agent, repo, savedState } from './fixtures';
import { box, focusLine, openFolder, revision, row, shot, type Target } from './scenario';

const loupe = (args: string[], stateDir: string) =>
  execFileSync(process.execPath, [path.join(repo, 'apps/cli/bin/loupe.js'), ...args], {
    env: { ...process.env, LOUPE_STATE_DIR: stateDir },
    encoding: 'utf8',
  });

const panel = (t: Target, title: string) => t.page.getByRole('button', { name: title, exact: true });

async function clearFocus(t: Target): Promise<void> {
  if ((await row(t.page, '').getAttribute('aria-checked')) !== 'false') {
    await box(t.page, '').click(); // to checked (from mixed) or to unchecked
    if ((await row(t.page, '').getAttribute('aria-checked')) !== 'false') await box(t.page, '').click();
  }
  await expect(focusLine(t.page)).toContainText('Nothing ticked');
}

/** Save, list, restore in one click, rename, delete; `loupe focus` in another process is followed. */
export async function presets(t: Target, project: string, stateDir: string): Promise<void> {
  const { page } = t;
  await clearFocus(t);
  await box(page, 'src').click();
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await panel(t, 'Focus').click();
  const focus = page.getByTestId('focus-panel');
  await focus.getByLabel('Preset name').fill('sources');
  await focus.getByRole('button', { name: 'Save focus as…' }).click();
  await expect(focus.getByTestId('preset')).toHaveCount(1);
  await expect(focus.getByRole('button', { name: 'Restore focus preset sources' })).toContainText('src');

  // another process: the CLI saves a preset and sets the focus; the window follows both
  const r0 = Number((await revision(page).textContent())!.slice(1));
  loupe(['focus', project, '--set', 'docs', 'README.md', '--save', 'docs'], stateDir);
  await expect(focus.getByRole('button', { name: 'Restore focus preset docs' })).toBeVisible();
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'false');
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  await shot(t, '15-presets');

  // restore in one click
  await focus.getByRole('button', { name: 'Restore focus preset sources' }).click();
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'false');
  await expect(revision(page)).toHaveText(`r${r0 + 2}`);
  expect(JSON.parse(loupe(['focus', project, '--json'], stateDir))).toMatchObject({ include: ['src'] });

  // rename, then delete (confirmed)
  await focus.getByRole('button', { name: 'Rename preset docs' }).click();
  await focus.getByLabel('New name for docs').fill('guides');
  await focus.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(focus.getByRole('button', { name: 'Restore focus preset guides' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await focus.getByRole('button', { name: 'Delete preset guides' }).click();
  await expect(focus.getByTestId('preset')).toHaveCount(1);
  expect(loupe(['focus', project, '--presets'], stateDir)).toContain('  sources: src\n');
  await clearFocus(t);
}

/** "Tick changed files" follows git: an edit and a new file count, ticking adds them, following ticks the next. */
export async function gitTicks(t: Target, project: string): Promise<void> {
  const { page } = t;
  await clearFocus(t);
  const focus = page.getByTestId('focus-panel');
  if (!(await focus.isVisible())) await panel(t, 'Focus').click();
  writeFileSync(path.join(project, 'docs/new-page.md'), '# A new page\n');
  writeFileSync(
    path.join(project, 'src/math/div.ts'),
    'export const div = (a: number, b: number) => a / b;\n',
  );
  const status = () =>
    execFileSync('git', ['status', '--porcelain=v1', '--untracked-files=all', '--no-renames'], {
      cwd: project,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((l) => l && !l.slice(0, 2).includes('D'))
      .map((l) => l.slice(3))
      .sort();
  const changed = status();
  expect(changed).toEqual(expect.arrayContaining(['docs/new-page.md', 'src/math/div.ts']));
  const tick = focus.getByRole('button', { name: 'Tick changed files' });
  await expect(tick).toContainText(`(${changed.length})`);
  await tick.click();
  await expect(focusLine(page)).toHaveText(new RegExp(`^${changed.length} files? · `));
  await openFolder(page, 'docs');
  await expect(row(page, 'docs/new-page.md')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'docs/guide.md')).toHaveAttribute('aria-checked', 'false');

  await focus.getByLabel('Keep ticking changed files as they appear').check();
  writeFileSync(path.join(project, 'docs/guide.md'), '# Guide\n\nRead the source, then the tests.\n');
  await expect(row(page, 'docs/guide.md')).toHaveAttribute('aria-checked', 'true');
  await expect(tick).toContainText(`(${changed.length + 1})`);
  await shot(t, '16-git');
  await focus.getByLabel('Keep ticking changed files as they appear').uncheck();
  await clearFocus(t);

  // "Tick this branch's files": the work committed on a branch; git's diff from the merge base is the oracle
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], {
      cwd: project,
      encoding: 'utf8',
    });
  git('checkout', '-q', '-b', 'feature');
  git('add', '-A');
  git('commit', '-qm', 'work on a branch');
  const onBranch = git('diff', '--name-only', '--no-renames', '--diff-filter=d', 'main...HEAD')
    .split('\n')
    .filter(Boolean);
  expect(onBranch).toEqual(expect.arrayContaining(['docs/new-page.md', 'docs/guide.md', 'src/math/div.ts']));
  const branch = focus.getByRole('button', { name: "Tick this branch's files" });
  await expect(branch).toContainText(`(${onBranch.length})`);
  await expect(tick).toContainText('(0)'); // all committed: nothing changed now
  await expect(page.getByTestId('git-summary')).toContainText('since the merge base with main');
  await branch.click();
  await expect(focusLine(page)).toHaveText(new RegExp(`^${onBranch.length} files? · `));
  await expect(row(page, 'docs/new-page.md')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, 'README.md')).toHaveAttribute('aria-checked', 'false');
  await shot(t, '16b-branch');
  await clearFocus(t);
}

/** Selecting a file shows what an agent's get_file sends: masked, at the chosen detail, counted. */
export async function preview(t: Target, agent: Agent): Promise<void> {
  const { page } = t;
  await openFolder(page, 'config');
  await row(page, 'config/app.env').locator('.name').click();
  const pane = page.getByTestId('preview');
  await expect(pane).toBeVisible();
  const text = pane.getByTestId('file-preview');
  await expect(text).toContainText('LOUPE_REDACTED[');
  await expect(text).not.toContainText('s3cr3t-Pa55word');
  await expect(pane.getByTestId('preview-tokens')).toContainText(
    /^[\d,]+ tokens \(o200k_base\) · 2 lines · detail full · 1 masked/,
  );
  // byte for byte what an agent's get_file carries (its data block), placeholder numbers included
  const sent = parseBlocks(await agent.call('get_file', { path: 'config/app.env', fresh: true })).blocks;
  expect(sent).toHaveLength(1);
  expect((await text.locator('.line').allTextContents()).join('\n')).toBe(sent[0]!.body);
  await shot(t, '17-preview');

  // Enter on another file, and a detail level: signatures drop the bodies
  await openFolder(page, 'src');
  await openFolder(page, 'src/math');
  await panel(t, 'Preview').click(); // closed: only Enter opens it
  await expect(pane).toHaveCount(0);
  await page.getByRole('tree').focus();
  await page.keyboard.type('mul'); // type-ahead to src/math/mul.ts
  await expect(page.locator('[role="tree"]')).toHaveAttribute(
    'aria-activedescendant',
    (await row(page, 'src/math/mul.ts').getAttribute('id'))!,
  );
  await page.keyboard.press('Enter');
  await expect(pane.locator('.preview-path')).toHaveText('src/math/mul.ts');
  await expect(text).toContainText('return a * b;');
  await pane.getByLabel('Preview detail').selectOption('signatures');
  await expect(pane.getByTestId('preview-tokens')).toContainText('detail signatures');
  await expect(text).not.toContainText('return');
  await pane.getByLabel('Preview detail').selectOption('full');
  await expect(text).toContainText('return a * b;');
  await panel(t, 'Preview').click();
  await agent.close();
}

/** Instructions head the export, count in its tokens, and are kept for the project. */
export async function instructions(t: Target, stateDir: string, project: string): Promise<void> {
  const saved = () => savedState(stateDir, project, 'export.json')?.instructions;
  const { page } = t;
  await panel(t, 'Export').click();
  const box_ = page.getByLabel('Instructions (head the export, saved for this project)');
  const count = page.getByTestId('export-tokens');
  await expect(count).toContainText('tokens');
  const before = Number((await count.textContent())!.match(/^([\d,]+) tokens/)![1]!.replace(/,/g, ''));
  await box_.fill('Review the math helpers and list edge cases.');
  await expect(page.getByTestId('export-preview')).toContainText('# Instructions');
  await expect
    .poll(async () => Number((await count.textContent())!.match(/^([\d,]+) tokens/)![1]!.replace(/,/g, '')))
    .toBeGreaterThan(before);
  await page.getByTestId('copy').click();
  await expect
    .poll(() => t.readClipboard())
    .toMatch(/^# Instructions\n```text\nReview the math helpers and list edge cases\.\n```\n/);
  await shot(t, '18-instructions');
  // Saved after a pause (the window's debounce): wait for the file, then a fresh page reads it.
  await expect.poll(saved).toBe('Review the math helpers and list edge cases.');
  await page.reload();
  await expect(row(page, '')).toBeVisible();
  await panel(t, 'Export').click();
  await expect(page.getByLabel('Instructions (head the export, saved for this project)')).toHaveValue(
    'Review the math helpers and list edge cases.',
  );
  await page.getByLabel('Instructions (head the export, saved for this project)').fill('');
  await expect.poll(saved).toBe('');
  await panel(t, 'Export').click();
}

/** The token map as a treemap: drawn, click a folder to zoom, tick from the map; the list stays. */
export async function treemap(t: Target): Promise<void> {
  const { page } = t;
  await clearFocus(t);
  await panel(t, 'Token map').click();
  const canvas = page.getByTestId('treemap');
  await expect(canvas).toHaveAttribute('data-boxes', /^\d+$/);
  expect(Number(await canvas.getAttribute('data-boxes'))).toBeGreaterThan(10);
  await shot(t, '19-treemap');
  // find the src folder's box by hovering (the info line names the box under the pointer)
  const area = (await canvas.boundingBox())!;
  const info = page.locator('.treemap-name');
  let found: { x: number; y: number } | undefined;
  for (let gy = 1; gy < 8 && !found; gy++)
    for (let gx = 1; gx < 10 && !found; gx++) {
      const at = { x: (area.width * gx) / 10, y: (area.height * gy) / 8 };
      await canvas.hover({ position: at });
      if ((await info.textContent())?.startsWith('src')) found = at;
    }
  expect(found).toBeDefined();
  // a click inside src zooms one level: to src
  await canvas.click({ position: found! });
  await expect(page.getByTestId('treemap-root')).toHaveText('src');
  const zoomed = (await page.getByTestId('treemap-root').textContent())!;
  const tick = page.getByRole('button', { name: `Tick ${zoomed} from the map` });
  await tick.click();
  await expect(row(page, zoomed)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: `Untick ${zoomed} from the map` })).toBeVisible();
  await shot(t, '20-treemap-zoomed');
  await page.getByRole('button', { name: 'Zoom out of the token map' }).click();
  await expect(page.getByTestId('treemap-root')).toHaveText('(the project)');
  await page.getByRole('button', { name: 'Ranked list' }).click();
  await expect(page.getByText('Largest folders')).toBeVisible();
  await page.getByRole('button', { name: 'Treemap' }).click();
  await panel(t, 'Token map').click();
  await clearFocus(t);
}

/** The page's getComputedStyle, typed here (the e2e files compile without the DOM library). */
type Styled = { getComputedStyle(el: unknown): { backgroundImage: string } };

/** File-type icons: the row's icon names its type. */
export async function icons(t: Target): Promise<void> {
  const { page } = t;
  await expect(row(page, 'package.json').locator('.icon')).toHaveAttribute('data-icon', 'nodejs');
  await expect(row(page, 'README.md').locator('.icon')).toHaveAttribute('data-icon', 'readme');
  await expect(row(page, 'src').locator('.icon')).toHaveAttribute('data-icon', /^folder(-open)?$/);
  const image = await row(page, 'package.json')
    .locator('.icon')
    .evaluate((el) => (globalThis as unknown as Styled).getComputedStyle(el).backgroundImage);
  expect(image).toMatch(/^url\("data:image\/svg\+xml,/);
}

// Page-side scripts as text, for the same reason.
const drag = (name: string, events: string[]) => `{
  const dt = new DataTransfer();
  dt.items.add(new File([], ${JSON.stringify(name)}));
  for (const type of ${JSON.stringify(events)})
    window.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
}`;
const bridgeTo = (folder: string) => `window.loupeFiles = { pathFor: () => ${JSON.stringify(folder)} }`;

/** Drops a file item on the window as the OS would (a DataTransfer with one File). */
async function dropItem(t: Target, name: string): Promise<void> {
  await t.page.evaluate(drag(name, ['dragenter', 'dragover', 'drop']));
}

/**
 * A folder dropped on the window. The browser cannot see its path and says what to do instead;
 * with Electron's path bridge (the preload's `loupeFiles`, stood in for in the browser) the
 * folder opens. Electron's own bridge gives no path for an item that is not on disk, and says so.
 */
export async function dropFolder(t: Target, project: string): Promise<void> {
  const { page } = t;
  await page.evaluate(drag('x', ['dragenter']));
  await expect(page.getByTestId('drop-overlay')).toHaveText('Drop a folder to open it');
  await shot(t, '21-drop');
  if (t.name === 'electron') {
    await dropItem(t, 'not-on-disk');
    await expect(page.getByText('Loupe could not tell where “not-on-disk” is on disk')).toBeVisible();
    return;
  }
  await dropItem(t, 'other');
  await expect(page.getByText('A browser page cannot see where a dropped folder is on disk')).toBeVisible();
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  const other = path.join(path.dirname(project), 'other-project');
  mkdirSync(path.join(other, 'lib'), { recursive: true });
  writeFileSync(path.join(other, 'lib/only.ts'), 'export const only = 1;\n');
  await page.evaluate(bridgeTo(other));
  await dropItem(t, 'other-project');
  await expect(page.locator('.project-name')).toHaveText('other-project');
  await expect(row(page, 'lib')).toBeVisible();
  await page.evaluate(bridgeTo(project));
  await dropItem(t, 'fixture');
  await expect(page.locator('.project-name')).toHaveText('fixture');
  await expect(row(page, 'src')).toBeVisible();
}
