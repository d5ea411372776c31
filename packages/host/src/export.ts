// Export for the clipboard: the engine's packer over the focus, the same document the MCP `pack`
// tool and `loupe pack` make for the same settings. Masking follows the export's own switch: off
// reads through an unmasked pipeline for this export only (agents keep the masked one), and the
// pack's header and the window both say so.

import {
  DETAILS,
  type ExportOptions,
  type ExportProgress,
  type ExportResult,
  PACK_FORMATS,
  plural,
} from '@loupe/common';
import type { Outcome, PackResult, PackWatch, Workspace } from '@loupe/engine';
import { countTokens, packFocus } from '@loupe/engine';
import { HostError } from './errors';
import type { HostEventBus } from './events';
import * as v from './validate';

/** Progress of an export goes to the window at most this often (and once more when all is read). */
const PROGRESS_INTERVAL_MS = 100;

/** Files listed by name in the result; the rest are counted (the pack's footer has them all). */
const LEFT_OUT_LISTED = 200;

/** The export options as the window sent them, checked (they cross a process boundary). */
export function checkExportOptions(arg: unknown): ExportOptions {
  const a = v.record(arg);
  const budget = a.budget;
  if (budget !== null && !(Number.isInteger(budget) && (budget as number) > 0))
    throw new HostError('invalid-argument', 'The budget must be a whole number of tokens above 0, or none.');
  return {
    format: v.oneOf(a.format, PACK_FORMATS, 'export format'),
    detail: v.oneOf(a.detail, DETAILS, 'detail level'),
    budget: budget as number | null,
    masking: v.boolean(a.masking, 'masking setting'),
    lineNumbers: v.boolean(a.lineNumbers, 'line-numbers setting'),
    ...(a.instructions !== undefined && a.instructions !== ''
      ? { instructions: v.string(a.instructions, 'instructions text') }
      : {}),
  };
}

/**
 * The window's exports, one at a time: a newer preview stops the preview before it (its answer
 * would be dropped anyway), never a Copy; `cancel` stops either. A stopped export keeps nothing and
 * rejects with code 'cancelled'.
 */
export class ExportRuns {
  private running: { stop: AbortController; copy: boolean } | undefined;

  constructor(private readonly events: HostEventBus) {}

  async run(ws: Workspace, options: ExportOptions, copy: boolean): Promise<ExportResult> {
    if (this.running && !this.running.copy) this.running.stop.abort();
    const run = { stop: new AbortController(), copy };
    this.running = run;
    let at = 0;
    const onProgress = (p: ExportProgress) => {
      const now = Date.now();
      if (now - at < PROGRESS_INTERVAL_MS && p.files < p.total) return;
      at = now;
      this.events.emit('didExportProgress', { files: p.files, total: p.total, bytes: p.bytes });
    };
    try {
      return await exportFocus(ws, options, { signal: run.stop.signal, onProgress });
    } catch (error) {
      if (run.stop.signal.aborted)
        throw new HostError('cancelled', 'The export was cancelled before it finished; nothing was copied.');
      throw error;
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  /** Stops the export in flight; false when there is none. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.stop.abort();
    return true;
  }
}

export async function exportFocus(
  ws: Workspace,
  options: ExportOptions,
  watch: PackWatch = {},
): Promise<ExportResult> {
  const pack = await packFocus(ws, {
    ...watch,
    masking: options.masking,
    budget: options.budget,
    format: options.format,
    detail: options.detail,
    lineNumbers: options.lineNumbers,
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  const result = toExportResult(pack);
  if (!options.instructions) return result;
  // The instructions sit in the header: counted alone, their share is taken from the frame's.
  const instructions = Math.min(
    result.parts.frame,
    countTokens(options.instructions, pack.coverage.encoding),
  );
  return { ...result, parts: { ...result.parts, instructions, frame: result.parts.frame - instructions } };
}

const tokensOf = (o: Outcome) => (o.kind === 'omitted' ? (o.tokens ?? 0) : o.tokens);

export function toExportResult(pack: PackResult): ExportResult {
  const c = pack.coverage;
  const omitted = c.outcomes.filter((o) => o.kind === 'omitted');
  const inText = c.outcomes.filter((o) => o.kind !== 'omitted');
  const files = inText.reduce((sum, o) => sum + tokensOf(o), 0);
  const notes: string[] = [];
  if (!c.masking) notes.push('Masking is off: secret values are in the text as they are in the files.');
  if (omitted.length)
    notes.push(
      `${plural(omitted.length, 'file')} of ${plural(c.counts.scope, 'file')} in the focus left out (the footer says why).`,
    );
  const compressed = Object.entries(c.counts.compressed).filter(([, n]) => n);
  if (compressed.length)
    notes.push(
      `Compressed: ${compressed.map(([level, n]) => `${plural(n ?? 0, 'file')} at ${level}`).join(', ')}.`,
    );
  if (c.tree.leftOut.files || c.tree.leftOut.folders)
    notes.push(
      `The tree leaves out ${plural(c.tree.leftOut.files, 'file')} and ${plural(c.tree.leftOut.folders, 'folder')} (its cap).`,
    );
  if (c.scope.outside && !c.scope.everything)
    notes.push(
      `${plural(c.scope.outside, 'visible file')} outside the focus ${c.scope.outside === 1 ? 'is' : 'are'} not in the export.`,
    );
  if (c.hidden.entries) notes.push(`Hidden by the ignore rules: ${c.hidden.summary}.`);
  return {
    text: pack.text,
    tokens: pack.tokens,
    encoding: c.encoding,
    parts: {
      tree: c.tree.tokens,
      files,
      // Sections are counted alone; the joins make the rest up to the exact total.
      frame: Math.max(0, pack.tokens - c.tree.tokens - files),
      leftOut: omitted.reduce((sum, o) => sum + tokensOf(o), 0),
      leftOutNotCounted: omitted.filter((o) => o.kind === 'omitted' && o.tokens === undefined).length,
    },
    filesIncluded: inText.length,
    leftOut: omitted
      .slice(0, LEFT_OUT_LISTED)
      .map((o) => ({ path: o.path, reason: o.kind === 'omitted' ? o.why : '' })),
    leftOutCount: omitted.length,
    masked: c.masked.total,
    revision: c.revision,
    notes,
  };
}
