// Strict focus, run against both targets like scenario.ts: turned on in Settings (a badge in the
// header), an agent's read outside the focus becomes a card in the window, and each answer reaches
// the agent's waiting call: Allow once, Add to focus (a new revision another session sees), Deny,
// and no answer (the bound, LOUPE_ASK_TIMEOUT_MS in the world). The Sessions panel shows the
// requests; a headless `loupe mcp` refuses with `loupe focus`. A file NAME holding a secret, outside
// the focus, never appears in any strict-mode result.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect } from '@playwright/test';
import { ASK_TIMEOUT_MS, connectAgent, repo } from './fixtures';
import { revision, row, shot, type Target } from './scenario';

export interface StrictWorld {
  project: string;
  stateDir: string;
  cacheDir: string;
  socket: string;
}

const SECRET_NAME = ['ghp', 'e2eN4meOutsideFocus0'].join('_'); // assembled: no secret-looking source

function write(project: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
  writeFileSync(path.join(project, rel), text);
}

const rev = async (t: Target) => Number((await revision(t.page).textContent())!.slice(1));

export async function strictFocus(t: Target, world: StrictWorld): Promise<void> {
  const { page } = t;
  // Files outside the focus (the watcher brings them in): two notes and a secret in a file name.
  write(world.project, 'notes/todo.md', '# todo\n\nwrite the docs\n');
  write(world.project, 'notes/plan.md', '# plan\n\nship it\n');
  write(world.project, 'notes/later.md', '# later\n');
  write(world.project, `vault/${SECRET_NAME}.txt`, 'vault_content\n');
  await expect(row(page, 'notes')).toBeVisible();
  await expect(row(page, 'vault')).toBeVisible();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const setting = page.getByLabel('Strict focus: agents read only ticked files; other reads ask you here');
  await expect(setting).not.toBeChecked();
  await expect(page.getByTestId('strict-badge')).toHaveCount(0);
  const nothingTicked = (await page.getByTestId('focus-line').textContent())?.startsWith('Nothing ticked');
  await setting.check();
  await expect(page.getByTestId('strict-badge')).toHaveText('Strict focus');
  if (nothingTicked)
    await expect(page.getByTestId('focus-line')).toHaveText(
      'Nothing ticked: strict focus serves agents no file',
    );
  await page.getByRole('button', { name: 'Settings', exact: true }).click();

  const a = await connectAgent(world.socket, world.project, 'e2e-strict-a');
  const b = await connectAgent(world.socket, world.project, 'e2e-strict-b');
  const cards = page.getByTestId('access-request');
  try {
    await b.call('get_tree');

    // Allow once: the card comes at once; the keyboard answers it; the focus stays.
    const r0 = await rev(t);
    const once = a.call('get_file', { path: 'notes/todo.md', lines: '1-2' });
    await expect(cards).toHaveCount(1, { timeout: 1000 }); // the bound: within 1 s of the call
    await expect(cards.first()).toContainText(
      'e2e-strict-a asked for notes/todo.md (lines 1–2, via get_file)',
    );
    await shot(t, '15-strict-request');
    await cards.first().getByRole('button', { name: 'Allow once' }).focus();
    await page.keyboard.press('Enter');
    const allowed = await once;
    expect(allowed).toContain('# todo');
    expect(allowed).toContain('allowed once by the developer (the focus is unchanged)');
    await expect(cards).toHaveCount(0);
    await expect(revision(page)).toHaveText(`r${r0}`);
    await expect(row(page, 'notes')).toHaveAttribute('aria-checked', 'false');

    // Add to focus: ticked, a new revision, and the other session is told.
    const added = a.call('get_file', { path: 'notes/plan.md' });
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('button', { name: 'Add to focus' }).click();
    expect(await added).toContain(`The developer added this file to the focus (revision ${r0 + 1}).`);
    await expect(revision(page)).toHaveText(`r${r0 + 1}`);
    await expect(row(page, 'notes')).toHaveAttribute('aria-checked', 'mixed');
    expect((await b.call('get_tree')).split('\n')[0]).toContain(`changed since revision ${r0}: +1 file`);

    // Deny: a refusal in Loupe's words.
    const denied = a.call('get_file', { path: 'notes/todo.md' });
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('button', { name: 'Deny' }).click();
    const refusal = await denied;
    expect(refusal).toContain('Loupe asked the developer whether you may read "notes/todo.md"');
    expect(refusal).toContain('they chose Deny');
    expect(refusal).not.toContain('write the docs');

    // Two wait at once, newest first; nobody answers: both lapse into refusals.
    const lapsed = a.call('get_file', { requests: ['notes/todo.md', 'notes/later.md'] });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('notes/later.md');
    await expect(cards.nth(1)).toContainText('notes/todo.md');
    await shot(t, '16-strict-two-waiting');
    const timedOut = await lapsed;
    expect(timedOut).toContain(`nobody answered within ${ASK_TIMEOUT_MS / 1000} s, so the request lapsed`);
    expect(timedOut).not.toContain('# later');
    await expect(cards).toHaveCount(0);

    // The secret file name never appears in a strict-mode result, whatever the tool.
    for (const [tool, args] of [
      ['get_tree', {}],
      ['get_tree', { format: 'json', fields: ['tokens', 'size', 'received'] }],
      ['search', { query: '.', regex: true, max_results: 500 }],
      ['search', { query: 'vault_content' }],
      ['pack', { budget: 100000 }],
      ['pack', { paths: ['**/*', 'vault'] }],
      ['related_files', { path: 'notes/plan.md' }],
      ['focus_status', {}],
      ['get_file', { path: 'vault/ghp.txt' }],
      ['get_tree', { path: 'vault' }],
    ] as Array<[string, Record<string, unknown>]>) {
      const text = await a.call(tool, args);
      expect({ tool, args, leaked: text.includes(SECRET_NAME) }).toEqual({ tool, args, leaked: false });
      expect(text).not.toContain('vault_content');
    }

    // The Sessions panel: every request, what was decided, by whom and when.
    await page.getByRole('button', { name: 'Sessions', exact: true }).click();
    await page.getByTestId('sessions').locator('tbody tr', { hasText: 'e2e-strict-a' }).click();
    const requests = page.getByTestId('receipt').getByTestId('call-requests');
    await expect(requests).toHaveCount(4);
    await expect(requests.nth(0)).toContainText(/asked for notes\/todo\.md at .*: allowed once by you at/);
    await expect(requests.nth(1)).toContainText('notes/plan.md');
    await expect(requests.nth(1)).toContainText('added to the focus by you');
    await expect(requests.nth(2)).toContainText('denied by you');
    await expect(requests.nth(3)).toContainText('not answered in time by the time limit');
    await shot(t, '17-strict-sessions');
    await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  } finally {
    await a.close();
    await b.close();
  }

  // Headless: no window to ask, so a refusal that says how to change the focus.
  const client = new Client({ name: 'e2e-headless', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repo, 'apps/cli/bin/loupe.js'), 'mcp', '--root', world.project],
      env: {
        ...(process.env as Record<string, string>),
        LOUPE_STATE_DIR: world.stateDir,
        LOUPE_CACHE_DIR: world.cacheDir,
      },
      stderr: 'ignore',
    }),
  );
  try {
    const r = await client.callTool({ name: 'get_file', arguments: { path: 'notes/todo.md' } });
    const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
    expect(r.isError).toBe(true);
    expect(text).toContain('no Loupe window is open to ask the developer');
    expect(text).toContain(`loupe focus '${world.project}' --add 'notes/todo.md'`);
    expect(text).not.toContain('write the docs');
  } finally {
    await client.close();
  }

  // Off again: the badge goes.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await setting.uncheck();
  await expect(page.getByTestId('strict-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
}
