import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HostEvents } from '@loupe/common';
import { countTokens, projectStateDir } from '@loupe/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostOptions, LoupeHost } from './host';
import { DEFAULT_SETTINGS } from './state-files';
import { tempDir, writeProject } from './testing/project';

const tmp = tempDir();
afterAll(() => tmp.dispose());
let n = 0;

function setup(options: Partial<HostOptions> = {}) {
  const base = path.join(tmp.dir, `case${n++}`);
  const project = writeProject(path.join(base, 'sample'));
  const stateDir = path.join(base, 'state');
  const host = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1, ...options });
  const seen: Array<{ name: keyof HostEvents; payload: unknown }> = [];
  host.events.subscribe((name, payload) => seen.push({ name, payload }));
  return { project, stateDir, host, seen };
}

async function counted(host: LoupeHost) {
  await host.workspace!.tokensReady;
}

describe('LoupeHost', () => {
  it('opens a project: info, the flattened tree with hidden entries, focus, events', async () => {
    const { project, host, seen } = setup();
    try {
      const info = await host.openProject({ path: project });
      expect(info).toMatchObject({ name: 'sample', encoding: 'o200k_base', files: 8, hidden: 2 });
      const tree = await host.getTree();
      const names = tree.names.map((name, i) => `${'  '.repeat(tree.depths[i]!)}${name}`);
      expect(names).toEqual([
        '',
        '  dist',
        '  docs',
        '    guide.md',
        '  src',
        '    math',
        '      add.ts',
        '      mul.ts',
        '    util',
        '      strings.ts',
        '    index.ts',
        '  .gitignore',
        '  README.md',
        '  debug.log',
        '  package.json',
      ]);
      const hidden = Object.fromEntries(tree.hidden.map(([i, r]) => [tree.names[i], r.kind]));
      expect(hidden).toEqual({ dist: 'gitignored', 'debug.log': 'gitignored' });
      expect(seen.map((e) => e.name)).toContain('didOpenProject');
      expect((await host.getFocus()).summary).toMatchObject({ everything: true, files: 8, totalFiles: 8 });
    } finally {
      await host.close();
    }
  });

  it('sends token counts that arrive after the tree as [node, tokens] pairs of that version', async () => {
    const { project, host, seen } = setup({ workspace: { countTokens: false } });
    try {
      await host.openProject({ path: project });
      const tree = await host.getTree();
      expect(tree.tokens.filter((t, i) => !tree.dirs[i] && t >= 0)).toEqual([]);
      await host.workspace!.countTokens();
      expect(seen.filter((e) => e.name === 'didCountTokens').length).toBe(1);
      const tokens = [...tree.tokens];
      for (const e of seen.filter((e) => e.name === 'didCountTokens')) {
        const u = e.payload as HostEvents['didCountTokens'];
        expect(u.version).toBe(tree.version);
        for (let i = 0; i < u.pairs.length; i += 2) tokens[u.pairs[i]!] = u.pairs[i + 1]!;
      }
      const at = tree.names.indexOf('add.ts');
      expect(tokens[at]).toBe(
        countTokens('export function add(a: number, b: number): number {\n  return a + b;\n}\n'),
      );
      const summary = await host.focusSummary();
      expect(summary.countedFiles).toBe(8);
      const visible = tokens.filter((_t, i) => !tree.dirs[i] && !tree.hidden.some(([h]) => h === i));
      expect(summary.totalTokens).toBe(visible.reduce((a, b) => a + b, 0));
    } finally {
      await host.close();
    }
  });

  it('ticks and unticks with revisions, emits the focus, and keeps it across restarts', async () => {
    const { project, host, seen, stateDir } = setup();
    try {
      await host.openProject({ path: project });
      await counted(host);
      const a = await host.toggleFocus({ path: 'src', on: true });
      expect(a).toMatchObject({ revision: 1, include: ['src'], exclude: [] });
      expect(a.summary).toMatchObject({ everything: false, files: 4 });
      const b = await host.toggleFocus({ path: 'src/math/mul.ts', on: false });
      expect(b).toMatchObject({ revision: 2, include: ['src'], exclude: ['src/math/mul.ts'] });
      expect(b.summary.files).toBe(3);
      const focusEvents = seen
        .filter((e) => e.name === 'didChangeFocus')
        .map((e) => (e.payload as { revision: number }).revision);
      expect(focusEvents).toContain(2);
      await host.setFocus({ include: ['docs', 'README.md'], exclude: [] });
    } finally {
      await host.close();
    }
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      await again.openProject({ path: project });
      expect(await again.getFocus()).toMatchObject({ revision: 3, include: ['README.md', 'docs'] });
      expect((await again.recentProjects()).map((r) => [r.name, r.exists])).toEqual([['sample', true]]);
    } finally {
      await again.close();
    }
  });

  it('persists view state and settings; a corrupt settings file is set aside with a notice', async () => {
    const { project, host, stateDir } = setup();
    try {
      await host.openProject({ path: project });
      await host.saveViewState({ expanded: ['src', 'src/math', 'src'] });
      expect(await host.getViewState()).toEqual({ expanded: ['src', 'src/math'] });
      const s = await host.updateSettings({ theme: 'dark', budget: 5000 });
      expect(s).toMatchObject({ theme: 'dark', budget: 5000 });
      await host.updateSettings({ theme: 'purple' as 'dark' }); // unknown values are ignored
      expect((await host.getSettings()).theme).toBe('dark');
    } finally {
      await host.close();
    }
    // A settings file from before masking became a project setting still loads (the old field is dropped).
    writeFileSync(
      path.join(stateDir, 'settings.json'),
      JSON.stringify({ version: 1, theme: 'light', masking: false }),
    );
    const old = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      expect(await old.getSettings()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
      expect('masking' in (await old.getSettings())).toBe(false);
      expect((await old.openProject({ path: project })).masking).toBe(true);
    } finally {
      await old.close();
    }
    writeFileSync(path.join(stateDir, 'settings.json'), '{ not json');
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    const notices: string[] = [];
    again.events.on('didNotice', (n) => notices.push(n.message));
    try {
      expect((await again.getSettings()).theme).toBe('system');
      const info = await again.openProject({ path: project });
      expect(info.warnings.join(' ')).toMatch(/settings\.json could not be read .*moved to/);
      expect(notices.join(' ')).toMatch(/settings\.json could not be read/);
      expect(readdirSync(stateDir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true);
      expect(existsSync(path.join(projectStateDir(stateDir, info.root), 'view.json'))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('applies show/hide overrides: rescans, a new tree version, persisted per project', async () => {
    const { project, host, seen, stateDir } = setup();
    try {
      await host.openProject({ path: project });
      const before = await host.getTree();
      expect(await host.setOverride({ path: 'dist', state: 'show' })).toEqual({ show: ['dist'], hide: [] });
      await host.setOverride({ path: 'docs', state: 'hide' });
      const after = await host.getTree();
      expect(after.version).toBeGreaterThan(before.version);
      expect(seen.some((e) => e.name === 'didChangeTree')).toBe(true);
      const at = (name: string) => after.names.indexOf(name);
      expect(after.hidden.some(([i]) => i === at('bundle.js'))).toBe(false);
      expect(after.hidden.find(([i]) => i === at('docs'))?.[1].kind).toBe('user-hidden');
      expect(await host.getOverrides()).toEqual({ show: ['dist'], hide: ['docs'] });
    } finally {
      await host.close();
    }
    const again = new LoupeHost({ stateDir, cacheDir: null, tokenThreads: 1 });
    try {
      await again.openProject({ path: project });
      const tree = await again.getTree();
      expect(tree.names).toContain('bundle.js');
      await again.setOverride({ path: 'dist', state: 'default' });
      expect((await again.getOverrides()).show).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('with the watcher: overrides apply through it, and edits arrive as file changes and new counts', async () => {
    const { project, host, seen } = setup({ watch: true });
    try {
      await host.openProject({ path: project });
      await counted(host);
      await host.setOverride({ path: 'dist', state: 'show' });
      expect((await host.getTree()).names).toContain('bundle.js');
      const tree = await host.getTree();
      writeFileSync(path.join(project, 'README.md'), '# Sample\n\nEdited: a longer readme than before.\n');
      const changed = () =>
        seen.some(
          (e) =>
            e.name === 'didChangeFiles' && (e.payload as { changed: string[] }).changed.includes('README.md'),
        );
      for (let i = 0; i < 800 && !changed(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(changed()).toBe(true);
      await counted(host);
      const at = tree.names.indexOf('README.md');
      const update = () =>
        seen
          .filter((e) => e.name === 'didCountTokens')
          .map((e) => e.payload as HostEvents['didCountTokens'])
          .find((u) => u.pairs.some((x, i) => i % 2 === 0 && x === at && u.pairs[i + 1]! > 0));
      for (let i = 0; i < 800 && !update(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(update()?.version).toBe(tree.version); // same tree, new count: no full reload
    } finally {
      await host.close();
    }
  });

  it('refuses what it cannot do with one sentence', async () => {
    const { host, project } = setup();
    try {
      await expect(host.getTree()).rejects.toMatchObject({
        code: 'no-project',
        message: 'No project is open. Open a folder first.',
      });
      await expect(host.openProject({ path: path.join(project, 'nope') })).rejects.toMatchObject({
        code: 'not-found',
      });
      await host.openProject({ path: project });
      await expect(host.toggleFocus({ path: 3 as unknown as string, on: true })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      await expect(
        host.exportPreview({
          format: 'markdown',
          budget: -1,
          detail: 'full',
          masking: true,
          lineNumbers: false,
        }),
      ).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      await expect(host.getTreeSlice({ path: 'no/such' })).rejects.toThrow(/not in the project tree/);
    } finally {
      await host.close();
    }
  });

  it('cancels an opening scan and keeps the previous project', async () => {
    const { host, project } = setup();
    try {
      await host.openProject({ path: project });
      const opening = host.openProject({ path: project });
      await host.cancel();
      await expect(opening).rejects.toMatchObject({ code: 'cancelled' });
      expect((await host.currentProject())?.name).toBe('sample');
    } finally {
      await host.close();
    }
  });

  it('exports the focus through the packer: exact tokens, masked unless masking is off, what is left out', async () => {
    const { host, project } = setup();
    // Assembled at run time: the repository's own sources hold no secret-looking value.
    const secret = ['postgres://app', 's3cr3t-Pa55word@db.internal:5432/app'].join(':');
    writeFileSync(path.join(project, 'src/math/db.env'), `DATABASE_URL=${secret}\n`);
    writeFileSync(
      path.join(project, 'docs/notes.txt'),
      'A line of notes about the project, repeated.\n'.repeat(400),
    );
    const options = {
      format: 'markdown' as const,
      budget: null,
      detail: 'full' as const,
      masking: true,
      lineNumbers: false,
    };
    try {
      await host.openProject({ path: project });
      await counted(host);
      await host.toggleFocus({ path: 'src/math', on: true });
      const r = await host.exportPack(options);
      expect(r.text).toContain('return a + b;');
      expect(r.text).not.toContain('README.md');
      expect(r.tokens).toBe(countTokens(r.text));
      expect(r).toMatchObject({ revision: 1, filesIncluded: 3, leftOutCount: 0, encoding: 'o200k_base' });
      expect(r.text).not.toContain('s3cr3t-Pa55word');
      expect(r.masked).toBeGreaterThan(0);
      expect(r.parts.tree + r.parts.files + r.parts.frame).toBe(r.tokens);

      const open = await host.exportPreview({ ...options, masking: false });
      expect(open.text).toContain('s3cr3t-Pa55word');
      expect(open.masked).toBe(0);
      expect(open.notes[0]).toBe('Masking is off: secret values are in the text as they are in the files.');
      // the agents' view stays masked
      expect((await host.exportPreview(options)).text).not.toContain('s3cr3t-Pa55word');

      await host.setFocus({ include: [], exclude: [] });
      const small = await host.exportPack({ ...options, budget: 1500 });
      expect(small.tokens).toBeLessThanOrEqual(1500);
      expect(small.tokens).toBe(countTokens(small.text));
      expect(small.leftOutCount).toBeGreaterThan(0);
      // Left-out files are either in the token sum or counted as not counted, never dropped.
      const notCounted = small.parts.leftOutNotCounted ?? 0;
      expect(notCounted).toBeGreaterThanOrEqual(0);
      expect(notCounted).toBeLessThanOrEqual(small.leftOutCount);
      if (notCounted < small.leftOutCount) expect(small.parts.leftOut).toBeGreaterThan(0);
      expect(small.leftOut[0]?.reason).toMatch(/\w/);
      expect(small.notes.join(' ')).toMatch(/left out/);
    } finally {
      await host.close();
    }
  });

  it('names the left-out files a budgeted export did not count instead of leaving them out of the sum', async () => {
    const { project, host } = setup();
    try {
      // Far over any per-file cap by its size alone: the pack omits it without reading it.
      writeFileSync(path.join(project, 'big.txt'), 'word '.repeat(400_000));
      await host.openProject({ path: project });
      const r = await host.exportPack({
        format: 'markdown',
        budget: 1500,
        detail: 'full',
        masking: true,
        lineNumbers: false,
      });
      expect(r.leftOutCount).toBeGreaterThan(0);
      expect(r.parts.leftOutNotCounted).toBeGreaterThan(0);
      expect(r.parts.leftOutNotCounted).toBeLessThanOrEqual(r.leftOutCount);
    } finally {
      await host.close();
    }
  });

  it('reopens in a new encoding when the setting changes', async () => {
    const { host, project } = setup();
    try {
      await host.openProject({ path: project });
      await host.updateSettings({ encoding: 'cl100k_base' });
      expect((await host.currentProject())?.encoding).toBe('cl100k_base');
      await counted(host);
      const tree = await host.getTree();
      const at = tree.names.indexOf('README.md');
      expect(tree.tokens[at]).toBe(
        countTokens('# Sample\n\nA small project for Loupe tests.\n', 'cl100k_base'),
      );
    } finally {
      await host.close();
    }
  });
});
