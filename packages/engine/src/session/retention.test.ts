// Receipts nobody can erase: a huge line, a damaged file, or a flood of empty sessions costs only
// itself; sessions that received files outlive sessions that received nothing.
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listReceipts, ReceiptWriter, receiptsDir } from './receipts';

let dir: string;
const root = '/projects/retention';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-retention-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const call = (n: number, delivered = true) => ({
  n,
  tool: delivered ? 'get_file' : 'focus_status',
  args: { path: 12 },
  revision: 1,
  ms: 1,
  resultTokens: 10,
  delivered: delivered
    ? [{ path: `src/f${n}.ts`, lines: [[1, 9]] as [number, number][], hash: 'h', detail: 'full' }]
    : [],
  masked: {},
  at: new Date().toISOString(),
});

const tick = () => new Promise((r) => setTimeout(r, 3)); // distinct start times

async function session(
  w: ReceiptWriter,
  calls: number,
  delivered = true,
  client = { name: 'agent', version: '1' },
) {
  const s = w.startSession({ transport: 'stdio', project: root });
  s.setClient(client);
  for (let n = 1; n <= calls; n++) s.call(call(n, delivered));
  await w.endSession(s);
  await tick();
  return s;
}

describe('receipt retention', () => {
  it('a client that names itself with 40 MB costs nothing: every other receipt stays', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 1 });
    for (let i = 0; i < 5; i++) await session(w, 2);
    await session(w, 1, true, { name: 'x'.repeat(40 * 1024 * 1024), version: '1' });
    await session(w, 1); // its start prunes
    await w.flush();
    const list = listReceipts(dir, root);
    expect(list).toHaveLength(7);
    expect(list.filter((s) => s.client?.name === 'agent')).toHaveLength(6);
    const files = readdirSync(receiptsDir(dir, root)).filter((f) => f.endsWith('.jsonl'));
    for (const f of files)
      expect(statSync(path.join(receiptsDir(dir, root), f)).size).toBeLessThan(64 * 1024);
  });

  it('one 40 MB garbage line inside a receipt costs only that line', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 1 });
    for (let i = 0; i < 3; i++) await session(w, 2);
    const s = w.startSession({ transport: 'stdio', project: root });
    s.call(call(1));
    await s.flush();
    appendFileSync(s.file, `${'{"type":"call","n":99,"junk":"'}${'j'.repeat(40 * 1024 * 1024)}\n`);
    s.call(call(2));
    await w.endSession(s);
    const damaged = path.basename(s.file);
    // Listing skips the line, and the next session's pruning repairs the file instead of erasing others.
    expect(
      listReceipts(dir, root)
        .find((r) => r.id === s.id)
        ?.calls.map((c) => c.n),
    ).toEqual([1, 2]);
    await tick();
    await session(w, 1);
    await w.flush();
    const list = listReceipts(dir, root);
    expect(list).toHaveLength(5);
    expect(list.find((r) => r.id === s.id)?.calls.map((c) => c.n)).toEqual([1, 2]);
    expect(statSync(path.join(receiptsDir(dir, root), damaged)).size).toBeLessThan(64 * 1024);
  });

  it('a session without calls leaves no file; sessions that received files outlive those that did not', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 1, maxSessions: 10 });
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push(await session(w, 2, true));
    for (let i = 0; i < 30; i++) await session(w, 0); // initialize only
    expect(listReceipts(dir, root)).toHaveLength(4);
    for (let i = 0; i < 30; i++) await session(w, 1, false); // calls, but no file content
    await session(w, 1, true);
    await w.flush();
    const list = listReceipts(dir, root);
    expect(list.length).toBeLessThanOrEqual(10);
    for (const s of kept) expect(list.map((r) => r.id)).toContain(s.id);
  });
});
