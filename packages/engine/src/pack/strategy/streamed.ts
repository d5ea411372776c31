// A streamed pack (no budget): every file at the detail asked for, in priority order, through the
// FileSource (read and masked in batches ahead, finished at the level by the pipeline's stages),
// emitted section by section as it is read, so a large project never sits in memory as one
// string. Sections split cleanly from each other (counter.ts), so each is counted alone, on the
// counting thread while this thread reads and masks the next; the document's count is their sum.
// For an agent the data block needs the whole body: then it is built in memory and measured whole.
// (A full pack at full detail for a reader is sectioned: sectioned.ts.)
import type { Level } from '../../compress/types';
import { projectFile } from '../../content/open';
import { reasonPhrase } from '../../content/withheld';
import { isLoupeError, LoupeError } from '../../errors';
import type { IndexEntry } from '../../workspace/file-index';
import type { TextCounter } from '../counter';
import {
  coverageOf,
  type DocContext,
  measured,
  type PackReport,
  type PartWriter,
  report,
  writeDocument,
} from '../document';
import { blockOf, metaOf } from '../file-block';
import type { Layout } from '../formats';
import type { FileSource } from '../source';
import type { AlreadyReceived, Included, Omitted, Outcome, Referenced } from '../types';

export interface StreamContext {
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

/** The first failed count; the others resolve to 0 so no rejection goes unhandled meanwhile. */
class Failures {
  first: unknown;
  guard(p: Promise<number>): Promise<number> {
    return p.catch((error) => {
      this.first ??= error;
      return 0;
    });
  }
}

/** Emits every file's section (each followed by the blank line that joins it to the next). */
export async function streamFiles(files: readonly IndexEntry[], ctx: StreamContext): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const omitted: Omitted[] = [];
  const pending: Array<Promise<void>> = [];
  const failures = new Failures();
  const root = ctx.source.root;
  const changed = (p: string) => (error: unknown) => {
    throw isLoupeError(error)
      ? new LoupeError(error.code, `${p} changed while it was being packed; pack again.`)
      : error;
  };
  for (let i = 0; i < files.length; i++) {
    const entry = files[i]!;
    const loaded = await ctx.source.load(i);
    ctx.source.forget(i); // the text stays only as long as this iteration needs it
    if (loaded.kind === 'withheld') {
      omitted.push({
        kind: 'omitted',
        path: entry.path,
        reason: 'not-read',
        why: reasonPhrase(loaded.reason),
        steps: [],
      });
      continue;
    }
    // A file's own text (nothing masked, nothing numbered) is read again by the counting thread
    // rather than sent to it.
    const abs = projectFile(root, entry);
    const plain = loaded.findings.length === 0 && !ctx.counter.local;
    const before = ctx.alreadyReceived?.(entry.path, loaded.hash);
    if (before) {
      const section = `${ctx.layout.reference({ path: entry.path, call: before.call, revision: before.revision })}\n\n`;
      const tokens = failures.guard(ctx.counter.count(section));
      const saved = failures.guard(
        plain
          ? ctx.counter
              .countFile({ head: '', tail: '', file: abs, hash: loaded.hash, eol: false, size: entry.size })
              .catch(changed(entry.path))
          : ctx.counter.count(loaded.text),
      );
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
        Promise.all([tokens, saved]).then(([t, k]) => {
          ref.tokens = t;
          ref.saved = k;
        }),
      );
      await ctx.emit(section, tokens);
      continue;
    }
    const v = await ctx.source.make(loaded, ctx.requested);
    const meta = metaOf(v, ctx.requested, [], undefined);
    const [head, body, close] = ctx.layout.fileParts(blockOf(entry, v, meta));
    const tail = `${close}\n\n`;
    const included: Included = {
      kind: 'included',
      path: entry.path,
      level: v.level,
      requested: ctx.requested,
      ...(v.level !== ctx.requested ? { levelReason: v.levelReason ?? `${ctx.requested} requested` } : {}),
      tokens: 0,
      steps: [],
      hash: loaded.hash,
      lines: v.range.total,
      masked: v.maskedByRule,
      ...(v.unnumbered ? { unnumbered: v.unnumbered } : {}),
    };
    outcomes.push(included);
    const own = plain && (body === loaded.text || body === `${loaded.text}\n`);
    const total = failures.guard(
      own
        ? ctx.counter
            .countFile({
              head,
              tail,
              file: abs,
              hash: loaded.hash,
              eol: body !== loaded.text,
              size: entry.size,
            })
            .catch(changed(entry.path))
        : ctx.counter.count(head + body + tail),
    );
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
  if (failures.first !== undefined) throw failures.first;
  return [...outcomes, ...omitted];
}

/** The streamed pack: written section by section, or for an agent built in memory and measured whole. */
export async function streamedPack(
  ctx: DocContext,
  files: readonly IndexEntry[],
  stream: Omit<StreamContext, 'counter' | 'emit'>,
  write: PartWriter,
  counter: TextCounter,
): Promise<PackReport> {
  if (!ctx.wrapData)
    return writeDocument(ctx, counter, write, (emit) => streamFiles(files, { ...stream, counter, emit }));
  const sections: string[] = [];
  const outcomes = await streamFiles(files, {
    ...stream,
    counter,
    emit: async (part) => {
      sections.push(part);
    },
  });
  const coverage = coverageOf(ctx.base, outcomes, ctx.scope.length);
  coverage.tree.tokens = ctx.count(ctx.treeSection);
  const body = `${ctx.treeSection}\n\n${sections.join('')}`.replace(/\n\n$/, '');
  const result = measured(ctx, coverage, body, Number.POSITIVE_INFINITY);
  await write(result.text);
  return report(result.coverage);
}
