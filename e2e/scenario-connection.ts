// Browser mode only (the Electron window talks over IPC, which cannot drop): the window keeps its
// last tree, disabled under a banner, while the connection to `loupe serve` is gone; it reconnects
// with backoff; and when the server answers but refuses the page's token (a restarted `loupe
// serve`, or an old address reloaded) it says so and how to get a fresh address.
import { type BrowserContext, expect, type WebSocketRoute } from '@playwright/test';
import { type Fixture, startServer, stopServer } from './fixtures';
import { box, focusLine, row, shot, type Target } from './scenario';

export async function connectionLoss(context: BrowserContext, fixture: Fixture): Promise<void> {
  let { url, server } = await startServer(fixture);
  const page = await context.newPage();
  const t: Target = { name: 'browser', page, readClipboard: async () => '' };
  // A network between the page and the server that the test can cut: WebSockets and requests pass
  // through to the real server until `down`.
  let down = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'network down (test)' });
      return;
    }
    sockets.push(ws);
    ws.connectToServer();
  });
  await page.route(/^http:\/\/127\.0\.0\.1/, (route) =>
    down ? route.abort('internetdisconnected') : route.continue(),
  );
  try {
    await page.goto(url);
    await expect(row(page, '')).toBeVisible();
    await box(page, 'docs').click();
    await expect(focusLine(page)).toHaveText(/^1 file · /);

    // The network goes: the tree stays, disabled, under a banner that retries with backoff.
    down = true;
    for (const ws of sockets.splice(0)) await ws.close({ code: 4001, reason: 'network down (test)' });
    const banner = page.getByTestId('connection-banner');
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText('Lost the connection to Loupe');
    await expect(banner).toContainText(/Trying again in \d+ s/);
    await expect(row(page, 'docs')).toBeVisible();
    await expect(row(page, 'docs')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('tree')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.locator('main')).toHaveAttribute('inert', '');
    await expect(banner).toContainText(/attempt [2-9]/, { timeout: 15_000 }); // it tried again
    await shot(t, '32-connection-lost');

    // The network is back: the next attempt reconnects and the window is live again.
    down = false;
    await banner.getByRole('button', { name: 'Try again now' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('tree')).not.toHaveAttribute('aria-disabled', 'true');
    await box(page, 'docs').click();
    await expect(focusLine(page)).toContainText('Nothing ticked');

    // The server stops and another `loupe serve` starts on the same port: it refuses this page's token.
    const port = Number(new URL(url).port);
    await stopServer(server);
    await expect(banner).toContainText('Lost the connection to Loupe');
    ({ url, server } = await startServer(fixture, port));
    await banner.getByRole('button', { name: 'Try again now' }).click();
    await expect(banner).toContainText('refused the session token in this address', { timeout: 15_000 });
    await expect(banner).toContainText('Open the address `loupe serve` printed');
    await expect(banner).not.toContainText(/Trying again/); // the same token can only be refused again
    await expect(row(page, '')).toBeVisible();
    await shot(t, '33-token-stale');

    // Reloading the old address says the same, not "could not be reached".
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('refused the session token in this address');
    await expect(page.getByRole('alert')).not.toContainText('could not be reached');
    await shot(t, '34-token-stale-reload');
  } finally {
    await page.close();
    await stopServer(server);
  }
}
