// A full pack's files through sectioned.ts and its runners: on worker threads (several batches in flight) exactly
// as on this thread, placeholders numbered in pack order, withheld files with the pipeline's
// reasons, and a batch a worker could not finish done here with the same result.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../../mask/session';
import { countTokens } from '../../tokens/count';
import type { IndexEntry } from '../../workspace/file-index';
import { Workspace } from '../../workspace/workspace';
import { localCounter, threadCounter } from '../counter';
import { LAYOUTS } from '../formats';
import { rankFiles } from '../priority';
import { writeCorpus } from '../testing/corpus';
import type { Outcome } from '../types';
import type { SectionSettings } from './section-batch';
import { localRunner, poolRunner, type SectionRunner, threadsCounter } from './section-runners';
import { startSections, writeSections } from './sectioned';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-sections-'));
let ws: Workspace;
let files: IndexEntry[];
const key = Buffer.alloc(32, 7);

beforeAll(async () => {
  writeCorpus(work, 77, { rounds: 3 });
  // Many small files: many batches, so several are in flight at once.
  for (let i = 0; i < 300; i++) {
    mkdirSync(path.join(work, 'many', `d${i % 7}`), { recursive: true });
    writeFileSync(path.join(work, 'many', `d${i % 7}`, `f${i}.ts`), `export const v${i} = ${i};\n`);
  }
  writeFileSync(path.join(work, 'gone.txt'), 'removed after the scan\n');
  ws = await Workspace.open(work, { stateDir: null, countTokens: false });
  unlinkSync(path.join(work, 'gone.txt'));
  files = rankFiles(ws.index.all(), new Set()).map((r) => r.entry);
}, 60_000);

afterAll(async () => {
  await ws?.close();
  rmSync(work, { recursive: true, force: true });
});

const settings = (format: SectionSettings['format'], lineNumbers = false): SectionSettings => ({
  format,
  encoding: 'o200k_base',
  lineNumbers,
  masking: true,
  key,
});

async function run(runner: SectionRunner, s: SectionSettings, counter = localCounter(s.encoding)) {
  const parts: string[] = [];
  const counts: Array<Promise<void>> = [];
  let tokens = 0;
  const outcomes: Outcome[] = await writeSections(startSections(files, ws.root, runner), {
    layout: LAYOUTS[s.format],
    settings: s,
    session: new MaskSession(key),
    counter,
    emit: async (part, k) => {
      const text = typeof part === 'string' ? part : Buffer.from(part).toString('utf8');
      parts.push(text);
      counts.push(
        Promise.resolve(k).then((n) => {
          expect(n).toBe(countTokens(text));
          tokens += n;
        }),
      );
    },
  });
  await Promise.all(counts);
  return { text: parts.join(''), tokens, outcomes };
}

describe('writeSections', () => {
  it('gives the same parts, counts and outcomes on worker threads as on this thread', async () => {
    for (const [format, lineNumbers] of [
      ['markdown', false],
      ['xml', true],
      ['plain', false],
    ] as const) {
      const s = settings(format, lineNumbers);
      const here = await run(localRunner(s), s);
      const pool = poolRunner(2, s);
      const there = await run(pool, s);
      expect(there).toEqual(here);
      expect(pool.done.here).toBe(0);
      expect(pool.done.workers).toBeGreaterThan(5);
      expect(here.tokens).toBe(countTokens(here.text));
      expect(here.text).toContain('LOUPE_REDACTED[github-pat#1]');
    }
  }, 60_000);

  it('ends idle section workers: the pool shrinks to no threads a few seconds after a pack', async () => {
    // Threads of this (forked test) process: each worker adds its own.
    const threads = () => readdirSync('/proc/self/task').length;
    const s = settings('markdown');
    await run(localRunner(s), s); // the counting thread and whatever else this thread starts
    await new Promise((r) => setTimeout(r, 6000));
    const before = threads();
    const pool = poolRunner(3, s); // a size no other test uses: a pool of its own
    await run(pool, s);
    expect(pool.done.workers).toBeGreaterThan(0);
    expect(threads()).toBeGreaterThan(before);
    // Idle workers end after 5 s; polled (a count, not a time, decides the outcome).
    for (let i = 0; i < 60 && threads() > before; i++) await new Promise((r) => setTimeout(r, 500));
    expect(threads()).toBe(before);
  }, 90_000);

  it('gives the same parts, counts and outcomes with the counting on a thread beside this one', async () => {
    const s = settings('markdown');
    const here = await run(localRunner(s), s);
    const counter = threadCounter(s.encoding);
    const beside = await run(localRunner({ ...s, count: false }), s, counter);
    expect(beside).toEqual(here);
    expect(counter.pending).toBe(0);
    await counter.close();
  });

  it('counts on the section threads exactly as here (the tree, the footer), and here when they cannot', async () => {
    const s = settings('markdown');
    const texts = [
      '',
      'a',
      ' \n\n \r\n\t',
      '👩‍👩‍👧 naïve 東京 ﷽',
      `${'word '.repeat(50_000)}\n`,
      `## Tree\n\`\`\`text\n${files.map((f) => f.path).join('\n')}\n\`\`\``,
    ];
    const failing = poolRunner(2, s, {
      pool: async () => ({
        run: async () => {
          throw new Error('worker ended');
        },
      }),
    });
    for (const runner of [poolRunner(2, s), failing]) {
      const counter = threadsCounter({ countTexts: runner.countTexts! });
      const counts = texts.map((t) => counter.count(t));
      expect(counter.pending).toBe(texts.reduce((a, t) => a + t.length, 0));
      await counter.below(1);
      expect(counter.pending).toBe(0);
      expect(await Promise.all(counts)).toEqual(texts.map((t) => countTokens(t)));
      expect(await counter.countBytes(Buffer.from(texts[3]!))).toBe(countTokens(texts[3]!));
    }
    // A whole pack's parts counted there: the same parts, counts and outcomes.
    const here = await run(localRunner(s), s);
    const pool = poolRunner(2, s);
    expect(await run(pool, s, threadsCounter({ countTexts: pool.countTexts! }))).toEqual(here);
    expect(pool.done.here).toBe(0);
  }, 60_000);

  it('does on this thread, with the same result, a batch that a worker could not finish', async () => {
    const s = settings('markdown');
    const here = await run(localRunner(s), s);
    let calls = 0;
    const failing = poolRunner(2, s, {
      pool: async () => ({
        run: async () => {
          calls++;
          throw new Error('worker ended');
        },
      }),
    });
    expect(await run(failing, s)).toEqual(here);
    expect(failing.done).toEqual({ workers: 0, here: calls });
  });

  it("withholds what the pipeline withholds, with the pipeline's reasons", async () => {
    const s = settings('markdown');
    const { outcomes } = await run(localRunner(s), s);
    const why = Object.fromEntries(outcomes.filter((o) => o.kind === 'omitted').map((o) => [o.path, o.why]));
    expect(why['gone.txt']).toBe('not read: it was removed since the project was scanned');
    expect(why['assets/logo.png']).toMatch(/^not read: it is a binary file/);
    const content = await ws.content.readMaskedMany(
      files.filter((f) => f.path === 'gone.txt' || f.path === 'assets/logo.png'),
      new MaskSession(key),
    );
    for (const c of content) {
      expect(c.kind).toBe('withheld');
      if (c.kind === 'withheld') expect(why[c.path]).toBe(c.reason.replace(/\.$/, '').replace(/^N/, 'n'));
    }
  });
});
