// Damaged saved state in the window: the host opens the project, the focus state carries the
// sentence for the banner, agents see nothing wider, and the window's own commands resolve it
// (setting the focus, even to what it shows; forgetting the overrides).
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FocusState, HostEvents } from '@loupe/common';
import { overridesFile, projectStateDir } from '@loupe/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir();
afterAll(() => tmp.dispose());
let n = 0;

function setup() {
  const base = path.join(tmp.dir, `case${n++}`);
  const project = realpathSync(writeProject(path.join(base, 'sample')));
  const stateDir = path.join(base, 'state');
  const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
  const focusEvents: FocusState[] = [];
  host.events.subscribe((name: keyof HostEvents, payload: unknown) => {
    if (name === 'didChangeFocus') focusEvents.push(payload as FocusState);
  });
  return { project, stateDir, host, focusEvents };
}

const garbage = (file: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'not json at all');
};

describe('damaged saved state in the window', () => {
  it('a damaged focus: nothing is in the focus, the banner sentence is there, "Keep as shown" resolves it', async () => {
    const { project, stateDir, host, focusEvents } = setup();
    const file = path.join(projectStateDir(stateDir, project), 'focus.json');
    garbage(file);
    try {
      await host.openProject({ path: project });
      const focus = await host.getFocus();
      expect(focus.summary).toMatchObject({ everything: false, files: 0 });
      expect(focus.damaged).toEqual([
        {
          kind: 'focus',
          message: expect.stringMatching(/^The saved focus \(focus\.json\) could not be read/),
        },
      ]);
      expect(
        (
          await host.exportPreview({
            format: 'markdown',
            budget: null,
            detail: 'full',
            masking: true,
            lineNumbers: false,
          })
        ).text,
      ).not.toContain('README');
      // The window keeps what it shows (nothing ticked): that is the person's choice now.
      const kept = await host.setFocus({ include: focus.include, exclude: focus.exclude });
      expect(kept.damaged).toBeUndefined();
      expect(kept.summary).toMatchObject({ everything: true, files: 8 });
      expect(focusEvents.at(-1)?.damaged).toBeUndefined();
      expect(
        readdirSync(path.dirname(file)).some(
          (f) => f.startsWith('focus.json.damaged-') && f.endsWith('.resolved'),
        ),
      ).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('damaged overrides: the banner sentence, and "Start with none" resolves it', async () => {
    const { project, stateDir, host } = setup();
    garbage(overridesFile(stateDir, project));
    try {
      await host.openProject({ path: project });
      const focus = await host.getFocus();
      expect(focus.damaged?.map((d) => d.kind)).toEqual(['overrides']);
      expect(focus.damaged?.[0]?.message).toMatch(/Loupe cannot tell which files you hid/);
      expect(await host.clearOverrides()).toEqual({ show: [], hide: [] });
      expect((await host.getFocus()).damaged).toBeUndefined();
    } finally {
      await host.close();
    }
  });
});
