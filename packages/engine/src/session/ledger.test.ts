import { describe, expect, it } from 'vitest';
import { DeliveryLedger, formatRanges } from './ledger';

describe('DeliveryLedger', () => {
  it('sends everything the first time', () => {
    const l = new DeliveryLedger();
    expect(l.plan('a.ts', 'h1', 'full', 1, 100)).toEqual({ send: [[1, 100]], covered: [] });
  });

  it('answers a repeat with the call that delivered it', () => {
    const l = new DeliveryLedger();
    l.record('a.ts', 'h1', 'full', [[1, 100]], 1, 7, 100);
    expect(l.plan('a.ts', 'h1', 'full', 10, 50)).toEqual({
      send: [],
      covered: [{ from: 10, to: 50, call: 1, revision: 7 }],
    });
  });

  it('sends only the new lines of a partial overlap, including gaps in the middle', () => {
    const l = new DeliveryLedger();
    l.record('a.ts', 'h1', 'full', [[20, 40]], 1, 1, 200);
    l.record('a.ts', 'h1', 'full', [[60, 80]], 2, 1, 200);
    const plan = l.plan('a.ts', 'h1', 'full', 1, 100);
    expect(plan.send).toEqual([
      [1, 19],
      [41, 59],
      [81, 100],
    ]);
    expect(plan.covered.map((c) => [c.from, c.to, c.call])).toEqual([
      [20, 40, 1],
      [60, 80, 2],
    ]);
  });

  it('treats changed content and other detail levels as new', () => {
    const l = new DeliveryLedger();
    l.record('a.ts', 'h1', 'full', [[1, 10]], 1, 1, 10);
    expect(l.plan('a.ts', 'h2', 'full', 1, 10).send).toEqual([[1, 10]]);
    expect(l.plan('a.ts', 'h1', 'signatures', 1, 10).send).toEqual([[1, 10]]);
    l.record('a.ts', 'h2', 'full', [[5, 6]], 2, 1, 10);
    expect(l.plan('a.ts', 'h2', 'full', 1, 10).send).toEqual([
      [1, 4],
      [7, 10],
    ]);
  });

  it('a resend takes over the lines it covers', () => {
    const l = new DeliveryLedger();
    l.record('a.ts', 'h1', 'full', [[1, 100]], 1, 1, 100);
    l.record('a.ts', 'h1', 'full', [[40, 60]], 3, 2, 100);
    expect(l.received()[0]!.spans.map((s) => [s.from, s.to, s.call])).toEqual([
      [1, 39, 1],
      [40, 60, 3],
      [61, 100, 1],
    ]);
  });

  it('formats ranges', () => {
    expect(
      formatRanges([
        [1, 4],
        [9, 9],
      ]),
    ).toBe('1–4, 9');
  });
});
