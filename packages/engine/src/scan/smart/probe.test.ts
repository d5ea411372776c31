// Probing is bounded (1,024 entries per candidate, two levels, 4 KiB of a manifest) and never
// follows a symlink: evidence that lies only behind a link, or beyond the bound, proves nothing.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../index';
import {
  defaultProbeDeps,
  judge,
  MAX_ENTRIES,
  MAX_MANIFEST_BYTES,
  MAX_OWN_ENTRIES,
  type ProbeDeps,
} from './probe';
import { ANYWHERE_RULES, STACK_RULES } from './rules';
import { build, CACHEDIR_TAG, link } from './testing/fixture';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-probe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ruleOf = (stack: keyof typeof STACK_RULES, id: string) => STACK_RULES[stack].find((r) => r.id === id)!;
const entries = (dir: string) => readdirSync(dir, { withFileTypes: true });

/** Real probing, with every entry and byte it touches counted. */
function counting(): ProbeDeps & { listed: number; lookups: number; maxBytes: number } {
  const c = {
    listed: 0,
    lookups: 0,
    maxBytes: 0,
    async list(dir: string, limit: number) {
      const out = await defaultProbeDeps.list(dir, limit);
      c.listed += out.length;
      return out;
    },
    async kind(p: string) {
      c.lookups++;
      return defaultProbeDeps.kind(p);
    },
    async head(p: string, max: number) {
      c.maxBytes = Math.max(c.maxBytes, max);
      return defaultProbeDeps.head(p, max);
    },
  };
  return c;
}

function many(dir: string, n: number, name: (i: number) => string, asDir = false) {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) {
    const p = path.join(dir, name(i));
    if (asDir) mkdirSync(p);
    else writeFileSync(p, '#!/bin/sh\n');
  }
}

describe('bounded probing', () => {
  const bin = ruleOf('dotnet', 'dotnet.bin');
  const nodeModules = ruleOf('js', 'js.node_modules');

  it('judges a candidate with 5,000 entries from at most 1,024 of them, and keeps it without proof', async () => {
    const root = build(path.join(work, 'big'), { 'App.csproj': '' });
    const dir = path.join(root, 'bin');
    many(dir, 5000, (i) => `s${String(i).padStart(4, '0')}.sh`);
    writeFileSync(path.join(dir, 'zzz.dll'), 'MZ'); // past the first 768 in byte order
    const far = await judge([bin], dir, entries(dir), counting());
    expect(far.verdict).toBeUndefined();
    expect(far.inspected).toBeLessThanOrEqual(MAX_ENTRIES);
    const kept = await scanProject(root, { stat: false });
    expect(kept.files.filter((f) => f.path.startsWith('bin/'))).toHaveLength(5001);
    expect(kept.hidden).toEqual([]);

    writeFileSync(path.join(dir, 'aaa.dll'), 'MZ'); // within them
    const near = await judge([bin], dir, entries(dir));
    expect(near.verdict?.evidence).toEqual(['aaa.dll']);
    expect(near.inspected).toBeLessThanOrEqual(MAX_ENTRIES);
    const hidden = await scanProject(root, { stat: false });
    expect(hidden.files.map((f) => f.path)).toEqual(['App.csproj']);
  });

  it('looks into subfolders only with what is left of the 1,024', async () => {
    const dir = path.join(work, 'nm/node_modules');
    many(dir, 5000, (i) => `p${String(i).padStart(4, '0')}`, true);
    // Package manifests only in the last folders: beyond the budget.
    writeFileSync(path.join(dir, 'p4998/package.json'), '{}');
    writeFileSync(path.join(dir, 'p4999/package.json'), '{}');
    const deps = counting();
    const j = await judge([nodeModules], dir, entries(dir), deps);
    expect(j.verdict).toBeUndefined();
    expect(j.inspected).toBe(MAX_ENTRIES);
    expect(deps.lookups + deps.listed).toBe(MAX_ENTRIES - MAX_OWN_ENTRIES);
  });

  it('goes two levels deep, not three', async () => {
    const root = build(path.join(work, 'deep'), {
      'tox.ini': '',
      '.tox/py311/sub/.tox-info.json': '{}',
      'target/x/CACHEDIR.TAG': CACHEDIR_TAG,
      'Cargo.toml': '',
    });
    const r = await scanProject(root, { stat: false });
    expect(r.hidden).toEqual([]);
  });

  it('reads at most 4 KiB of a manifest', async () => {
    const root = path.join(work, 'manifest');
    const far = build(path.join(root, 'far'), {
      'pyvenv.cfg': `${'# padding\n'.repeat(500)}home = /usr/bin\n`,
    });
    const near = build(path.join(root, 'near'), { 'pyvenv.cfg': 'home = /usr/bin\n' });
    const rule = ANYWHERE_RULES.find((r) => r.id === 'python.venv')!;
    const deps = counting();
    expect((await judge([rule], far, entries(far), deps)).verdict).toBeUndefined();
    expect((await judge([rule], near, entries(near), deps)).verdict?.evidence).toEqual(['pyvenv.cfg']);
    expect(deps.maxBytes).toBeLessThanOrEqual(MAX_MANIFEST_BYTES);
  });
});

describe('symlinks are never followed', () => {
  const outside = build(path.join(work, 'outside'), {
    'Debug/App.dll': 'MZ',
    'App.dll': 'MZ',
    'tag/CACHEDIR.TAG': CACHEDIR_TAG,
    'pyvenv.cfg': 'home = /usr/bin\n',
    'pkg-a/package.json': '{}',
    'pkg-b/package.json': '{}',
    'target/CACHEDIR.TAG': CACHEDIR_TAG,
  });
  const o = (p: string) => path.join(outside, p);

  it('does not count linked folders or files as evidence', async () => {
    const root = build(path.join(work, 'links'), {
      'App.csproj': '',
      'package.json': '{}',
      'Cargo.toml': '',
      'bin/Debug': link(o('Debug')),
      'bin/App.dll': link(o('App.dll')),
      'bin/run.sh': '',
      'target/CACHEDIR.TAG': link(o('tag/CACHEDIR.TAG')),
      'target/main.rs': '',
      '.venv/pyvenv.cfg': link(o('pyvenv.cfg')),
      '.venv/notes.md': '',
      'node_modules/a': link(o('pkg-a')),
      'node_modules/b': link(o('pkg-b')),
      'node_modules/README.md': '',
    });
    const r = await scanProject(root, { stat: false });
    expect(r.hidden).toEqual([]);
    const files = r.files.map((f) => f.path);
    for (const p of ['bin/run.sh', 'target/main.rs', '.venv/notes.md', 'node_modules/README.md'])
      expect(files).toContain(p);
  });

  it('never enters a linked candidate', async () => {
    const root = build(path.join(work, 'linked-candidate'), { 'Cargo.toml': '', target: link(o('target')) });
    const r = await scanProject(root, { stat: false });
    expect(r.files.map((f) => [f.path, f.symlink])).toEqual([
      ['Cargo.toml', false],
      ['target', true],
    ]);
    expect(r.hidden).toEqual([]);
  });

  it('refuses a linked manifest even when asked to read it directly', async () => {
    const dir = build(path.join(work, 'direct'), { 'pyvenv.cfg': link(o('pyvenv.cfg')) });
    expect(await defaultProbeDeps.head(path.join(dir, 'pyvenv.cfg'), 100)).toBeUndefined();
    expect(await defaultProbeDeps.kind(path.join(dir, 'pyvenv.cfg'))).toBe('other');
  });
});
