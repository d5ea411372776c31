// The window's export over a real project: progress while it reads, Cancel stops it (code
// 'cancelled', nothing returned), a newer preview stops the preview before it but never a Copy.
import path from 'node:path';
import type { ExportOptions, ExportProgress } from '@loupe/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-export-');
let host: LoupeHost;
const seen: ExportProgress[] = [];

// Enough files for many batches (a pack reads 32 at a time, a full pack 1 at a time here).
const FILES: Record<string, string> = {};
for (let i = 0; i < 400; i++)
  FILES[`src/m${String(i).padStart(3, '0')}.ts`] = `export const v${i} = ${i};\n`.repeat(20);

const OPTIONS: ExportOptions = {
  format: 'markdown',
  budget: 32_000,
  detail: 'full',
  masking: true,
  lineNumbers: false,
};

beforeAll(async () => {
  host = new LoupeHost({ stateDir: path.join(tmp.dir, 'state'), cacheDir: null, tokenThreads: 1 });
  host.events.on('didExportProgress', (p) => seen.push(p));
  await host.openProject({ path: writeProject(path.join(tmp.dir, 'many'), FILES) });
});
afterAll(async () => {
  await host.close();
  tmp.dispose();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e.code,
  );

describe('window export', () => {
  it('reports files and bytes read as it goes, ending with what it read', async () => {
    seen.length = 0;
    const result = await host.exportPreview({ ...OPTIONS, budget: null });
    expect(seen.length).toBeGreaterThan(1);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ files: 400, total: 400 });
    expect(last.bytes).toBe(Object.values(FILES).reduce((a, t) => a + Buffer.byteLength(t), 0));
    expect(result.filesIncluded).toBe(400);
  });

  it('Cancel stops a running export: it rejects with code cancelled and reads no further', async () => {
    seen.length = 0;
    let cancelledAt = -1;
    const off = host.events.on('didExportProgress', (p) => {
      if (cancelledAt < 0) {
        cancelledAt = p.files;
        void host.cancelExport();
      }
    });
    try {
      expect(await code(host.exportPack({ ...OPTIONS, budget: null }))).toBe('cancelled');
    } finally {
      off();
    }
    expect(cancelledAt).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)!.files).toBeLessThan(400);
    // The host is not left busy: the next export completes.
    expect((await host.exportPreview(OPTIONS)).tokens).toBeGreaterThan(0);
  });

  it('a newer preview stops the preview in flight, never a Copy', async () => {
    const first = code(host.exportPreview({ ...OPTIONS, budget: null }));
    const second = code(host.exportPreview(OPTIONS));
    expect(await first).toBe('cancelled');
    expect(await second).toBe('resolved');
    const copy = code(host.exportPack({ ...OPTIONS, budget: null }));
    const preview = code(host.exportPreview(OPTIONS));
    expect(await copy).toBe('resolved');
    expect(await preview).toBe('resolved');
  });
});
