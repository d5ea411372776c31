// Focus presets, the saved focus followed when another writer changes it, and the export's
// instructions, through the host the window talks to.
import path from 'node:path';
import type { HostEvents } from '@loupe/common';
import { focusFile, savePreset, updateSavedFocus } from '@loupe/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { LoupeHost } from './host';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir('loupe-presets-');
afterAll(() => tmp.dispose());
let n = 0;

async function setup() {
  const base = path.join(tmp.dir, `case${n++}`);
  const project = writeProject(path.join(base, 'sample'));
  const stateDir = path.join(base, 'state');
  const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
  const info = await host.openProject({ path: project });
  const events: Array<{ name: keyof HostEvents; payload: unknown }> = [];
  host.events.subscribe((name, payload) => events.push({ name, payload }));
  const next = <K extends keyof HostEvents>(name: K) =>
    new Promise<HostEvents[K]>((resolve) => {
      const off = host.events.on(name, (p) => {
        off();
        resolve(p);
      });
    });
  return { host, stateDir, root: info.root, events, next };
}

describe('focus presets in the host', () => {
  it('saves the current focus, lists, loads in one call, renames, deletes; each change an event', async () => {
    const { host, events } = await setup();
    try {
      await host.toggleFocus({ path: 'src', on: true });
      await host.toggleFocus({ path: 'src/math/mul.ts', on: false });
      expect(await host.savePreset({ name: 'math' })).toEqual([
        { name: 'math', include: ['src'], exclude: ['src/math/mul.ts'], savedAt: expect.any(Number) },
      ]);
      await host.setFocus({ include: ['docs'], exclude: [] });
      await host.savePreset({ name: 'docs' });
      expect((await host.listPresets()).map((p) => p.name)).toEqual(['docs', 'math']);

      const before = (await host.getFocus()).revision;
      const loaded = await host.loadPreset({ name: 'math' });
      expect(loaded).toMatchObject({ revision: before + 1, include: ['src'], exclude: ['src/math/mul.ts'] });
      expect(loaded.summary.files).toBe(3); // index.ts, add.ts, strings.ts

      expect((await host.renamePreset({ from: 'docs', to: 'guides' })).map((p) => p.name)).toEqual([
        'guides',
        'math',
      ]);
      expect((await host.deletePreset({ name: 'guides' })).map((p) => p.name)).toEqual(['math']);
      await expect(host.loadPreset({ name: 'guides' })).rejects.toThrow('There is no focus preset "guides"');
      await expect(host.savePreset({ name: ' ' })).rejects.toThrow('A preset needs a name');
      expect(events.filter((e) => e.name === 'didChangePresets')).toHaveLength(4);
    } finally {
      await host.close();
    }
  });

  it('follows presets and the focus saved by another writer (loupe focus): events, a new revision', async () => {
    const { host, stateDir, root, next } = await setup();
    try {
      await host.toggleFocus({ path: 'docs', on: true });
      const presets = next('didChangePresets');
      savePreset(stateDir, root, 'outside', { include: ['README.md'], exclude: [] });
      expect((await presets).map((p) => p.name)).toEqual(['outside']);

      const focus = next('didChangeFocus');
      updateSavedFocus(focusFile(stateDir, root), () => ({ include: ['src/math'], exclude: [] }));
      const f = await focus;
      expect(f).toMatchObject({ revision: 2, include: ['src/math'], exclude: [] });
      expect(f.summary.files).toBe(2);
      expect(await host.getFocus()).toMatchObject({ revision: 2, include: ['src/math'] });
    } finally {
      await host.close();
    }
  });
});

describe('export instructions', () => {
  it('are saved per project, head the export and count in its tokens', async () => {
    const { host } = await setup();
    try {
      expect(await host.getInstructions()).toBe('');
      await host.setInstructions({ text: 'Find the bug in add.' });
      expect(await host.getInstructions()).toBe('Find the bug in add.');
      const options = {
        format: 'markdown',
        budget: 8000,
        detail: 'full',
        masking: true,
        lineNumbers: false,
      } as const;
      const plain = await host.exportPreview(options);
      const withText = await host.exportPreview({ ...options, instructions: 'Find the bug in add.' });
      expect(
        withText.text.startsWith('# Instructions\n```text\nFind the bug in add.\n```\n\n# Packed context'),
      ).toBe(true);
      expect(withText.tokens).toBeGreaterThan(plain.tokens);
      expect(withText.parts.instructions).toBeGreaterThan(0);
      const p = withText.parts;
      expect(p.tree + p.files + p.frame + (p.instructions ?? 0)).toBe(withText.tokens);
      await expect(host.setInstructions({ text: 'x'.repeat(100_001) })).rejects.toThrow(
        'at most 100,000 characters',
      );
    } finally {
      await host.close();
    }
    // a new host (the app restarted) reads them back
    const again = new LoupeHost({ stateDir: path.join(tmp.dir, `case${n - 1}`, 'state'), cacheDir: null });
    try {
      await again.openProject({ path: path.join(tmp.dir, `case${n - 1}`, 'sample') });
      expect(await again.getInstructions()).toBe('Find the bug in add.');
    } finally {
      await again.close();
    }
  });
});
