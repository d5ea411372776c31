// Issue 18's window export, on the host the window calls (in this process, as the app runs it):
// nothing ticked, a 32k budget, token counts warm. Measured per repository: the preview; how soon
// its first progress arrives; a preview with new options and how soon its first files are read (a
// repeated preview reads none); how soon Cancel (sent on its first progress) stops it, from
// cancelExport to the rejection; and
// what a Copy cost before the window reused its preview (one more pack; the window now copies an
// unchanged preview and sends no pack: e2e/export-work.spec.ts counts the commands). A repeated
// preview is answered from the host's memo of the last one (pack/warm.ts); a preview with options
// not packed before (typed instructions) shows what the kept order, tree, texts and counts save.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportOptions } from '@loupe/common';
import { LoupeHost } from '@loupe/host';
import { type Check, check, stats } from '../harness';

const OPTIONS: ExportOptions = {
  format: 'markdown',
  budget: 32_000,
  detail: 'full',
  masking: true,
  lineNumbers: false,
};
const ms = (n: number) => Math.round(n);

export async function windowExport(
  dir: string,
  name: string,
  runs: number,
  lsWarm: number,
  /** Kept between runs: the window's token counts are warm from the person's earlier sessions. */
  cacheDir: string,
): Promise<{ rows: Array<Record<string, string | number>>; checks: Check[] }> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'loupe-bench-export-'));
  const host = new LoupeHost({ stateDir: path.join(scratch, 'state'), cacheDir });
  try {
    await host.openProject({ path: dir });
    await host.workspace!.tokensReady;
    await host.exportPreview(OPTIONS); // once untimed: the files' pages are in the OS cache
    const whole: number[] = [];
    const first: number[] = [];
    const firstRead: number[] = [];
    const copy: number[] = [];
    const stop: number[] = [];
    const changed: number[] = [];
    for (let i = 0; i < runs; i++) {
      let firstAt = -1;
      const off = host.events.on('didExportProgress', () => {
        if (firstAt < 0) firstAt = performance.now();
      });
      const t0 = performance.now();
      await host.exportPreview(OPTIONS);
      whole.push(performance.now() - t0);
      off();
      first.push(firstAt < 0 ? Number.NaN : firstAt - t0);
      // What Copy did before: the same pack once more.
      const t1 = performance.now();
      await host.exportPack(OPTIONS);
      copy.push(performance.now() - t1);
      // Options the host has not packed before (the person typed instructions): the whole answer
      // is not kept, the order, tree, compressed texts and counts are (pack/warm.ts).
      // The unchanged preview above is the one kept (no file read): its first files read are timed here.
      let readAt = -1;
      const offRead = host.events.on('didExportProgress', (p) => {
        if (readAt < 0 && p.files > 0) readAt = performance.now();
      });
      const t2 = performance.now();
      await host.exportPreview({ ...OPTIONS, instructions: `Preview ${i}.` });
      changed.push(performance.now() - t2);
      offRead();
      firstRead.push(readAt < 0 ? Number.NaN : readAt - t2);
      // Cancel on the export's first progress (new options, so the export has work to do), as a
      // message from the window arrives: on a later turn of the event loop, so the export's
      // synchronous work before its next check counts. The time until it has stopped. (A warm 32k
      // preview reads its files in one batch and progress is sent at most every 100 ms: there is
      // no later moment to press Cancel at.)
      let cancelAt = -1;
      const offCancel = host.events.on('didExportProgress', () => {
        if (cancelAt >= 0) return;
        cancelAt = performance.now();
        setImmediate(() => void host.cancelExport());
      });
      const code = await host.exportPreview({ ...OPTIONS, instructions: `Cancel ${i}.` }).then(
        () => 'finished',
        (e: { code?: string }) => e.code,
      );
      offCancel();
      stop.push(code === 'cancelled' ? performance.now() - cancelAt : Number.NaN);
    }
    const preview = stats(whole).median;
    const rows = [
      ['window export preview, 32k budget, warm', whole, lsWarm],
      ['  its first progress (0 files read, the total known)', first, preview],
      ['  the same with new options (instructions typed): kept parts only', changed, lsWarm],
      ['    its first files read (after ranking and the tree)', firstRead, stats(changed).median],
      ['  Cancel until stopped (new options)', stop, stats(changed).median],
      ['  Copy before the Copy-reuses-preview change (one more pack)', copy, preview],
    ].map(([step, sample, floor]) => ({
      repository: name,
      step: step as string,
      'median ms': ms(stats(sample as number[]).median),
      'min ms': ms(stats(sample as number[]).min),
      ratio: (stats(sample as number[]).median / (floor as number)).toFixed(2),
    }));
    return {
      rows,
      checks: [
        check(`${name}: window export preview (32k, warm) / warm \`loupe ls\``, preview / lsWarm, '<=', 2),
        check(`${name}: export's first progress / warm \`loupe ls\``, stats(first).median / lsWarm, '<=', 1),
        check(
          `${name}: Cancel until stopped / a preview with new options`,
          stats(stop).median / stats(changed).median,
          '<=',
          0.1,
        ),
      ],
    };
  } finally {
    await host.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
