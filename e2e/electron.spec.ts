// The same window scenario against the Electron app, through Playwright's _electron.launch. It
// runs where an Electron binary exists (node_modules/electron/dist, or LOUPE_ELECTRON); here the
// binary cannot be downloaded, so it reports "skipped: no Electron binary" and nothing else skips.
// Losing the server (scenario-connection.ts) is browser-only: the Electron window's IPC cannot drop.
import path from 'node:path';
import { _electron, type ElectronApplication, test } from '@playwright/test';
import { electronBinary } from '../apps/desktop/scripts/electron';
import { ASK_TIMEOUT_MS, connectAgent, type Fixture, makeFixture, repo } from './fixtures';
import * as scenario from './scenario';
import * as daily from './scenario-daily';
import * as panels from './scenario-export-connect';
import * as more from './scenario-focus-http';
import * as marks from './scenario-marks';
import * as masking from './scenario-masking';
import * as strict from './scenario-strict';
import * as tools from './scenario-tree-tools';

const binary = electronBinary();
const title = (name: string) =>
  binary ? `Electron: ${name}` : `Electron: ${name} (skipped: no Electron binary)`;

test.describe.configure({ mode: 'serial' });
test.skip(!binary, 'skipped: no Electron binary');

let world: Fixture;
let app: ElectronApplication;
let target: scenario.Target;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
test.beforeAll(async ({}, info) => {
  info.setTimeout(120_000);
  world = makeFixture(); // the app opens the folder itself (its command-line argument)
  app = await _electron.launch({
    executablePath: binary!,
    args: [path.join(repo, 'apps/desktop/dist/main/main.js'), world.project],
    env: {
      ...process.env,
      LOUPE_STATE_DIR: world.stateDir,
      LOUPE_CACHE_DIR: world.cacheDir,
      LOUPE_SOCKET: world.socket,
      LOUPE_ASK_TIMEOUT_MS: String(ASK_TIMEOUT_MS),
    },
  });
  const page = await app.firstWindow();
  await page.setViewportSize({ width: 1280, height: 800 });
  target = {
    name: 'electron',
    page,
    readClipboard: () => app.evaluate(({ clipboard }) => clipboard.readText()),
  };
});

test.afterAll(async () => {
  await app?.close();
  world?.dispose();
});

test(title('the tree loads with counts and the whole-project summary'), async () => {
  await scenario.openTree(target);
});

test(title('tick and untick a folder'), async () => {
  await scenario.tickAndUntickFolder(target);
});

test(title('filter'), async () => {
  await scenario.filter(target);
});

test(title('keyboard'), async () => {
  await scenario.keyboard(target);
});

test(title('show hidden with reasons'), async () => {
  await scenario.showHidden(target);
});

test(title('overrides'), async () => {
  await scenario.overrides(target);
});

test(title('export to the clipboard'), async () => {
  await scenario.exportToClipboard(target);
});

test(title('project masking: off in Settings, warning, back on'), async () => {
  await masking.projectMasking(target);
});

test(title('an MCP client: received marks, receipt, changes since, stale mark'), async () => {
  await scenario.agentMarks(target, await connectAgent(world.socket, world.project), world.project);
});

test(title('missing focus entries: Clear'), async () => {
  await more.missingFocus(
    target,
    world.project,
    await connectAgent(world.socket, world.project, 'e2e-agent-2'),
  );
});

test(title('the HTTP endpoint from the Connect panel'), async () => {
  await more.httpEndpoint(target);
});

test(title('focus presets and loupe focus from another process'), async () => {
  await daily.presets(target, world.project, world.stateDir);
});

test(title("git: Tick changed files, kept live; Tick this branch's files"), async () => {
  await daily.gitTicks(target, world.project);
});

test(title('file preview'), async () => {
  await daily.preview(target, await connectAgent(world.socket, world.project, 'e2e-preview'));
});

test(title('export instructions'), async () => {
  await daily.instructions(target, world.stateDir, world.project);
});

test(title('token map treemap'), async () => {
  await daily.treemap(target);
});

test(title('file-type icons'), async () => {
  await daily.icons(target);
});

test(title('drop onto the window'), async () => {
  await daily.dropFolder(target, world.project);
});

test(title('export: a refused budget clears on the next valid budget, format or Copy'), async () => {
  await panels.exportRecovers(target);
});

test(
  title(
    'connect: snippets as docs/agents.md shows them, with this socket; each copy button names its client',
  ),
  async () => {
    await panels.connectSnippets(target, world.socket);
  },
);

test(
  title('ticking a folder under a filter ticks the matches shown, says so, and keeps other ticks'),
  async () => {
    await tools.tickUnderFilter(target);
  },
);

test(title('an invalid glob in the filter says why'), async () => {
  await tools.invalidGlob(target);
});

test(
  title('undo and redo of focus changes: Ctrl+Z, Ctrl+Shift+Z and the buttons, each a new revision'),
  async () => {
    await tools.undoRedo(target);
  },
);

test(title('sort the tree by tokens; expand all and collapse all'), async () => {
  await tools.sortAndExpand(target);
});

test(title('a search that showed lines marks the file received'), async () => {
  await marks.searchDeliveries(target, await connectAgent(world.socket, world.project, 'e2e-search'));
});

test(title('marks: legend, one column for ● and ◐, received counts on collapsed folders'), async () => {
  await marks.marksLegendAndCounts(
    target,
    await connectAgent(world.socket, world.project, 'e2e-marks'),
    world.project,
  );
});

test(title('sessions: no row for a connection without calls; rows reached by keyboard'), async () => {
  await marks.sessionRows(
    target,
    await connectAgent(world.socket, world.project, 'e2e-silent'),
    await connectAgent(world.socket, world.project, 'e2e-busy'),
  );
});

test(title('changing the tokenizer keeps marks, receipts and the agent session'), async () => {
  await marks.tokenizerKeepsMarks(target, await connectAgent(world.socket, world.project, 'e2e-tokenizer'));
});

test(title('strict focus: request cards, Allow once, Add to focus, Deny, no answer, headless'), async () => {
  test.setTimeout(120_000);
  await strict.strictFocus(target, world);
});
