// A full pack (no budget): every file at the detail asked for, in priority order, emitted section
// by section as it is read, so a large project never sits in memory as one string. Sections split
// cleanly from each other (counter.ts), so each is counted alone, on worker threads while this
// thread reads and masks the next; the document's count is their sum.
import type { Level } from '../compress/types';
import type { IndexEntry } from '../workspace/file-index';
import { blockOf, metaOf, withheldWhy } from './budget';
import type { TextCounter } from './counter';
import type { Layout } from './formats';
import { type FileSource, lineCount } from './source';
import type { AlreadyReceived, Included, Omitted, Outcome, Referenced } from './types';

export interface FullContext {
  layout: Layout;
  source: FileSource;
  requested: Level;
  alreadyReceived?: AlreadyReceived;
  counter: TextCounter;
  /** Receives the document's parts in order, with their tokens (a number or one to come). */
  emit(part: string, tokens: number | Promise<number>): Promise<void>;
}

/** Text handed to the counter and not counted yet, at most (UTF-16 units). */
const IN_FLIGHT = 8 << 20;

/** Emits every file's section (each followed by the blank line that joins it to the next). */
export async function packAll(files: readonly IndexEntry[], ctx: FullContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const omitted: Omitted[] = [];
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < files.length; i++) {
    const entry = files[i]!;
    const loaded = await ctx.source.load(i);
    ctx.source.forget(i);
    if (loaded.kind === 'withheld') {
      omitted.push({
        kind: 'omitted',
        path: entry.path,
        reason: 'not-read',
        why: withheldWhy(loaded.reason),
        steps: [],
      });
      continue;
    }
    const before = ctx.alreadyReceived?.(entry.path, loaded.hash);
    if (before) {
      const section = `${ctx.layout.reference({ path: entry.path, call: before.call, revision: before.revision })}\n\n`;
      const tokens = ctx.counter.count(section);
      const ref: Referenced = {
        kind: 'referenced',
        path: entry.path,
        hash: loaded.hash,
        call: before.call,
        revision: before.revision,
        tokens: 0,
        saved: 0,
      };
      outcomes.push(ref);
      pending.push(
        tokens.then((k) => {
          ref.tokens = k;
        }),
      );
      const saved = ctx.counter.count(loaded.text);
      pending.push(
        saved.then((k) => {
          ref.saved = k;
        }),
      );
      await ctx.emit(section, tokens);
      continue;
    }
    const v = await ctx.source.variant(i, loaded, ctx.requested);
    const meta = metaOf(v, ctx.requested, [], undefined);
    const [head, body, close] = ctx.layout.fileParts(blockOf(loaded, v, meta));
    const tail = `${close}\n\n`;
    const included: Included = {
      kind: 'included',
      path: entry.path,
      level: v.level,
      requested: ctx.requested,
      ...(v.level !== ctx.requested ? { levelReason: v.reason ?? `${ctx.requested} requested` } : {}),
      tokens: 0,
      steps: [],
      hash: loaded.hash,
      lines: lineCount(loaded.text),
      masked: v.masked,
      ...(v.unnumbered ? { unnumbered: v.unnumbered } : {}),
    };
    outcomes.push(included);
    const total = ctx.counter.count(head + body + tail);
    pending.push(
      total.then((k) => {
        included.tokens = k;
        included.steps = [{ level: v.level, tokens: k, fits: true }];
      }),
    );
    await ctx.emit(head + body + tail, total);
    if (ctx.counter.pending > IN_FLIGHT) await ctx.counter.below(IN_FLIGHT / 2);
  }
  await ctx.counter.below(1);
  await Promise.all(pending);
  return [...outcomes, ...omitted];
}
