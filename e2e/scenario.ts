// The window scenario, written once and run against both targets: the browser (`loupe serve`)
// and Electron (where a binary exists). Each step leaves a screenshot in e2e/artifacts/.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { getEncoding } from 'js-tiktoken';
import { type Agent, artifacts, editFile } from './fixtures';

export interface Target {
  name: 'browser' | 'electron';
  page: Page;
  readClipboard(): Promise<string>;
}

const o200k = getEncoding('o200k_base');
export const countO200k = (text: string) => o200k.encode(text, [], []).length;

export const row = (page: Page, p: string) => page.locator(`[role="treeitem"][data-path="${p}"]`);
export const box = (page: Page, p: string) => row(page, p).locator('input[type="checkbox"]');
export const focusLine = (page: Page) => page.getByTestId('focus-line');
export const revision = (page: Page) => page.getByTestId('revision');

export async function shot(t: Target, name: string): Promise<void> {
  await t.page.screenshot({ path: path.join(artifacts, `${t.name}-${name}.png`) });
}

/** Rows currently rendered, by path, in row order. */
export async function visiblePaths(page: Page): Promise<string[]> {
  const rows = page.locator('[role="treeitem"]');
  const out: Array<[number, string]> = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const r = rows.nth(i);
    out.push([Number(await r.getAttribute('data-row')), (await r.getAttribute('data-path')) ?? '']);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, p]) => p);
}

/** Opens a folder row (a click toggles, so only when it is closed). */
export async function openFolder(page: Page, p: string): Promise<void> {
  if ((await row(page, p).getAttribute('aria-expanded')) !== 'true')
    await row(page, p).locator('.name').click();
  await expect(row(page, p)).toHaveAttribute('aria-expanded', 'true');
}

export async function waitForCounts(page: Page): Promise<void> {
  // the root row shows a number (not "…") once every visible file is counted
  await expect(row(page, '').locator('.tokens')).not.toHaveText('…');
  await expect(row(page, '').locator('.tokens')).not.toHaveClass(/counting/);
}

export async function openTree(t: Target): Promise<void> {
  const { page } = t;
  await expect(row(page, '')).toBeVisible();
  await expect(focusLine(page)).toContainText('Nothing ticked: whole project, 12 files');
  await waitForCounts(page);
  await expect(revision(page)).toHaveText(/^r\d+$/);
  await shot(t, '01-tree');
}

export async function tickAndUntickFolder(t: Target): Promise<void> {
  const { page } = t;
  const r0 = Number((await revision(page).textContent())!.slice(1));
  await box(page, 'src').click();
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, '')).toHaveAttribute('aria-checked', 'mixed');
  await expect(focusLine(page)).toHaveText(/^5 files · [\d.]+k? tokens of [\d.]+k?$/);
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  // open src and src/math, untick one file: src becomes mixed, the count drops
  await row(page, 'src').locator('.name').click();
  await row(page, 'src/math').locator('.name').click();
  await box(page, 'src/math/mul.ts').click();
  await expect(row(page, 'src/math')).toHaveAttribute('aria-checked', 'mixed');
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'mixed');
  await expect(focusLine(page)).toHaveText(/^4 files · /);
  await shot(t, '02-mixed');
  await box(page, 'src').click(); // mixed -> checked
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'true');
  await box(page, 'src').click(); // checked -> unchecked
  await expect(row(page, 'src')).toHaveAttribute('aria-checked', 'false');
  await expect(row(page, 'src/math/mul.ts')).toHaveAttribute('aria-checked', 'false');
  await expect(focusLine(page)).toContainText('Nothing ticked');
  await expect(revision(page)).toHaveText(`r${r0 + 4}`);
}

