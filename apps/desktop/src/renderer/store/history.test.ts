import type { FocusRules, FocusState } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fake-host';
import { createHistoryStore } from './history';

const state = (revision: number, include: string[], exclude: string[] = []): FocusState => ({
  revision,
  include,
  exclude,
  summary: {
    revision,
    everything: !include.length,
    files: 0,
    tokens: 0,
    totalFiles: 0,
    totalTokens: 0,
    countedFiles: 0,
    missing: [],
  },
});

/** A host whose setFocus bumps the revision and, like the real one, emits the event first. */
function world(eventFirst: boolean) {
  let revision = 3;
  const history = createHistoryStore({ host: () => host.api });
  const host = fakeHost({
    setFocus: (rules: FocusRules) => {
      const f = state(++revision, rules.include, rules.exclude);
      if (eventFirst) history.getState().observe(f);
      return f;
    },
  });
  history.getState().reset(state(3, []));
  const change = (include: string[]) => history.getState().observe(state(++revision, include));
  return { history, change, h: () => history.getState(), host };
}

describe('focus history', () => {
  for (const eventFirst of [true, false])
    it(`undoes and redoes as new revisions (the event ${eventFirst ? 'before' : 'after'} the answer)`, async () => {
      const { h, change, host } = world(eventFirst);
      change(['src']); // r4
      change(['src', 'docs']); // r5
      expect(h().past.map((s) => s.revision)).toEqual([3, 4]);
      expect(await h().undo()).toEqual({ to: 4, revision: 6 });
      expect(host.calls.at(-1)).toEqual({ method: 'setFocus', arg: { include: ['src'], exclude: [] } });
      expect(h().current).toEqual({ rules: { include: ['src'], exclude: [] }, revision: 6 });
      expect(h().future.map((s) => s.revision)).toEqual([5]);
      expect(await h().undo()).toEqual({ to: 3, revision: 7 });
      expect(h().past).toEqual([]);
      expect(await h().undo()).toBeNull(); // nothing older
      expect(await h().redo()).toEqual({ to: 6, revision: 8 });
      expect(h().current?.rules.include).toEqual(['src']);
      expect(await h().redo()).toEqual({ to: 5, revision: 9 });
      expect(h().current?.rules.include).toEqual(['src', 'docs']);
      expect(h().future).toEqual([]);
    });

  it('a new change after an undo drops what could be redone; stale states are ignored', async () => {
    const { h, change, history } = world(true);
    change(['a']); // r4
    change(['b']); // r5
    await h().undo(); // r6: a
    expect(h().future).toHaveLength(1);
    change(['c']); // r7
    expect(h().future).toEqual([]);
    history.getState().observe(state(5, ['b'])); // an old event arriving late
    expect(h().current).toEqual({ rules: { include: ['c'], exclude: [] }, revision: 7 });
    expect(h().past.map((s) => s.rules.include)).toEqual([[], ['a']]); // r3, then r6 (the undo to a)
  });

  it('a refused undo keeps its step', async () => {
    const history = createHistoryStore({
      host: () =>
        fakeHost({
          setFocus: () => {
            throw new Error('The connection to Loupe closed.');
          },
        }).api,
    });
    history.getState().reset(state(1, []));
    history.getState().observe(state(2, ['x']));
    await expect(history.getState().undo()).rejects.toThrow('closed');
    expect(history.getState().past).toHaveLength(1);
    expect(history.getState().busy).toBe(false);
  });
});
