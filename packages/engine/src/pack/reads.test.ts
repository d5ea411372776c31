// A budgeted pack reads what its walk tries, not the project: a flagged file (binary by its name)
// far down the ranking is answered from its flag, and the batches in between are not read for it.
// Progress (files read and masked) is the witness; the document is the same either way.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { BATCH } from './source';
import type { PackProgress } from './watch';

const FILES = 1500;
let work: string;
let ws: Workspace;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'loupe-pack-reads-'));
  const put = (rel: string, content: string | Buffer) => {
    const abs = path.join(work, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  };
  put('README.md', '# Reads\n\nMany small modules and one picture, deep down.\n');
  for (let i = 0; i < FILES; i++)
    put(
      `src/m${String(i).padStart(4, '0')}.ts`,
      `export const v${i} = ${i};\n${'// filler line\n'.repeat(20)}`,
    );
  // Binary by its name (flagged by the scan), and ranked last: deep in a vendored folder.
  put('vendor/a/b/c/d/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
  ws = await Workspace.open(work, { stateDir: null, countTokens: false });
}, 60_000);

afterAll(async () => {
  await ws?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a budgeted pack', () => {
  it('reads only around the files its walk tries, though a flagged file comes last', async () => {
    const seen: PackProgress[] = [];
    const r = await packFocus(ws, { budget: 2000, onProgress: (p) => seen.push({ ...p }) });
    const outcomes = r.coverage.outcomes;
    const logo = outcomes.find((o) => o.path === 'vendor/a/b/c/d/logo.png');
    // The walk got to the picture: the last in the ranking, omitted as not read.
    expect(logo).toMatchObject({ kind: 'omitted', reason: 'not-read' });
    expect(outcomes.at(-1)?.path).toBe('vendor/a/b/c/d/logo.png');
    const tried = outcomes.filter((o) => o.kind !== 'omitted' || o.reason === 'over-cap').length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThan(FILES / 4);
    // Read: the batches holding the files tried, and the one after them (read ahead).
    const read = seen.at(-1)?.files ?? 0;
    expect(read).toBeGreaterThanOrEqual(tried);
    expect(read).toBeLessThanOrEqual(tried + 2 * BATCH);
  }, 120_000);
});
