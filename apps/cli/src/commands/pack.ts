// loupe pack DIR: the focus (or --focus paths) as one document within a token budget, printed,
// written to a file or copied to the clipboard; --json prints the coverage report.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { groupDigits } from '@loupe/common';
import {
  createMaskPool,
  defaultStateDir,
  type Level,
  LoupeError,
  loadMaskRules,
  type MaskPool,
  type PackFormat,
  type PackOptions,
  type PackReport,
  packFocus,
  packFocusTo,
  Workspace,
} from '@loupe/engine';
import { copyToClipboard } from '../clipboard';
import { checkStopped, defineCommand, type Io, type Values } from '../command';
import { progress } from '../progress';
import { cancelOnStop } from '../stop';

const n = groupDigits;

/** --focus paths are relative to DIR; a path that resolves from the working folder into DIR works too. */
function focusPaths(values: Values, root: string, ws: Workspace, cwd: string): string[] | undefined {
  const raw = values.focus;
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).map(String);
  return list.map((p) => {
    const plain = p
      .replace(/\\/g, '/')
      .replace(/^\.\/+/, '')
      .replace(/\/+$/, '');
    if (ws.index.get(plain) || ws.index.isFolder(plain)) return plain;
    const rel = path.relative(root, path.resolve(cwd, p)).split(path.sep).join('/');
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  });
}

function summary(r: PackReport): string {
  const c = r.coverage;
  const compressed = Object.values(c.counts.compressed).reduce((a, b) => a + (b ?? 0), 0);
  const budget = c.budget === null ? '(no budget, ' : `of ${n(c.budget)} (`;
  const parts = [
    `${n(c.counts.full)} files full`,
    `${n(compressed)} compressed`,
    `${n(c.counts.omitted)} omitted`,
  ];
  if (c.counts.referenced) parts.splice(2, 0, `${n(c.counts.referenced)} referenced`);
  return `${n(r.tokens)} tokens ${budget}${c.encoding}); ${parts.join(', ')}; ${c.masked.total} values masked`;
}

function report(r: PackReport, extra: Record<string, unknown>): string {
  const { outcomes, ...rest } = r.coverage;
  return `${JSON.stringify({ ...rest, ...extra, files: outcomes }, null, 2)}\n`;
}

/**
 * Writes to a stream in blocks of about 256 KiB (a full pack arrives one file section at a time;
 * a write per section costs more than the text), waiting when the stream asks to. Byte parts
 * (whole sections, already UTF-8) go out as they are. `flush` writes what is left. Each block
 * reports the bytes sent so far (the progress line), and a stopped command writes no more.
 */
function streamWriter(
  stream: NodeJS.WritableStream,
  io: Io,
  sent: (bytes: number) => void = () => {},
): {
  write: (chunk: string | Uint8Array) => Promise<void> | undefined;
  flush: () => Promise<void> | undefined;
} {
  let parts: string[] = [];
  let size = 0;
  let total = 0;
  const send = (block: string | Uint8Array) => {
    checkStopped(io);
    total += typeof block === 'string' ? Buffer.byteLength(block) : block.length;
    sent(total);
    return stream.write(block)
      ? undefined
      : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  };
  const flush = () => {
    if (!parts.length) return undefined;
    const block = parts.join('');
    parts = [];
    size = 0;
    return send(block);
  };
  return {
    write: (chunk) => {
      if (typeof chunk !== 'string') {
        const before = flush();
        return before ? before.then(() => send(chunk)) : send(chunk);
      }
      parts.push(chunk);
      size += chunk.length;
      return size >= 1 << 18 ? flush() : undefined;
    },
    flush,
  };
}

type Packer = (write: (chunk: string | Uint8Array) => Promise<void> | undefined) => Promise<PackReport>;

async function toFile(run: Packer, file: string, io: Io, sent: (bytes: number) => void): Promise<PackReport> {
  // Up to 8 MiB may wait for the disk before a write waits: with the default 16 KiB, every
  // section batch waited for its own write to finish (measured: ~20 ms idle on a 5 MB pack).
  const out = createWriteStream(file, { highWaterMark: 8 << 20 });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('close', () => resolve());
  });
  try {
    const writer = streamWriter(out, io, sent);
    const report = await run(writer.write);
    await writer.flush();
    out.end();
    await closed;
    return report;
  } catch (error) {
    out.destroy();
    await closed.catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
}

