// The watch bench's live half (watch.ts runs it): a watched copy of a repository served to one
// agent session over the app's local socket (the real SDK client), and the latency from a write
// returning until the journal, then the agent's next call, names the file.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type IndexEntry, Workspace } from '@loupe/engine';
import { AgentSocket, McpProject, parseBlocks } from '@loupe/mcp';
import { socketClient } from '@loupe/mcp/testing/socket-client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { stats } from '../harness';

const REPO_WRITES = Number(process.env.BENCH_WATCH_REPO_WRITES ?? 30);

export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`watch bench: timed out waiting for ${what}`);
    await sleep(5);
  }
}

export async function copyRepo(from: string, to: string): Promise<void> {
  // A fresh repository may still be packing its objects in the background (git gc --auto).
  const gcPid = path.join(from, '.git', 'gc.pid');
  for (let i = 0; i < 600 && existsSync(gcPid); i++) await sleep(100);
  rmSync(to, { recursive: true, force: true });
  try {
    execFileSync('cp', ['-a', from, to]); // keeps mtimes: the token cache stays warm
  } catch {
    cpSync(from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  }
}

/** The live context of one call names `rel` among the files changed on disk. */
async function callNames(client: Client, rel: string): Promise<boolean> {
  const r = await client.callTool({ name: 'focus_status', arguments: {} });
  const text = (r.content as Array<{ text: string }>).map((c) => c.text).join('\n');
  if (!/changed on disk since your last call/.test(text.split('\n')[0] ?? '')) return false;
  return parseBlocks(text).blocks.some((b) => b.body.split('\n').some((l) => l.endsWith(` ${rel}`)));
}

/**
 * Edits and creations, one at a time: write -> the journal names the path, and write -> an MCP
 * call (the agent calling back to back) names it in its live context.
 */
export async function writeLatencies(
  ws: Workspace,
  dir: string,
  files: IndexEntry[],
  client: Client,
  createEvery = 3,
) {
  const seen = new Map<string, number>();
  const off = ws.onDidChangeFiles((e) => {
    const now = performance.now();
    for (const p of [...e.added, ...e.changed]) if (!seen.has(p)) seen.set(p, now);
  });
  const journal = { edits: [] as number[], creates: [] as number[] };
  const mcp = { edits: [] as number[], creates: [] as number[], calls: 0 };
  try {
    await client.callTool({ name: 'focus_status', arguments: {} }); // the session's baseline
    for (let i = 0; i < files.length; i++) {
      const create = i % createEvery === createEvery - 1;
      // join, not a template: a file at the root has the folder '.', and './x' is not a project path.
      const rel = create
        ? path.posix.join(path.posix.dirname(files[i]!.path), `watch-bench-${i}.ts`)
        : files[i]!.path;
      const abs = path.join(dir, ...rel.split('/'));
      seen.delete(rel);
      if (create) writeFileSync(abs, `export const bench${i} = ${i};\n`);
      else appendFileSync(abs, `\n// edit ${i}\n`);
      const t0 = performance.now();
      const deadline = t0 + 10_000;
      for (;;) {
        mcp.calls++;
        if (await callNames(client, rel)) break;
        if (performance.now() > deadline) throw new Error(`watch bench: no MCP call named ${rel}`);
      }
      (create ? mcp.creates : mcp.edits).push(performance.now() - t0);
      await until(() => seen.has(rel), 10_000, `${rel} in the journal`);
      (create ? journal.creates : journal.edits).push(seen.get(rel)! - t0);
      await ws.watcher!.settled();
      await sleep(40); // independent samples: the next write starts after a quiet moment
    }
  } finally {
    off();
  }
  return {
    journal,
    mcp,
    all: [...mcp.edits, ...mcp.creates],
    journalAll: [...journal.edits, ...journal.creates],
  };
}

/** A watched copy served to one agent session over the app's local socket (the real SDK client). */
export async function liveCopy(workDir: string, from: string, name: string, cacheDir: string) {
  const dir = path.join(workDir, `watch-copy-${name}`);
  await copyRepo(from, dir);
  const live = await Workspace.open(dir, { stateDir: null, cacheDir, watch: true });
  const project = new McpProject(live, { stateDir: null });
  // mkdtemp makes a folder only this user can open, as the socket requires.
  const sockDir = mkdtempSync(path.join(tmpdir(), 'loupe-watch-bench-'));
  const agentSocket = new AgentSocket({ socketPath: path.join(sockDir, 'agents.sock') });
  agentSocket.register(project);
  await agentSocket.listen();
  const client = (await socketClient(agentSocket.socketPath, dir, 'loupe-watch-bench')).client;
  await live.watcher!.idle();
  // Deterministic choice of files: ordinary source files in folders where new files are visible
  // too (not a tracked file inside an ignored folder).
  const openFolder = (p: string) => {
    for (let d = path.posix.dirname(p); d !== '.'; d = path.posix.dirname(d))
      if (live.hiddenEntry(d)) return false;
    return true;
  };
  const pool = (every: number) =>
    live.index
      .all()
      .filter(
        (e, i) =>
          i % every === 0 &&
          !e.flag &&
          !e.symlink &&
          /\.(ts|js|py|go|md)$/.test(e.path) &&
          openFolder(e.path),
      );
  const close = async () => {
    await client.close();
    await agentSocket.close();
    await project.close();
    await live.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(sockDir, { recursive: true, force: true });
  };
  return { dir, live, client, pool, close };
}

/** New files, one at a time, in folders spread over a real checkout: write -> the next MCP call names it. */
export async function repoNewFiles(workDir: string, repo: string, cacheDir: string) {
  const name = path.basename(repo);
  const t0 = performance.now();
  const c = await liveCopy(workDir, repo, name, cacheDir);
  try {
    const openMs = performance.now() - t0;
    const all = c.pool(1);
    const every = Math.max(1, Math.floor(all.length / REPO_WRITES));
    const files = all.filter((_, i) => i % every === 0).slice(0, REPO_WRITES);
    const latency = await writeLatencies(c.live, c.dir, files, c.client, 1);
    return {
      name,
      visible: c.live.index.size,
      folders: c.live.watcher!.status.folders,
      openMs,
      mcp: stats(latency.mcp.creates),
      journal: stats(latency.journal.creates),
      calls: latency.mcp.calls,
      writes: latency.mcp.creates.length,
    };
  } finally {
    await c.close();
  }
}
