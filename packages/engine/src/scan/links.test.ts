// Symlinks are judged by their target: each link kind of the hostile fixture gets its flag and a
// read refusal that says why, and a link to a visible file is read (and masked) as that file.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { scanProject } from './index';
import { git } from './testing/git-oracle';
import { hostileLinks } from './testing/hostile-repo';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-links-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const h = hostileLinks(work);

describe('symlinks: the scan judges each link by its target', () => {
  it('lists every link as git does, with the flag that says why it is not read', async () => {
    const result = await scanProject(h.dir);
    const links = Object.fromEntries(
      result.files
        .filter((f) => f.symlink)
        .map((f) => [f.path, { flag: f.flag ?? '', ...(f.flag ? {} : { target: f.target }) }]),
    );
    expect(links).toEqual(h.links);
    // The FIFO itself is listed as hidden (not a regular file), never as a file.
    expect(result.hidden.find((e) => e.path === 'pipe')?.reason.kind).toBe('unreadable');
    // The hidden target's own reason travels with the link.
    const envlink = result.files.find((f) => f.path === 'envlink');
    expect(envlink?.targetHidden).toMatchObject({ kind: 'gitignored', pattern: '.env' });
  });

  it('inherits the flags of a visible target (too large, binary) and judges hidden targets of every kind', async () => {
    const dir = path.join(work, 'inherit');
    mkdirSync(dir);
    git(dir, ['init', '-q']);
    writeFileSync(path.join(dir, 'big.txt'), 'x'.repeat(3000));
    writeFileSync(path.join(dir, 'bin.dat'), 'a\0b');
    writeFileSync(path.join(dir, 'mine.txt'), 'mine\n');
    writeFileSync(path.join(dir, 'package.json'), '{}\n');
    const nm = path.join(dir, 'node_modules', 'left-pad');
    mkdirSync(nm, { recursive: true });
    writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), '{}\n');
    writeFileSync(path.join(nm, 'index.js'), 'module.exports = 1;\n');
    symlinkSync('big.txt', path.join(dir, 'big-link'));
    symlinkSync('bin.dat', path.join(dir, 'bin-link'));
    symlinkSync('mine.txt', path.join(dir, 'mine-link'));
    symlinkSync('node_modules/left-pad/index.js', path.join(dir, 'nm-link'));
    const result = await scanProject(dir, {
      maxFileBytes: 1000,
      overrides: { show: [], hide: ['mine.txt'] },
    });
    const flags = Object.fromEntries(result.files.filter((f) => f.symlink).map((f) => [f.path, f.flag]));
    expect(flags).toEqual({
      'big-link': 'too-large',
      'bin-link': 'binary',
      'mine-link': 'symlink-to-hidden',
      'nm-link': 'symlink-to-hidden',
    });
    const reason = (p: string) => result.files.find((f) => f.path === p)?.targetHidden?.kind;
    expect(reason('mine-link')).toBe('user-hidden');
    expect(reason('nm-link')).toBe('build-output');
  });
});

describe('symlinks: reads', () => {
  it('refuses every flagged link with a sentence, reads a link to a visible file as that file, and never hangs', async () => {
    const ws = await Workspace.open(h.dir, { stateDir: null, cacheDir: null, tokenThreads: 1 });
    try {
      await ws.tokensReady;
      const session = ws.newMaskSession();
      for (const [name, planted] of Object.entries(h.links)) {
        const entry = ws.index.get(name)!;
        const r = await ws.content.read(entry, {}, session);
        const text = JSON.stringify(r);
        for (const value of h.planted) expect(text, name).not.toContain(value);
        if (planted.flag) {
          expect(r.kind, name).toBe('withheld');
          expect(r.kind === 'withheld' && r.reason, name).toMatch(/^Not read: it is a link /);
        } else {
          // Read as config/app.env: masked by the .env format, named by the link.
          expect(r.kind, name).toBe('content');
          if (r.kind !== 'content') continue;
          expect(r.path).toBe(name);
          expect(r.text).toMatch(/^DB_PASSWORD=LOUPE_REDACTED\[/);
          expect(r.findings.length).toBe(1);
        }
      }
      const envlink = await ws.content.read(ws.index.get('envlink')!, {}, session);
      expect(envlink.kind === 'withheld' && envlink.reason).toBe(
        'Not read: it is a link to a file that is not visible in this project (the target is ignored by .gitignore line 1 (".env")).',
      );
      // Bulk reads (masking on worker threads) take the same path.
      // A session of their own: the one above knows the value already, and masks it wherever it is.
      const all = await ws.content.readMaskedMany(
        Object.keys(h.links).map((p) => ws.index.get(p)!),
        ws.newMaskSession(),
      );
      for (const value of h.planted) expect(JSON.stringify(all)).not.toContain(value);
      expect(all.filter((r) => r.kind === 'masked').map((r) => r.path)).toEqual(['cfg.txt', 'cfglink2']);
      // …masked by the target's format there too (the worker is given the target's name).
      for (const r of all) if (r.kind === 'masked') expect(r.findings.length, r.path).toBe(1);
      // Token counts: the readable links counted as their target, the others not at all.
      expect(ws.index.get('cfg.txt')?.tokens).toBe(ws.index.get('config/app.env')?.tokens);
      expect(ws.index.get('pipelink')?.tokens).toBeUndefined();
    } finally {
      await ws.close();
    }
  });
});
