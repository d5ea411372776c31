import { describe, expect, it } from 'vitest';
import { fakeHost } from '../../testing/fake-host';
import { createProjectStore } from './index';

/** An open project as the host reports it (one file, masking on). */
const projectInfo = () => ({
  root: '/p',
  name: 'p',
  encoding: 'o200k_base' as const,
  files: 1,
  hidden: 0,
  notes: [],
  warnings: [],
  masking: true,
  strictFocus: false,
});

describe('project store', () => {
  it('opens a project, loads recent projects, and turns failures into notices (not for a cancel)', async () => {
    const info = projectInfo();
    let fail: Error | null = null;
    const host = fakeHost({
      openProject: () => {
        if (fail) throw fail;
        return info;
      },
      recentProjects: () => [{ root: '/p', name: 'p', openedAt: 1, exists: true }],
      chooseFolder: () => null,
    });
    const store = createProjectStore({ host: () => host.api });
    expect(await store.getState().open('/p')).toEqual(info);
    expect(store.getState().project).toEqual(info);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().recent).toHaveLength(1);
    fail = Object.assign(new Error('The folder /x does not exist. Check the path and try again.'), {
      code: 'not-found',
    });
    expect(await store.getState().open('/x')).toBeNull();
    expect(store.getState().notices.map((n) => n.message)).toEqual([
      'The folder /x does not exist. Check the path and try again.',
    ]);
    fail = Object.assign(new Error('Opening /y was cancelled.'), { code: 'cancelled' });
    await store.getState().open('/y');
    expect(store.getState().notices).toHaveLength(1);
    expect(store.getState().opening).toBe(false);
    expect(await store.getState().chooseAndOpen()).toBe('no-dialog');
  });

  it('forgets missing focus entries through setFocus, keeping the rest of the rules', async () => {
    const summary = (missing: string[]) => ({
      revision: 7,
      everything: false,
      files: 2,
      tokens: 10,
      totalFiles: 9,
      totalTokens: 90,
      countedFiles: 9,
      missing,
    });
    const host = fakeHost({
      getFocus: () => ({
        revision: 7,
        include: ['src', 'gone.ts', 'old/dir'],
        exclude: ['src/tmp.ts', 'src/vanished.ts'],
        summary: summary(['gone.ts', 'old/dir', 'src/vanished.ts']),
      }),
      setFocus: (rules: { include: string[]; exclude: string[] }) => ({
        revision: 8,
        ...rules,
        summary: { ...summary([]), revision: 8 },
      }),
    });
    const store = createProjectStore({ host: () => host.api });
    expect(await store.getState().forgetMissing()).toBe(3);
    expect(host.calls.at(-1)).toEqual({
      method: 'setFocus',
      arg: { include: ['src'], exclude: ['src/tmp.ts'] },
    });
    expect(store.getState().revision).toBe(8);
    expect(store.getState().summary?.missing).toEqual([]);
  });

  it('turns the project masking off and on through the host; a refusal becomes a notice', async () => {
    const info = projectInfo();
    let refuse = false;
    const host = fakeHost({
      openProject: () => info,
      recentProjects: () => [],
      setProjectMasking: ({ on }: { on: boolean }) => {
        if (refuse) throw new Error('No project is open. Open a folder first.');
        return { ...info, masking: on };
      },
    });
    const store = createProjectStore({ host: () => host.api });
    await store.getState().open('/p');
    expect(await store.getState().setMasking(false)).toBe(false);
    expect(store.getState().project?.masking).toBe(false);
    expect(host.calls.at(-1)).toEqual({ method: 'setProjectMasking', arg: { on: false } });
    expect(await store.getState().setMasking(true)).toBe(true);
    expect(store.getState().project?.masking).toBe(true);
    refuse = true;
    expect(await store.getState().setMasking(false)).toBeNull();
    expect(store.getState().project?.masking).toBe(true);
    expect(store.getState().notices.at(-1)?.message).toBe('No project is open. Open a folder first.');
  });
});
