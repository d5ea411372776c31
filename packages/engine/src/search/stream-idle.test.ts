// The stream workers end when idle. They were kept for the process's life (minThreads = cores,
// no idle timeout), so a host that searched a large project cold held their memory after it
// switched to a small one (test262 then express: 628 MiB of RSS against 381 MiB fresh).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { git } from '../scan/testing/git-oracle';
import { Workspace } from '../workspace/workspace';
import { searchFocus } from './search';
import { STREAM_IDLE_MS, streamWorkersAlive } from './stream';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-stream-idle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  mkdirSync(path.join(work, 'src'));
  for (let i = 0; i < 50; i++)
    writeFileSync(path.join(work, 'src', `f${i}.ts`), `export const needle${i} = ${i};\n`);
  git(work, ['init', '-q']);
});

it('ends its workers after they are idle', async () => {
  const ws = await Workspace.open(work, { stateDir: null, cacheDir: null, countTokens: false });
  try {
    const found = await searchFocus(ws, 'needle', { stream: true, buildIndex: false });
    expect(found.files.length).toBeGreaterThan(0);
    expect(await streamWorkersAlive()).toBeGreaterThan(0);
    // A hang guard well past the idle time, not a timing assumption: the count must reach 0.
    const deadline = Date.now() + STREAM_IDLE_MS + 20_000;
    while ((await streamWorkersAlive()) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await streamWorkersAlive()).toBe(0);
  } finally {
    await ws.close();
  }
}, 60_000);
