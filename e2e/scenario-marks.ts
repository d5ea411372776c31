// Agent marks and the Sessions panel, run against both targets like scenario.ts: the legend, the
// two marks in one column, received counts on collapsed folders, search snippets as deliveries,
// no row for a connection that made no call, session rows by keyboard, and marks that outlive a
// tokenizer change.
import { expect, type Page } from '@playwright/test';
import { type Agent, editFile } from './fixtures';
import { openFolder, row, shot, type Target, waitForCounts } from './scenario';

const mark = (page: Page, p: string) => row(page, p).locator('.mark');

async function closeFolder(page: Page, p: string): Promise<void> {
  if ((await row(page, p).getAttribute('aria-expanded')) === 'true')
    await row(page, p).locator('.name').click();
  await expect(row(page, p)).toHaveAttribute('aria-expanded', 'false');
}

/** A search that showed lines of a file marks it received, as a read does; receipts list it. */
export async function searchDeliveries(t: Target, agent: Agent): Promise<void> {
  const { page } = t;
  expect(await agent.call('search', { query: 'toUpperCase' })).toContain('src/util/strings.ts');
  await openFolder(page, 'src');
  await openFolder(page, 'src/util');
  await expect(mark(page, 'src/util/strings.ts')).toHaveAttribute('data-mark', 'received');
  await expect(mark(page, 'src/util/strings.ts')).toHaveAttribute('title', /\(search\)/);
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const sessions = page.getByTestId('sessions');
  await sessions.getByRole('button', { name: /e2e-search/ }).click();
  await expect(page.getByTestId('receipt').locator('.received')).toContainText('src/util/strings.ts');
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await agent.close();
}

/**
 * The legend says what the marks mean; a received ● and a stale ◐ sit in one column, the same
 * size, centred alike; a collapsed folder counts the received files inside it.
 */
export async function marksLegendAndCounts(t: Target, agent: Agent, project: string): Promise<void> {
  const { page } = t;
  await agent.call('get_file', { path: 'src/math/mul.ts' });
  await agent.call('get_file', { path: 'src/math/div.ts' });
  editFile(project, 'src/math/div.ts', 'export const div = (a: number, b: number): number => a / b;\n');
  await openFolder(page, 'src');
  await openFolder(page, 'src/math');
  await expect(mark(page, 'src/math/div.ts')).toHaveAttribute('data-mark', 'changed');
  await expect(mark(page, 'src/math/mul.ts')).toHaveAttribute('data-mark', 'received');

  const legend = page.getByTestId('marks-legend');
  await expect(legend).toContainText('received by an agent');
  await expect(legend).toContainText('changed since');

  const centre = async (p: string) => {
    const m = (await mark(page, p).boundingBox())!;
    const r = (await row(page, p).boundingBox())!;
    return { x: m.x, w: m.width, h: m.height, dy: m.y + m.height / 2 - (r.y + r.height / 2) };
  };
  const a = await centre('src/math/mul.ts');
  const b = await centre('src/math/div.ts');
  expect(Math.abs(a.x - b.x), 'one column').toBeLessThan(0.5);
  expect(Math.abs(a.w - b.w), 'one width').toBeLessThan(0.5);
  expect(Math.abs(a.h - b.h), 'one height').toBeLessThan(0.5);
  expect(Math.abs(a.dy - b.dy), 'centred alike').toBeLessThan(0.5);
  await shot(t, '28-marks');

  // The folder's count is its files' marks (an earlier scenario's agent may have received and
  // seen add.ts change too).
  const inMath = page.locator('[role="treeitem"][data-path^="src/math/"] .mark');
  const received = await inMath.count();
  const changed = await inMath.and(page.locator('[data-mark="changed"]')).count();
  expect(received).toBeGreaterThanOrEqual(2);
  await closeFolder(page, 'src/math');
  const count = row(page, 'src/math').locator('.mark-count');
  await expect(count).toHaveAttribute('data-received', String(received));
  await expect(count).toHaveAttribute(
    'title',
    `${received} files inside were received by an agent (${changed} changed since)`,
  );
  await closeFolder(page, 'src');
  const inSrc = row(page, 'src').locator('.mark-count');
  await expect(inSrc).toHaveAttribute('data-received', /^\d+$/);
  expect(Number(await inSrc.getAttribute('data-received'))).toBeGreaterThanOrEqual(received);
  await shot(t, '29-folder-counts');
  await agent.close();
}

/** A client that connects and leaves without a call leaves no row; rows are reached with Tab. */
export async function sessionRows(t: Target, silent: Agent, busy: Agent): Promise<void> {
  const { page } = t;
  await busy.call('focus_status');
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const sessions = page.getByTestId('sessions');
  await expect(sessions).toContainText('e2e-busy');
  await expect(page.getByTestId('agents')).toContainText('e2e-silent'); // connected: shown in the header
  await silent.close();
  await expect(page.getByTestId('agents')).not.toContainText('e2e-silent');
  await expect(sessions.locator('tr', { hasText: 'e2e-silent' })).toHaveCount(0);

  await page.getByLabel('Marks in the tree show files received by').focus();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-session', /.+/);
  // Rows are newest first: the first is the busy session.
  await expect(focused).toContainText('e2e-busy');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt')).toContainText('Receipt: e2e-busy');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-session', /.+/);
  await shot(t, '30-session-rows');
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await busy.close();
}

/** Changing the tokenizer recounts tokens; marks and the sessions' received files stay. */
export async function tokenizerKeepsMarks(t: Target, agent: Agent): Promise<void> {
  const { page } = t;
  await agent.call('get_file', { path: 'README.md' });
  await expect(mark(page, 'README.md')).toHaveAttribute('data-mark', 'received');
  const title = await mark(page, 'README.md').getAttribute('title');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Tokenizer').selectOption('cl100k_base');
  // The export counts in the new encoding once the project counts in it.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByTestId('export-tokens')).toContainText('(cl100k_base)');
  await waitForCounts(page);
  await expect(mark(page, 'README.md')).toHaveAttribute('title', title!);
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const sessionRow = page.getByTestId('sessions').locator('tr', { hasText: 'e2e-tokenizer' });
  await expect(sessionRow).toBeVisible();
  await sessionRow.getByRole('button').click();
  await expect(page.getByTestId('receipt').locator('.received')).toContainText('README.md');
  await shot(t, '31-tokenizer-kept-marks');
  // The agent's session lives on: its next call is answered, and still marks.
  expect(await agent.call('get_file', { path: 'package.json' })).toContain('"name": "sample"');
  await expect(mark(page, 'package.json')).toHaveAttribute('data-mark', 'received');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Tokenizer').selectOption('o200k_base');
  await waitForCounts(page);
  await expect(mark(page, 'README.md')).toHaveAttribute('data-mark', 'received');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await agent.close();
}
