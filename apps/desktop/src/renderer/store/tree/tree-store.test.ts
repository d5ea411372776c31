import type { FocusState } from '@loupe/common';
import { describe, expect, it } from 'vitest';
import { deferred, fakeHost } from '../../testing/fake-host';
import { snapshotOf } from '../../testing/snapshot';
import { createTreeStore } from './index';

const snapshot = snapshotOf({
  files: [
    { path: 'src/app.ts', tokens: 10 },
    { path: 'src/lib/util.ts', tokens: 20 },
    { path: 'src/lib/zeta.ts', tokens: 5 },
    { path: 'docs/guide.md', tokens: 3 },
    { path: 'README.md', tokens: 2 },
  ],
  hidden: [
    {
      path: 'dist',
      dir: true,
      reason: { kind: 'gitignored', source: '.gitignore', line: 1, pattern: 'dist/' },
    },
  ],
});

const focus = (revision: number, include: string[], exclude: string[] = []): FocusState => ({
  revision,
  include,
  exclude,
  summary: {
    revision,
    everything: !include.length,
    files: 0,
    tokens: 0,
    totalFiles: 5,
    totalTokens: 40,
    countedFiles: 5,
    missing: [],
  },
});

function setup(commands: Parameters<typeof fakeHost>[0] = {}) {
  const host = fakeHost({ saveViewState: () => undefined, ...commands });
  const store = createTreeStore({ host: () => host.api, saveDelay: 0 });
  store.getState().load(snapshot, ['src']);
  const paths = () => store.getState().rows.map((i) => store.getState().model!.pathOf(i));
  const node = (p: string) => store.getState().model!.find(p);
  return { host, store, paths, node, s: () => store.getState() };
}

describe('tree store', () => {
  it('loads the tree with the saved expansion and the first row active', () => {
    const { paths, s } = setup();
    expect(paths()).toEqual(['', 'docs', 'src', 'src/lib', 'src/app.ts', 'README.md']);
    expect(s().active).toBe(0);
  });

  it('ticks locally at once, tells the host, and settles on the host answer', async () => {
    const answer = deferred<FocusState>();
    const { host, s, node } = setup({ toggleFocus: () => answer.promise });
    const ticking = s().toggleCheck(node('src'));
    expect(s().model!.checkState(node('src'))).toBe('checked');
    expect(s().model!.checkState(0)).toBe('mixed');
    expect(s().rules).toEqual({ include: ['src'], exclude: [] });
    expect(host.calls).toEqual([{ method: 'toggleFocus', arg: { path: 'src', on: true } }]);
    answer.resolve(focus(1, ['src']));
    await ticking;
    expect(s().revision).toBe(1);
  });

  it('does not flicker when answers to earlier toggles arrive while later ones are in flight', async () => {
    const answers = [deferred<FocusState>(), deferred<FocusState>()];
    let n = 0;
    const { s, node } = setup({ toggleFocus: () => answers[n++]!.promise });
    const a = s().toggleCheck(node('src'));
    const b = s().toggleCheck(node('src/lib/util.ts'));
    expect(s().rules).toEqual({ include: ['src'], exclude: ['src/lib/util.ts'] });
    // the stale answer (and a focus event with it) must not undo the second toggle
    s().applyFocus(focus(1, ['src']));
    answers[0]!.resolve(focus(1, ['src']));
    await a;
    expect(s().model!.checkState(node('src/lib/util.ts'))).toBe('unchecked');
    answers[1]!.resolve(focus(2, ['src'], ['src/lib/util.ts']));
    await b;
    expect(s().revision).toBe(2);
    expect(s().model!.checkState(node('src/lib'))).toBe('mixed');
  });

  it('takes focus changes made elsewhere (an agent client, another window)', () => {
    const { s, node } = setup();
    s().applyFocus(focus(7, ['docs', 'README.md']));
    expect(s().model!.checkState(node('docs'))).toBe('checked');
    expect(s().model!.checkState(node('src'))).toBe('unchecked');
    expect(s().revision).toBe(7);
  });

  it('moves with the keyboard: arrows, Home/End, Right/Left, type-ahead', () => {
    const { s, node } = setup();
    s().move('down');
    expect(s().active).toBe(node('docs'));
    s().right(); // opens docs
    expect(s().view!.isOpen(node('docs'))).toBe(true);
    s().right(); // into its first child
    expect(s().active).toBe(node('docs/guide.md'));
    s().left(); // to the parent
    expect(s().active).toBe(node('docs'));
    s().left(); // closes it
    expect(s().view!.isOpen(node('docs'))).toBe(false);
    s().move('end');
    expect(s().active).toBe(node('README.md'));
    s().move('home');
    expect(s().active).toBe(0);
    s().typeAhead('s', 1000);
    expect(s().active).toBe(node('src'));
    s().typeAhead('r', 1100); // "sr" still src
    expect(s().active).toBe(node('src'));
    s().typeAhead('r', 5000); // a new search: next name starting with r
    expect(s().active).toBe(node('README.md'));
    expect(s().scrollTo?.row).toBe(s().view!.rowOf(node('README.md')));
  });

  it('filters with ancestors kept and folders opened, then restores the expansion', () => {
    const { s, paths } = setup();
    s().setFilter('util');
    expect(paths()).toEqual(['', 'src', 'src/lib', 'src/lib/util.ts']);
    expect(s().filterMatches).toBe(1);
    s().setFilter('');
    expect(paths()).toEqual(['', 'docs', 'src', 'src/lib', 'src/app.ts', 'README.md']);
  });

  it('shows hidden entries with their reasons on request', () => {
    const { s, paths, node } = setup();
    s().setShowHidden(true);
    expect(paths()).toContain('dist');
    expect(s().model!.reasons.get(node('dist'))?.kind).toBe('gitignored');
    expect(s().model!.tickable(node('dist'))).toBe(false);
  });

  it('reveals a path, marks received files, and saves the expansion', async () => {
    const { s, node, host } = setup();
    expect(s().reveal('src/lib/zeta.ts')).toBe(true);
    expect(s().active).toBe(node('src/lib/zeta.ts'));
    expect(s().view!.isOpen(node('src/lib'))).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(host.calls.at(-1)).toEqual({ method: 'saveViewState', arg: { expanded: ['src', 'src/lib'] } });
    s().setMarks([
      {
        path: 'src/app.ts',
        sessionId: 's1',
        client: 'claude',
        call: 2,
        tool: 'get_file',
        at: 1,
        revision: 1,
        changed: false,
      },
      {
        path: 'README.md',
        sessionId: 's1',
        client: 'claude',
        call: 3,
        tool: 'get_file',
        at: 2,
        revision: 1,
        changed: true,
      },
      {
        path: 'gone.ts',
        sessionId: 's1',
        client: 'claude',
        call: 3,
        tool: 'get_file',
        at: 2,
        revision: 1,
        changed: false,
      },
    ]);
    expect(s().marks.get(node('src/app.ts'))?.changed).toBe(false);
    expect(s().marks.get(node('README.md'))?.changed).toBe(true);
    expect(s().marks.size).toBe(2);
  });

  it('keeps expansion, focus and the active row when the tree is reloaded (new version)', () => {
    const { s, node } = setup();
    s().applyFocus(focus(3, ['docs']));
    s().setActive(node('src/app.ts'));
    s().load({ ...snapshot, version: 2 });
    expect(s().model!.version).toBe(2);
    expect(s().view!.isOpen(node('src'))).toBe(true);
    expect(s().model!.checkState(node('docs'))).toBe('checked');
    expect(s().active).toBe(node('src/app.ts'));
  });
});

