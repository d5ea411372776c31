// The window in Chromium against a real `loupe serve` on a fixture project.
import { type Browser, type BrowserContext, chromium, type Page, test } from '@playwright/test';
import { connectAgent, makeFixture, startWorld, type World } from './fixtures';
import * as scenario from './scenario';
import { connectionLoss } from './scenario-connection';
import * as daily from './scenario-daily';
import * as panels from './scenario-export-connect';
import * as more from './scenario-focus-http';
import * as marks from './scenario-marks';
import * as masking from './scenario-masking';
import * as strict from './scenario-strict';
import * as tools from './scenario-tree-tools';

test.describe.configure({ mode: 'serial' });

let world: World;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let target: scenario.Target;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  world = await startWorld();
  const launch = info.project.use.launchOptions ?? {};
  browser = await chromium.launch(launch);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(world.url).origin,
  });
  page = await context.newPage();
  await page.goto(world.url);
  target = {
    name: 'browser',
    page,
    readClipboard: () => page.evaluate<string>('navigator.clipboard.readText()'),
  };
});

test.afterAll(async () => {
  await browser?.close();
  await world?.dispose();
});

test('the tree loads with counts and the whole-project summary', async () => {
  await scenario.openTree(target);
});

test('tick and untick a folder: tri-state, counts and revision follow', async () => {
  await scenario.tickAndUntickFolder(target);
});

test('filter by name and by path glob, ancestors kept, matches highlighted', async () => {
  await scenario.filter(target);
});

test('keyboard: Home, type-ahead, Space ticks, Enter opens, arrows move', async () => {
  await scenario.keyboard(target);
});

test('show hidden entries with their reasons', async () => {
  await scenario.showHidden(target);
});

test('always show a hidden folder, then remove the override in Settings', async () => {
  await scenario.overrides(target);
});

test('export: the clipboard holds exactly the pack with the shown token count', async () => {
  await scenario.exportToClipboard(target);
});

test('masking off for the project in Settings: a warning, the secret in the export; the warning turns it back on', async () => {
  await masking.projectMasking(target);
});

test('an MCP client through the socket: received marks, the receipt, changes since, the stale mark', async () => {
  await scenario.agentMarks(target, await connectAgent(world.socket, world.project), world.project);
});

test('a ticked file deleted on disk: the header names it, Clear drops it from the focus', async () => {
  await more.missingFocus(
    target,
    world.project,
    await connectAgent(world.socket, world.project, 'e2e-agent-2'),
  );
});

test('the Connect panel turns on the MCP HTTP endpoint: URL, masked token, a real client', async () => {
  await more.httpEndpoint(target);
});

test('export: a refused budget clears on the next valid budget, format or Copy', async () => {
  await panels.exportRecovers(target);
});

test('connect: snippets as docs/agents.md shows them, with this socket; each copy button names its client', async () => {
  await panels.connectSnippets(target, world.socket);
});

test('ticking a folder under a filter ticks the matches shown, says so, and keeps other ticks', async () => {
  await tools.tickUnderFilter(target);
});

test('an invalid glob in the filter says why', async () => {
  await tools.invalidGlob(target);
});

test('undo and redo of focus changes: Ctrl+Z, Ctrl+Shift+Z and the buttons, each a new revision', async () => {
  await tools.undoRedo(target);
});

test('sort the tree by tokens; expand all and collapse all', async () => {
  await tools.sortAndExpand(target);
});

test('a search that showed lines marks the file received', async () => {
  await marks.searchDeliveries(target, await connectAgent(world.socket, world.project, 'e2e-search'));
});

test('marks: legend, one column for ● and ◐, received counts on collapsed folders', async () => {
  await marks.marksLegendAndCounts(
    target,
    await connectAgent(world.socket, world.project, 'e2e-marks'),
    world.project,
  );
});

test('sessions: no row for a connection without calls; rows reached by keyboard', async () => {
  await marks.sessionRows(
    target,
    await connectAgent(world.socket, world.project, 'e2e-silent'),
    await connectAgent(world.socket, world.project, 'e2e-busy'),
  );
});

test('changing the tokenizer keeps marks, receipts and the agent session', async () => {
  await marks.tokenizerKeepsMarks(target, await connectAgent(world.socket, world.project, 'e2e-tokenizer'));
});

test('strict focus: a read outside the focus asks in the window; Allow once, Add to focus, Deny, no answer, headless', async () => {
  test.setTimeout(120_000);
  await strict.strictFocus(target, world);
});

test('the page refuses to run without the session token, and says when the token is from an earlier run', async () => {
  const bare = await context.newPage();
  await bare.goto(world.url.replace(/#token=.*/, ''));
  await bare.getByText('This page needs the address').waitFor();
  await bare.close();
  const wrong = await context.newPage();
  await wrong.goto(world.url.replace(/#token=.*/, '#token=wrong'));
  await wrong.getByText('refused the session token in this address').waitFor();
  await wrong.close();
});

test('focus presets: save, restore in one click, rename, delete; loupe focus in another process is followed', async () => {
  await daily.presets(target, world.project, world.stateDir);
});

test("git: Tick changed files counts what git status lists, ticks them, keeps ticking new ones; Tick this branch's files matches git diff from the merge base", async () => {
  await daily.gitTicks(target, world.project);
});

test('file preview: click or Enter on a file shows what get_file sends, masked, at a detail level', async () => {
  await daily.preview(target, await connectAgent(world.socket, world.project, 'e2e-preview'));
});

test('export instructions head the packed text, count in its tokens and stay for the project', async () => {
  await daily.instructions(target, world.stateDir, world.project);
});

test('the token map is a treemap: drawn, click to zoom, tick from the map; the ranked list stays', async () => {
  await daily.treemap(target);
});

test('file-type icons in the tree', async () => {
  await daily.icons(target);
});

test('a dropped folder: the browser says what to do; with a path for it, the folder opens', async () => {
  await daily.dropFolder(target, world.project);
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test('losing the server keeps the tree under a banner, reconnects with backoff, and names a stale token', async ({}, info) => {
  info.setTimeout(120_000);
  const fixture = makeFixture();
  try {
    await connectionLoss(context, fixture);
  } finally {
    fixture.dispose();
  }
});