async function deliver(
  ws: Workspace,
  options: PackOptions,
  values: Values,
  io: Io,
  sent: (bytes: number) => void,
): Promise<{ report: PackReport; extra: Record<string, unknown> }> {
  const run: Packer = (write) => packFocusTo(ws, options, write);
  if (typeof values.out === 'string') {
    const file = path.resolve(io.cwd, values.out);
    const report = await toFile(run, file, io, sent);
    io.stderr.write(`loupe pack: wrote ${summary(report)} to ${file}.\n`);
    return { report, extra: { out: file } };
  }
  if (values.copy) {
    const result = await packFocus(ws, options);
    checkStopped(io);
    const copied = await copyToClipboard(result.text, { platform: process.platform, env: io.env });
    if (!copied.ok)
      throw new LoupeError(
        'unsupported',
        `Could not copy to the clipboard: ${copied.reason}. Use --out FILE to write the pack to a file, or leave out --copy to print it.`,
      );
    io.stderr.write(`loupe pack: copied ${summary(result)} to the clipboard with ${copied.tool}.\n`);
    return { report: result, extra: { clipboard: copied.tool } };
  }
  if (values.json) {
    const report = await run(() => {
      checkStopped(io);
      return undefined;
    });
    return { report, extra: {} };
  }
  const writer = streamWriter(io.stdout, io, sent);
  const report = await run(writer.write);
  await writer.flush();
  io.stderr.write(`loupe pack: ${summary(report)}.\n`);
  return { report, extra: {} };
}

/**
 * Every pack masks: the rules compile and the parser's runtime (its wasm compiles on background
 * threads) start before the scan, in its gaps, instead of after it (docs/packing.md). A load that
 * fails here is not kept, so the pack's own load fails again and says why (or, with masking off,
 * never tries). A budgeted pack's mask pool is started too; the caller closes the handle returned.
 */
function warmMasking(budgeted: boolean): Promise<MaskPool | undefined> {
  try {
    loadMaskRules().catch(() => {});
  } catch {
    // the rule file is missing: said by the pack that needs it
  }
  // A budgeted pack reads its walk's files on the mask pool's worker (shared by every handle of
  // its size): started now, it has loaded and compiled the rules by the time the walk begins,
  // instead of ~0.2 s after (measured on the synthetic repository). Held until the pack is done.
  if (!budgeted) return Promise.resolve(undefined);
  return createMaskPool().then(
    (pool) => {
      pool.warm().catch(() => {});
      return pool;
    },
    () => undefined,
  );
}

export const pack = defineCommand({
  async run(positionals, values, io) {
    if (values.out !== undefined && values.copy)
      throw new LoupeError('invalid-argument', 'Use --out FILE or --copy, not both.');
    const budget = values.budget as number | null;
    const format = values.format as PackFormat;
    const detail = values.detail as Level;
    const [dir = '.'] = positionals;

    const held = warmMasking(budget !== null);
    const bar = progress(io);
    // The saved focus is read, never written: --focus packs given paths without ticking them.
    const ws = await Workspace.open(path.resolve(io.cwd, dir), {
      stateDir: defaultStateDir(io.env),
      // A pack counts what it reads itself (a budgeted one only the files its walk tries).
      countTokens: false,
      ...(io.signal ? { signal: io.signal } : {}),
      scan: { onProgress: (p) => bar.update(`scanning: ${p.dirs} folders, ${p.files} files`) },
    }).catch(async (error: unknown) => {
      await (await held)?.close();
      throw error;
    });
    const off = cancelOnStop(io, ws);
    try {
      const paths = focusPaths(values, ws.root, ws, io.cwd);
      const options: PackOptions = {
        budget,
        format,
        detail,
        lineNumbers: Boolean(values['line-numbers']),
        ...(paths ? { paths } : {}),
      };
      // Bytes written, on the progress line: not while the pack itself is printed on the terminal.
      const printing = values.out === undefined && !values.copy && (io.stdout as { isTTY?: boolean }).isTTY;
      const sent = printing
        ? () => {}
        : (bytes: number) => bar.update(`packing: ${(bytes / 2 ** 20).toFixed(1)} MiB written`);
      if (printing) bar.done();
      const { report: done, extra } = await deliver(ws, options, values, io, sent);
      bar.done();
      if (values.json) io.stdout.write(report(done, extra));
      return 0;
    } finally {
      off();
      bar.done();
      await ws.close();
      await (await held)?.close();
    }
  },
  onStop: 'cancels',
});