describe('tree store: filter ticks, sort, expand all, marks inside folders', () => {
  it('under a filter a folder ticks the matches shown in one setFocus, and unticking keeps other ticks', async () => {
    let revision = 0;
    const { s, node, host } = setup({
      toggleFocus: ({ path, on }: { path: string; on: boolean }) => focus(++revision, on ? [path] : [], []),
      setFocus: (rules: { include: string[]; exclude: string[] }) =>
        focus(++revision, rules.include, rules.exclude),
    });
    await s().toggleCheck(node('README.md'));
    s().setFilter('*.ts');
    expect(s().filterMatches).toBe(3);
    await s().toggleCheck(0);
    expect(host.calls.at(-1)).toEqual({
      method: 'setFocus',
      arg: { include: ['README.md', 'src'], exclude: [] }, // src holds only .ts files: ticked whole
    });
    expect(s().model!.checkState(node('docs/guide.md'))).toBe('unchecked'); // hidden by the filter: untouched
    expect(s().scope!.checkState(0)).toBe('checked');
    await s().toggleCheck(0);
    expect(host.calls.at(-1)).toEqual({ method: 'setFocus', arg: { include: ['README.md'], exclude: [] } });
    expect(s().model!.checkState(node('README.md'))).toBe('checked');
    s().setFilter('util');
    await s().toggleCheck(node('src'));
    expect(host.calls.at(-1)).toEqual({
      method: 'setFocus',
      arg: { include: ['README.md', 'src/lib/util.ts'], exclude: [] },
    });
  });

  it('an invalid glob says why and leaves the tree unfiltered', () => {
    const { s, paths } = setup();
    s().setFilter('src/[lib');
    expect(s().filterError).toMatch(/never closed/);
    expect(paths()).toEqual(['', 'docs', 'src', 'src/lib', 'src/app.ts', 'README.md']);
    s().setFilter('src/[l]ib');
    expect(s().filterError).toBeNull();
  });

  it('sorts by tokens, keeps the active node in view, expands and collapses all', () => {
    const { s, paths, node } = setup();
    s().setActive(node('src/app.ts'));
    s().setSort('tokens');
    expect(paths()).toEqual(['', 'src', 'src/lib', 'src/app.ts', 'docs', 'README.md']);
    s().setAllOpen(true);
    expect(paths()).toEqual([
      '',
      'src',
      'src/lib',
      'src/lib/util.ts',
      'src/lib/zeta.ts',
      'src/app.ts',
      'docs',
      'docs/guide.md',
      'README.md',
    ]);
    s().setAllOpen(false);
    expect(paths()).toEqual(['', 'src', 'docs', 'README.md']);
    expect(s().active).toBe(node('src')); // src/app.ts went out of view
    s().setSort('name');
    expect(paths()).toEqual(['', 'docs', 'src', 'README.md']);
  });

  it('counts received files inside each folder, and changed ones', () => {
    const { s, node } = setup();
    const file = (path: string, changed: boolean) => ({
      path,
      sessionId: 's1',
      client: 'claude',
      call: 1,
      tool: 'get_file',
      at: 1,
      revision: 1,
      changed,
    });
    s().setMarks([file('src/app.ts', false), file('src/lib/util.ts', true), file('README.md', false)]);
    expect(s().markCounts.get(node('src'))).toEqual({ received: 2, changed: 1 });
    expect(s().markCounts.get(node('src/lib'))).toEqual({ received: 1, changed: 1 });
    expect(s().markCounts.get(0)).toEqual({ received: 3, changed: 1 });
    expect(s().markCounts.has(node('docs'))).toBe(false);
  });
});
