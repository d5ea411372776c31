// The change journal against a brute-force model: random updates, every "since" answer compared
// with the net effect computed from the full history; and the bounded history says when it is partial.

import { rng as seeded } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { ChangeJournal } from './journal';

type Kind = 'added' | 'changed' | 'removed';

describe('ChangeJournal', () => {
  it('answers every "since" with the net effect per path (random histories against a model)', () => {
    const r = seeded(7);
    const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
    for (let round = 0; round < 30; round++) {
      const journal = new ChangeJournal();
      const exists = new Map<string, boolean>();
      const history: Array<{ seq: number; path: string; kind: Kind }> = [];
      const existedAt: Array<Map<string, boolean>> = [new Map()];
      for (let u = 0; u < 40; u++) {
        const added: string[] = [];
        const changed: string[] = [];
        const removed: string[] = [];
        const touched = new Set<string>();
        for (let k = int(0, 4); k > 0; k--) {
          const p = `p${int(0, 9)}`;
          if (touched.has(p)) continue;
          touched.add(p);
          if (!exists.get(p)) {
            added.push(p);
            exists.set(p, true);
          } else if (r() < 0.5) {
            changed.push(p);
          } else {
            removed.push(p);
            exists.set(p, false);
          }
        }
        const before = journal.seq;
        const seq = journal.record(added, changed, removed);
        expect(seq).toBe(touched.size ? before + 1 : before);
        if (seq !== before) {
          for (const [list, kind] of [
            [added, 'added'],
            [changed, 'changed'],
            [removed, 'removed'],
          ] as const)
            for (const path of list) history.push({ seq, path, kind });
          existedAt[seq] = new Map(exists);
        }
      }
      for (let from = 0; from <= journal.seq; from++) {
        const then = existedAt[from] ?? new Map<string, boolean>();
        const paths = new Set(history.filter((h) => h.seq > from).map((h) => h.path));
        const want = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
        for (const p of [...paths].sort()) {
          const was = then.get(p) === true;
          const is = exists.get(p) === true;
          if (was && is) want.changed.push(p);
          else if (was) want.removed.push(p);
          else if (is) want.added.push(p);
        }
        const got = journal.since(from);
        expect({ added: got.added, changed: got.changed, removed: got.removed }).toEqual(want);
        expect(got).toMatchObject({ from, to: journal.seq, complete: true });
      }
    }
  });

  it('filters by path and answers a future sequence number with nothing', () => {
    const j = new ChangeJournal();
    j.record(['src/a.ts', 'docs/x.md'], [], []);
    j.record([], ['src/a.ts'], ['docs/x.md']);
    expect(j.since(0, (p) => p.startsWith('src/'))).toMatchObject({
      added: ['src/a.ts'],
      changed: [],
      removed: [],
    });
    expect(j.since(1)).toMatchObject({ added: [], changed: ['src/a.ts'], removed: ['docs/x.md'] });
    expect(j.since(99)).toMatchObject({ added: [], changed: [], removed: [], to: 2 });
    expect(j.record([], [], [])).toBe(2); // nothing changed: no new number
  });

  it('keeps a bounded history in whole updates and says when an answer is partial', () => {
    const j = new ChangeJournal(10);
    for (let i = 0; i < 8; i++) j.record([`a${i}`, `b${i}`], [], []);
    const old = j.since(0);
    expect(old.complete).toBe(false);
    expect(old.added.length).toBeLessThanOrEqual(10);
    const recent = j.since(6);
    expect(recent).toMatchObject({ complete: true, added: ['a6', 'a7', 'b6', 'b7'] });
    const big = new ChangeJournal(10);
    big.record(
      Array.from({ length: 25 }, (_, i) => `x${i}`),
      [],
      [],
    );
    expect(big.since(0).complete).toBe(false);
    expect(big.since(1)).toMatchObject({ complete: true, added: [] });
  });
});
