// One host in a fresh process (`node --expose-gc --import tsx memory-child.ts SMALL [BIG]`): opens
// BIG first when given (counts its tokens, exports a 32k preview, searches: the heavy paths), then
// SMALL with the same export, and prints the process's RSS in MiB after a full GC. Run once with
// SMALL alone and once with BIG too: the second should come back to the first.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportOptions } from '@loupe/common';
import { searchFocus } from '@loupe/engine';
import { LoupeHost } from '@loupe/host';

const [small, big] = process.argv.slice(2);
if (!small) {
  process.stderr.write('usage: memory-child.ts SMALL [BIG]\n');
  process.exit(2);
}
const scratch = mkdtempSync(path.join(tmpdir(), 'loupe-bench-mem-'));
const host = new LoupeHost({ stateDir: path.join(scratch, 'state'), cacheDir: path.join(scratch, 'cache') });
const options: ExportOptions = {
  format: 'markdown',
  budget: 32_000,
  detail: 'full',
  masking: true,
  lineNumbers: false,
};
const visit = async (dir: string) => {
  await host.openProject({ path: dir });
  await host.workspace?.tokensReady;
  await host.exportPreview(options);
  // The search index too (what an agent's first search builds).
  const ws = host.workspace;
  if (ws) await searchFocus(ws, 'function', { maxResults: 5 });
};
if (big) await visit(big);
await visit(small);
// Idle workers end after their timeout; then collect everything unreachable.
await new Promise((r) => setTimeout(r, 7000));
for (let i = 0; i < 3; i++) {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 100));
}
const mem = process.memoryUsage();
const mib = (n: number) => Math.round(n / 2 ** 20);
const report = {
  rssMiB: mib(mem.rss),
  heapMiB: mib(mem.heapUsed),
  externalMiB: mib(mem.external),
  arrayBuffersMiB: mib(mem.arrayBuffers),
  // Threads of this process (main, libuv, V8 and each worker's): workers still alive show here.
  threads: readdirSync('/proc/self/task').length,
};
await host.close();
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(report)}\n`);
