// A long export in the window (Chromium against a real `loupe serve` on a project of ~15 MB): it
// shows what it has read, Cancel stops the host's pack (the host answers 'cancelled', nothing reaches
// the clipboard), and Copy after a preview copies that preview without asking the host to pack again
// (the commands the page sends are counted on its WebSocket).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { startWorld, type World } from './fixtures';
import { countO200k, waitForCounts } from './scenario';

test.describe.configure({ mode: 'serial' });

const BULK_FILES = 2000;
let world: World;
let browser: Browser;
let page: Page;
/** Host commands the page sent, by name, in order. */
const sent: string[] = [];
const packs = () => sent.filter((m) => m === 'exportPreview' || m === 'exportPack').length;

/** Distinct files (no two alike: caches do not make the pack cheap), ~7.5 KB each. */
function writeBulk(project: string): void {
  for (let i = 0; i < BULK_FILES; i++) {
    const dir = path.join(project, 'bulk', `d${i % 40}`);
    mkdirSync(dir, { recursive: true });
    let text = '';
    for (let j = 0; j < 120; j++)
      text += `export const value_${i}_${j} = compute(${i * 131 + j}, "item-${j}-${i}");\n`;
    writeFileSync(path.join(dir, `f${i}.ts`), text);
  }
}

const readClipboard = () => page.evaluate<string>('navigator.clipboard.readText()');
const writeClipboard = (text: string) =>
  page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test.beforeAll(async ({}, info) => {
  info.setTimeout(300_000);
  world = await startWorld(({ project }) => writeBulk(project));
  browser = await chromium.launch(info.project.use.launchOptions ?? {});
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(world.url).origin,
  });
  page = await context.newPage();
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      const method = /"method":"(\w+)"/.exec(String(frame.payload))?.[1];
      if (method) sent.push(method);
    }),
  );
  await page.goto(world.url);
  await expect(async () => waitForCounts(page)).toPass({ timeout: 240_000 });
});

test.afterAll(async () => {
  await browser?.close();
  await world?.dispose();
});

test('Copy after a preview copies that preview: the host packs nothing more, until a file changes', async () => {
  test.setTimeout(180_000);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByLabel('Budget (tokens)').fill('32000');
  const count = page.getByTestId('export-tokens');
  await expect(count).toContainText(/ · r\d+$/, { timeout: 120_000 });
  const shown = Number((await count.textContent())!.match(/^([\d,]+) tokens/)![1]!.replace(/,/g, ''));
  const before = packs();

  await page.getByTestId('copy').click();
  await expect(page.getByTestId('toast').last()).toContainText(
    `Copied ${shown.toLocaleString('en-US')} tokens`,
    { timeout: 120_000 }, // a Copy that packed again takes as long as the preview did
  );
  const clip = await readClipboard();
  expect(countO200k(clip)).toBe(shown);
  expect(packs()).toBe(before); // no exportPack, no exportPreview: the preview was the export

  // A file changes: the preview says so, and Copy packs again (the new text in it).
  writeFileSync(path.join(world.project, 'README.md'), '# Changed for the copy\n');
  await expect(count).toContainText('files changed since: Copy packs again', { timeout: 60_000 });
  await page.getByTestId('copy').click();
  await expect.poll(readClipboard, { timeout: 120_000 }).toContain('Changed for the copy');
  expect(sent.slice(before)).toContain('exportPack');
});

test('a long export shows what it read; Cancel stops the host and nothing reaches the clipboard', async () => {
  test.setTimeout(180_000);
  await writeClipboard('before the export');
  await page.getByLabel('Budget (tokens)').fill(''); // the whole project: ~15 MB to read
  await page.getByTestId('copy').click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toContainText(/Preparing: [\d,]+ of [\d,]+ files read · [\d.]+ (MB|KB|bytes)/, {
    timeout: 60_000,
  });
  await progress.getByRole('button', { name: 'Cancel' }).click();
  // Shown only when the host answered the export with code 'cancelled'.
  await expect(page.getByTestId('export-cancelled')).toContainText('Cancelled: nothing was copied.');
  await expect(page.getByTestId('toast').last()).toContainText('Cancelled: nothing was copied');
  expect(sent).toContain('cancelExport');
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('export-preview')).toHaveCount(0); // nothing half-made is shown
  expect(await readClipboard()).toBe('before the export');

  // The host is free again: a small export completes.
  await page.getByLabel('Budget (tokens)').fill('8000');
  await expect(page.getByTestId('export-tokens')).toContainText(/ · r\d+$/, { timeout: 120_000 });
});
