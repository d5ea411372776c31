// Two panels' dead ends, run against both targets like scenario.ts: an export refused for its budget
// recovers on the next valid input (budget, format, Copy), and the Connect panel's snippets are the
// ones docs/agents.md shows, each copied by a button that names its client.
import { expect } from '@playwright/test';
import { countO200k, shot, type Target } from './scenario';

export async function exportRecovers(t: Target): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const budget = page.getByLabel('Budget (tokens)');
  const error = page.locator('.export-panel p.error');
  const count = page.getByTestId('export-tokens');
  const shownTokens = async () =>
    Number((await count.textContent())!.match(/^([\d,]+) tokens/)![1]!.replace(/,/g, ''));
  await expect(count).toContainText('tokens');

  await budget.fill('100');
  await expect(error).toContainText(/give a budget of at least \d+/);
  await expect(count).toHaveCount(0); // no stale preview beside the error
  await shot(t, '20-export-refused');

  await budget.fill('5000'); // a valid budget clears the error and previews again
  await expect(error).toHaveCount(0);
  await expect(count).toContainText('tokens');
  expect(await shownTokens()).toBeLessThanOrEqual(5000);

  await budget.fill('100');
  await expect(error).toBeVisible();
  await budget.fill(''); // no budget: valid too
  await expect(error).toHaveCount(0);
  await expect(count).toContainText('tokens');

  await budget.fill('100');
  await expect(error).toBeVisible();
  await page.getByLabel('Format').selectOption('xml'); // still refused: the budget stands
  await expect(error).toContainText('give a budget of at least');
  await budget.fill('12000');
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('export-preview')).toContainText('<'); // the XML document
  await page.getByTestId('copy').click();
  await expect(page.getByTestId('toast').last()).toContainText(/Copied [\d,]+ tokens/);
  const clip = await t.readClipboard();
  expect(countO200k(clip)).toBe(await shownTokens());
  await shot(t, '21-export-recovered');

  await page.getByLabel('Format').selectOption('markdown');
  await budget.fill('');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
}

/** The clients in the order the panel lists them, with the button each one's copy has. */
const CLIENTS = [
  ['Claude Code', 'Copy the Claude Code command'],
  ['Codex', 'Copy the Codex configuration'],
  ['Cursor', 'Copy the Cursor configuration'],
  ['VS Code', 'Copy the VS Code configuration'],
  ['Claude Desktop', 'Copy the Claude Desktop configuration'],
] as const;

const clientBlock = (t: Target, client: string) =>
  t.page
    .locator('.connect-panel .client-config')
    .filter({ has: t.page.locator('strong', { hasText: new RegExp(`^${client}$`) }) });

/**
 * Each snippet: its copy button names its client and copies exactly the text shown, the editors'
 * configs pass `--root ${workspaceFolder}`, and every snippet carries this Loupe's non-default
 * socket (the e2e world sets LOUPE_SOCKET). The Claude Code line is shown whole (not clipped).
 */
export async function connectSnippets(t: Target, socket: string): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Connect an agent' });
  for (const [client, button] of CLIENTS) {
    const block = clientBlock(t, client);
    const text = (await block.locator('pre').textContent())!;
    expect(text, client).toContain(socket);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the editors' folder variable, literally
    if (client === 'Cursor' || client === 'VS Code') expect(text, client).toContain('${workspaceFolder}');
    await block.getByRole('button', { name: button, exact: true }).click();
    await expect.poll(() => t.readClipboard(), { message: client }).toBe(text);
  }
  const claude = clientBlock(t, 'Claude Code').locator('pre');
  const clipped = await claude.evaluate((el) => {
    const box = el as unknown as { scrollWidth: number; clientWidth: number }; // e2e has no DOM types
    return box.scrollWidth > box.clientWidth + 1;
  });
  expect(clipped, 'the Claude Code line fits (or wraps) in its box').toBe(false);
  await expect(panel.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0);
  await shot(t, '22-connect');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}
