// Run inside a user namespace whose inotify watch limit was lowered (see limits.test.ts): opens a
// watched workspace, waits for the watcher to report the limit, then checks that a file created in
// an unwatched folder still arrives through the periodic rescan. Prints one JSON line.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../../workspace/workspace';

const dir = process.argv[2]!;
const deadline = Date.now() + 30_000;
const until = async (check: () => boolean) => {
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const ws = await Workspace.open(dir, {
  stateDir: null,
  cacheDir: null,
  countTokens: false,
  watch: { degradedRescanMs: 250 },
});
try {
  await until(() => ws.watcher!.status.state === 'degraded');
  const rel = 'f19/deep/new.ts';
  mkdirSync(path.join(dir, 'f19/deep'), { recursive: true });
  writeFileSync(path.join(dir, rel), 'export const late = 1;\n');
  await until(() => ws.index.get(rel) !== undefined);
  const status = ws.watcher!.status;
  process.stdout.write(`${JSON.stringify({ status, found: rel })}\n`);
} finally {
  await ws.close();
}
