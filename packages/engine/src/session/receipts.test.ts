import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileIndex } from '../workspace/file-index';
import { ContentHasher, sha256 } from './changes';
import { receiptMarkdown, receiptText, sessionReceipt } from './format';
import { argumentSizes, listReceipts, ReceiptWriter, receiptsDir } from './receipts';
import { SessionRegistry } from './sessions';

let dir: string;
const root = '/projects/demo';

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-receipts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const call = (n: number, extra: object = {}) => ({
  n,
  tool: 'get_file',
  args: { path: 12 },
  revision: 3,
  ms: 1.5,
  resultTokens: 120,
  delivered: [{ path: 'src/a.ts', lines: [[1, 40]] as [number, number][], hash: 'ab', detail: 'full' }],
  masked: { 'aws-access-token': 1 },
  at: new Date().toISOString(),
  ...extra,
});

describe('receipts', () => {
  it('writes sessions as private JSON Lines and reads them back', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 5 });
    const s = w.startSession({ transport: 'stdio', project: root });
    s.setClient({ name: 'claude-code', version: '2.1.0' });
    s.call(call(1));
    s.call(call(2, { error: 'not-found', delivered: [] }));
    await w.endSession(s);
    const list = listReceipts(dir, root);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      transport: 'stdio',
      project: root,
      client: { name: 'claude-code', version: '2.1.0' },
      calls: [{ n: 1 }, { n: 2, error: 'not-found' }],
      dropped: 0,
    });
    expect(list[0]!.end).toBeDefined();
    const d = receiptsDir(dir, root);
    if (process.platform !== 'win32') {
      expect(statSync(d).mode & 0o777).toBe(0o700);
      for (const f of readdirSync(d)) expect(statSync(path.join(d, f)).mode & 0o777).toBe(0o600);
    }
  });

  it('does not block: a call returns before anything is written', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 50 });
    const s = w.startSession({ transport: 'stdio', project: root });
    s.call(call(1));
    expect(listReceipts(dir, root)).toEqual([]);
    await s.flush();
    expect(listReceipts(dir, root)[0]!.calls).toHaveLength(1);
  });

  it('keeps a bounded number of sessions and bytes per session', async () => {
    const w = new ReceiptWriter(dir, root, { maxSessions: 3, maxSessionBytes: 2000, flushMs: 1 });
    for (let i = 0; i < 6; i++) {
      const s = w.startSession({ transport: 'stdio', project: root });
      for (let n = 1; n <= 30; n++) s.call(call(n));
      await w.endSession(s);
      await new Promise((r) => setTimeout(r, 3)); // distinct start times
    }
    await w.flush();
    const list = listReceipts(dir, root);
    expect(list.length).toBeLessThanOrEqual(4);
    for (const s of list) {
      expect(s.calls.length + s.dropped).toBe(30);
      expect(s.dropped).toBeGreaterThan(0);
    }
  });

  it('reduces arguments to sizes', () => {
    expect(
      argumentSizes({ query: 'needle in a haystack', max: 5, fresh: true, requests: [{ path: 'a' }] }),
    ).toEqual({
      query: 22,
      max: 1,
      fresh: 4,
      requests: 14,
    });
  });

  it('skips a torn last line', async () => {
    const w = new ReceiptWriter(dir, root, { flushMs: 1 });
    const s = w.startSession({ transport: 'http', project: root });
    s.call(call(1));
    await s.flush();
    writeFileSync(s.file, '{"type":"call","n":2', { flag: 'a' });
    expect(listReceipts(dir, root)[0]!.calls).toHaveLength(1);
  });
});