export async function filter(t: Target): Promise<void> {
  const { page } = t;
  const input = page.getByLabel('Filter files by name or path glob');
  await input.fill('add');
  await expect.poll(() => visiblePaths(page)).toEqual(['', 'src', 'src/math', 'src/math/add.ts']);
  await expect(row(page, 'src/math/add.ts').locator('mark')).toHaveText('add');
  await shot(t, '03-filter');
  await input.fill('*.md');
  await expect.poll(() => visiblePaths(page)).toEqual(['', 'docs', 'docs/guide.md', 'README.md']);
  await input.fill('src/**/*.ts');
  await expect.poll(async () => (await visiblePaths(page)).filter((p) => p.endsWith('.ts')).length).toBe(5);
  await input.fill('');
  await expect(row(page, 'package.json')).toBeVisible();
}

export async function keyboard(t: Target): Promise<void> {
  const { page } = t;
  const tree = page.getByRole('tree');
  await tree.focus();
  await page.keyboard.press('Home');
  await expect(row(page, '')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('d'); // type-ahead: docs
  await expect(row(page, 'docs')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Space');
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'true');
  await expect(focusLine(page)).toHaveText(/^1 file · /);
  await page.keyboard.press('Enter'); // opens docs
  await expect(row(page, 'docs')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'docs/guide.md')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Space'); // unticks the only file: docs is unticked too
  await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('ArrowLeft'); // to the parent
  await expect(row(page, 'docs')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft'); // closes it
  await expect(row(page, 'docs')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(row(page, 'package.json')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Space');
  await expect(row(page, 'package.json')).toHaveAttribute('aria-checked', 'true');
  await shot(t, '04-keyboard');
}

export async function showHidden(t: Target): Promise<void> {
  const { page } = t;
  await expect(row(page, 'dist')).toHaveCount(0);
  await page.getByLabel('Show hidden').check();
  await expect(row(page, 'dist')).toBeVisible();
  const reason = row(page, 'dist').locator('.reason');
  await expect(reason).toHaveText('gitignored');
  await expect(reason).toHaveAttribute('title', 'gitignored by .gitignore:1 (dist/)');
  await expect(row(page, 'debug.log').locator('.reason')).toHaveAttribute(
    'title',
    'gitignored by .gitignore:2 (*.log)',
  );
  await expect(box(page, 'dist')).toBeDisabled(); // hidden entries cannot be ticked
  await shot(t, '05-hidden');
  await page.getByLabel('Show hidden').uncheck();
  await expect(row(page, 'dist')).toHaveCount(0);
}

export async function exportToClipboard(t: Target): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const count = page.getByTestId('export-tokens');
  await expect(count).toContainText('tokens');
  await page.getByTestId('copy').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(/Copied [\d,]+ tokens to the clipboard/);
  const shown = Number((await toast.textContent())!.match(/Copied ([\d,]+) tokens/)![1]!.replace(/,/g, ''));
  const clip = await t.readClipboard();
  expect(clip).toContain('"name": "sample"'); // the ticked file's content, packed
  expect(clip).not.toContain('export function add'); // unticked files are not
  expect(countO200k(clip)).toBe(shown);
  const previewed = Number((await count.textContent())!.match(/^([\d,]+) tokens/)![1]!.replace(/,/g, ''));
  expect(previewed).toBe(shown);
  await shot(t, '07-export');

  // A secret in a ticked file is masked; masking off (this export only) warns and copies it as is.
  await box(page, 'config').click();
  const copyAndRead = async () => {
    const before = await t.readClipboard();
    await page.getByTestId('copy').click();
    await expect.poll(() => t.readClipboard()).not.toBe(before);
    return t.readClipboard();
  };
  await expect(count).toContainText(/ · r\d+/);
  let text = await copyAndRead();
  expect(text).toContain('config/app.env');
  expect(text).not.toContain('s3cr3t-Pa55word');
  expect(text).toMatch(/LOUPE_REDACTED\[[\w-]+#1\]/);
  await page.getByLabel('Mask secrets').uncheck();
  await expect(page.getByRole('alert')).toContainText('Masking is off');
  text = await copyAndRead();
  expect(text).toContain('s3cr3t-Pa55word');
  await shot(t, '07b-export-unmasked');
  await page.getByLabel('Mask secrets').check();
  await box(page, 'config').click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
}

export async function overrides(t: Target): Promise<void> {
  const { page } = t;
  await page.getByLabel('Show hidden').check();
  const total = async () => Number((await focusLine(page).textContent())!.match(/of ([\d.]+)/)![1]);
  const before = await total();
  await row(page, 'dist').hover();
  await row(page, 'dist').getByRole('button', { name: 'show' }).click();
  // the project is scanned again: dist is visible now, with its file, and can be ticked
  await expect(row(page, 'dist').locator('.reason')).toHaveCount(0);
  await expect(row(page, 'dist')).toHaveAttribute('aria-checked', 'false');
  await expect.poll(total).toBeGreaterThan(before); // dist/bundle.js now counts in the project
  await shot(t, '06-override');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const listed = page.locator('.overrides li', { hasText: 'dist' });
  await expect(listed).toContainText('always show');
  await listed.getByRole('button', { name: 'Remove' }).click();
  await expect(row(page, 'dist').locator('.reason')).toHaveText('gitignored');
  await expect(page.locator('.overrides li')).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Show hidden').uncheck();
}

/**
 * An agent (the MCP SDK's Client through the agent socket) reads the tree and a file: the tree
 * marks the file as received, the header names the client, the sessions panel shows the receipt.
 * Ticking more: the agent's next call says what changed since its last one. Editing the received
 * file: the watcher sees it and the mark turns stale, with no rescan.
 */
export async function agentMarks(t: Target, agent: Agent, project: string): Promise<void> {
  const { page } = t;
  expect(await agent.call('get_tree')).toContain('[Live context] revision');
  expect(await agent.call('get_file', { path: 'src/math/add.ts' })).toContain('return a + b;');
  await expect(page.getByTestId('agents')).toContainText('e2e-agent');
  await openFolder(page, 'src');
  await openFolder(page, 'src/math');
  const mark = row(page, 'src/math/add.ts').locator('.mark');
  await expect(mark).toHaveAttribute('data-mark', 'received');
  await expect(mark).toHaveAttribute(
    'title',
    /^Received by e2e-agent \(session \w{8}\), call 2 \(get_file\), .* focus r\d+\. Unchanged since\.$/,
  );
  await expect(row(page, 'src/math/mul.ts').locator('.mark')).toHaveCount(0);
  await shot(t, '08-received');

  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const sessions = page.getByTestId('sessions');
  await expect(sessions).toContainText('e2e-agent');
  await sessions.locator('tbody tr', { hasText: 'e2e-agent' }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText('Receipt: e2e-agent · 2 calls');
  await expect(receipt.locator('.calls')).toContainText('get_file');
  // The read against the file read whole: a tiny file costs more through a result than whole.
  await expect(receipt.getByTestId('savings')).toContainText(
    /^Reads \(get_file and pack\): delivered \d[\d.k]* tokens; whole files \d[\d.k]*; (saved|\d[\d.k]* more than whole files)/,
  );
  await receipt.getByRole('button', { name: 'src/math/add.ts' }).click(); // reveals it in the tree
  await expect(row(page, 'src/math/add.ts')).toHaveAttribute('aria-selected', 'true');
  await shot(t, '09-sessions');

  const r0 = Number((await revision(page).textContent())!.slice(1));
  await box(page, 'docs').click();
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  expect(await agent.call('get_tree')).toContain(`changed since revision ${r0}`);

  editFile(project, 'src/math/add.ts', 'export const add = (a: number, b: number): number => b + a;\n');
  await expect(mark).toHaveAttribute('data-mark', 'changed');
  await expect(receipt.locator('.received')).toContainText('changed since');
  await expect(mark).toHaveAttribute('title', /Changed on disk since: the agent's copy is stale\.$/);
  await shot(t, '10-stale');
  await agent.close();
  await expect(sessions.locator('tbody tr', { hasText: 'e2e-agent' })).not.toContainText('connected');
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
}
