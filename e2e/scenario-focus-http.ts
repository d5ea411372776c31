// Two more window scenarios, run against both targets like scenario.ts: forgetting ticked paths
// that were deleted on disk, and the opt-in MCP HTTP endpoint from the Connect panel.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from '@playwright/test';
import type { Agent } from './fixtures';
import { box, openFolder, revision, row, shot, type Target } from './scenario';

/**
 * Tick a file, delete it on disk: the watcher keeps it in the focus as missing and the header
 * says so and names it; Clear drops it through setFocus, and the agent's live context stops
 * mentioning it.
 */
export async function missingFocus(t: Target, project: string, agent: Agent): Promise<void> {
  const { page } = t;
  await openFolder(page, 'scripts');
  await box(page, 'scripts/release.sh').click();
  await expect(row(page, 'scripts/release.sh')).toHaveAttribute('aria-checked', 'true');
  rmSync(path.join(project, 'scripts/release.sh'));
  const notice = page.getByTestId('missing-focus');
  await expect(notice).toContainText('1 ticked path no longer exists');
  await expect(row(page, 'scripts/release.sh')).toHaveCount(0);
  expect(await agent.call('focus_status')).toMatch(
    /1 ticked path no longer exist[\s\S]*scripts\/release\.sh/,
  );
  await notice.getByRole('button', { name: /no longer exists/ }).click();
  await expect(notice.locator('.missing-list')).toHaveText('scripts/release.sh');
  await shot(t, '11-missing');

  const r0 = Number((await revision(page).textContent())!.slice(1));
  await notice.getByRole('button', { name: 'Clear' }).click();
  await expect(notice).toHaveCount(0);
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  await agent.call('focus_status'); // this one reports the change itself
  const status = await agent.call('focus_status');
  expect(status).not.toContain('release.sh');
  expect(status).not.toContain('no longer exist');
  // a fresh load of the page asks the host: the path is gone from the saved focus too
  await page.reload();
  await expect(row(page, '')).toBeVisible();
  await expect(revision(page)).toHaveText(`r${r0 + 1}`);
  await expect(page.getByTestId('missing-focus')).toHaveCount(0);
  await agent.close();
}

/**
 * Turn on the HTTP endpoint in the Connect panel: the URL shows, the token is masked until
 * revealed and copies exactly; a real MCP client reaches the project with it; turning it off
 * stops it.
 */
export async function httpEndpoint(t: Target): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const panel = page.getByTestId('http-endpoint');
  const toggle = panel.getByLabel('Serve MCP over HTTP on 127.0.0.1');
  await expect(panel.getByTestId('http-note')).toHaveText('off');
  await toggle.check(); // the box turns at once, before the host answers
  const urlText = panel.getByTestId('http-url');
  await expect(urlText).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const token = panel.getByTestId('http-token');
  await expect(token).toHaveText(/^•+$/);
  await shot(t, '12-http');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(token).toHaveText(/^[\w-]{40,}$/);
  const secret = (await token.textContent())!;
  await panel.getByRole('button', { name: 'Copy token' }).click();
  await expect.poll(() => t.readClipboard()).toBe(secret);

  const url = (await urlText.textContent())!;
  const client = new Client({ name: 'e2e-http', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  const r = await client.callTool({ name: 'get_tree', arguments: {} });
  expect((r.content as Array<{ text: string }>).map((c) => c.text).join('\n')).toContain('[Live context]');
  await transport.terminateSession().catch(() => {});
  await client.close();

  await toggle.uncheck();
  await expect(panel.getByTestId('http-note')).toHaveText('off');
  await expect(fetch(url).then(() => 'answered')).rejects.toThrow();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}