describe('received files and changes on disk', () => {
  it('tells unchanged, changed and deleted files apart, with and without index hashes', () => {
    const proj = path.join(dir, 'p');
    mkdirSync(proj);
    const write = (p: string, t: string) => writeFileSync(path.join(proj, p), t);
    write('a.ts', 'one');
    write('b.ts', 'two');
    write('c.ts', 'three');
    const index = new FileIndex(
      ['a.ts', 'b.ts', 'c.ts'].map((p) => {
        const st = statSync(path.join(proj, p));
        return { path: p, size: st.size, mtimeMs: st.mtimeMs, tracked: true, symlink: false };
      }),
    );
    index.setTokens('a.ts', 1, sha256('one'));
    const reg = new SessionRegistry({ root: proj, index });
    const s = reg.open({ transport: 'memory', project: proj });
    for (const [p, t] of [
      ['a.ts', 'one'],
      ['b.ts', 'two'],
      ['c.ts', 'three'],
    ] as const)
      s.ledger.record(p, sha256(t), 'full', [[1, 1]], 1, 0, 1);
    expect(reg.changes(s).sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: 'a.ts', status: 'unchanged' },
      { path: 'b.ts', status: 'unchanged' },
      { path: 'c.ts', status: 'unchanged' },
    ]);
    write('b.ts', 'TWO');
    utimesSync(path.join(proj, 'b.ts'), new Date(), new Date(Date.now() + 5000));
    rmSync(path.join(proj, 'c.ts'));
    const status = Object.fromEntries(reg.changes(s).map((c) => [c.path, c.status]));
    expect(status).toEqual({ 'a.ts': 'unchanged', 'b.ts': 'changed', 'c.ts': 'deleted' });
    expect(
      reg
        .receivedFiles()
        .map((r) => [r.path, r.changed])
        .sort(),
    ).toEqual([
      ['a.ts', false],
      ['b.ts', true],
      ['c.ts', true],
    ]);
    expect([...reg.receivedMarks()].sort()).toEqual([
      ['a.ts', 'unchanged'],
      ['b.ts', 'changed'],
    ]);
  });

  it('hashes a file again only when its size or mtime moved', () => {
    let reads = 0;
    const index = new FileIndex([]);
    const h = new ContentHasher(
      { root: '/r', index },
      {
        stat: () => ({ size: 3, mtimeMs: 1, isFile: () => true }),
        readFile: () => {
          reads++;
          return Buffer.from('abc');
        },
      },
    );
    expect(h.hashNow('x')).toBe(sha256('abc'));
    expect(h.hashNow('x')).toBe(sha256('abc'));
    expect(reads).toBe(1);
  });
});

describe('sessions in memory, for the window', () => {
  it('keeps call logs, fires call events, remembers ended sessions, and formats receipts', async () => {
    const reg = new SessionRegistry(
      { root, index: new FileIndex([]) },
      { stateDir: dir, receipts: { flushMs: 1 } },
    );
    const calls: number[] = [];
    reg.onDidCall((e) => calls.push(e.receipt.n));
    const s = reg.open({ transport: 'socket', project: root });
    s.setClient({ name: 'agent|x', version: '1' });
    s.record({
      ...call(s.nextCall()),
      delivered: [{ path: 'a|b.ts', lines: [[1, 4]], hash: 'h', detail: 'full' }],
    });
    s.record(call(s.nextCall(), { error: 'not-found', delivered: [] }));
    expect(calls).toEqual([1, 2]);
    expect(s.tokens).toBe(240);
    expect(s.masked).toBe(2);
    await reg.close(s);
    expect(reg.list()).toEqual([]);
    expect(reg.list({ ended: true })).toEqual([s]);
    expect(reg.get(s.id)).toBe(s);

    const live = sessionReceipt(s);
    expect(live).toMatchObject({ transport: 'socket', client: { name: 'agent|x' }, dropped: 0 });
    expect(live.calls).toHaveLength(2);
    const md = receiptMarkdown(live);
    expect(md).toContain('# Loupe receipt: agent\\|x 1');
    expect(md).toContain('| 1 | get_file | 3 | 1.5 | 120 | a\\|b.ts: 1-4 | 1 |  |');
    expect(md).toContain('| 2 | get_file | 3 | 1.5 | 120 |  | 1 | not-found |');
    expect(receiptText(live)[0]).toMatch(
      /agent\|x 1 over socket: 2 calls, 240 result tokens, 1 refused or failed; ended/,
    );
    // The file on disk says the same.
    expect(listReceipts(dir, root)[0]!.calls.map((c) => c.n)).toEqual([1, 2]);
  });
});
