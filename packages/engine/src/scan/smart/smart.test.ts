// Fixtures in both directions: proven build output is hidden with its rule, owner and evidence;
// look-alikes (same names, no proof, or another stack's subtree) stay visible.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HiddenEntry } from '../../types';
import { scanProject } from '../index';
import { MARKERS } from './markers';
import { ANYWHERE_RULES, STACK_RULES } from './rules';
import { type Case, DLL, PROVEN } from './testing/cases';
import { build, CACHEDIR_TAG, type Spec } from './testing/fixture';
import { LOOK_ALIKES } from './testing/look-alikes';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-smart-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
async function scan(spec: Spec) {
  const dir = build(path.join(work, `f${++counter}`), spec);
  const r = await scanProject(dir, { stat: false });
  return { files: r.files.map((f) => f.path), hidden: r.hidden };
}

const under = (files: string[], p: string) => files.filter((f) => f === p || f.startsWith(`${p}/`));
const buildOutput = (hidden: HiddenEntry[]) => hidden.filter((h) => h.reason.kind === 'build-output');

function check(c: Case, files: string[], hidden: HiddenEntry[]) {
  for (const [p, [rule, owner]] of Object.entries(c.hidden ?? {})) {
    const entry = hidden.find((h) => h.path === p);
    expect(entry, `${p} hidden`).toMatchObject({ dir: true, reason: { kind: 'build-output', rule, owner } });
    if (entry?.reason.kind === 'build-output') expect(entry.reason.evidence.length).toBeGreaterThan(0);
    expect(under(files, p)).toEqual([]);
  }
  for (const p of c.kept ?? []) {
    expect(under(files, p).length, `${p} visible`).toBeGreaterThan(0);
    expect(hidden.filter((h) => h.path === p || h.path.startsWith(`${p}/`))).toEqual([]);
  }
}

describe('smart ignore fixtures', () => {
  it('has at least 40 cases in both directions together, at least 20 each', () => {
    expect(PROVEN.length + LOOK_ALIKES.length).toBeGreaterThanOrEqual(40);
    expect(Math.min(PROVEN.length, LOOK_ALIKES.length)).toBeGreaterThanOrEqual(20);
  });
  describe('proven build output is hidden with rule, owner and evidence', () => {
    for (const c of PROVEN)
      it(c.what, async () => {
        const { files, hidden } = await scan(c.spec);
        check(c, files, hidden);
      });
  });
  describe('look-alikes stay visible', () => {
    for (const c of LOOK_ALIKES)
      it(c.what, async () => {
        const { files, hidden } = await scan(c.spec);
        check(c, files, hidden);
      });
  });

  it('names the evidence found', async () => {
    const { hidden } = await scan({ 'App.csproj': '', 'bin/Debug/net8.0/App.dll': DLL });
    expect(hidden).toEqual([
      {
        path: 'bin',
        dir: true,
        reason: { kind: 'build-output', rule: 'dotnet.bin', owner: 'App.csproj', evidence: ['Debug/'] },
      },
    ]);
    const nm = await scan({
      'package.json': '{}',
      'node_modules/a/package.json': '{}',
      'node_modules/b/package.json': '{}',
    });
    expect(buildOutput(nm.hidden)[0]?.reason).toMatchObject({
      evidence: ['a/package.json', 'b/package.json'],
    });
  });

  it('hides OS junk everywhere, files and folders, whatever the stack', async () => {
    const { files, hidden } = await scan({
      'a.txt': '',
      '.DS_Store': DLL,
      'src/Thumbs.db': DLL,
      'src/deep/desktop.ini': '',
      '.Spotlight-V100/x': '',
      'src/ds_store.md': '',
    });
    expect(files).toEqual(['a.txt', 'src/ds_store.md']);
    expect(hidden.map((h) => [h.path, h.dir, h.reason.kind])).toEqual([
      ['.DS_Store', false, 'os-junk'],
      ['.Spotlight-V100', true, 'os-junk'],
      ['src/Thumbs.db', false, 'os-junk'],
      ['src/deep/desktop.ini', false, 'os-junk'],
    ]);
  });

  it('--no-smart-ignore (smartIgnore: false) hides nothing of its own', async () => {
    const dir = build(path.join(work, 'off'), {
      'App.csproj': '',
      'bin/Debug/App.dll': DLL,
      '.DS_Store': '',
    });
    const r = await scanProject(dir, { stat: false, smartIgnore: false });
    expect(r.files.map((f) => f.path)).toEqual(['.DS_Store', 'App.csproj', 'bin/Debug/App.dll']);
    expect(r.hidden).toEqual([]);
  });
});

describe('stacks own their subtrees', () => {
  it('gives each part of a monorepo its own rules', async () => {
    const { files, hidden } = await scan({
      'README.md': '',
      'backend/Api.csproj': '',
      'backend/Program.cs': '',
      'backend/bin/Debug/net8.0/Api.dll': DLL,
      'backend/obj/project.assets.json': '{}',
      // A folder of the frontend's kind in the .NET subtree is not the frontend's business.
      'backend/node_modules/a/package.json': '{}',
      'backend/node_modules/b/package.json': '{}',
      'frontend/package.json': '{}',
      'frontend/src/App.tsx': '',
      'frontend/node_modules/.package-lock.json': '{}',
      'frontend/node_modules/react/package.json': '{}',
      'frontend/dist/app.js': '',
      'frontend/dist/app.js.map': '',
      'frontend/bin/tool.dll': DLL,
      'frontend/obj/project.assets.json': '{}',
      'scripts/requirements-dev.txt': '',
      'scripts/run.py': '',
      'scripts/__pycache__/run.cpython-312.pyc': DLL,
      'scripts/build/lib/x.py': '',
      'scripts/build/bdist.linux-x86_64/y': '',
      'scripts/bin/run.sh': '',
    });
    expect(
      buildOutput(hidden).map((h) => [h.path, h.reason.kind === 'build-output' && h.reason.owner]),
    ).toEqual([
      ['backend/bin', 'backend/Api.csproj'],
      ['backend/obj', 'backend/Api.csproj'],
      ['frontend/dist', 'frontend/package.json'],
      ['frontend/node_modules', 'frontend/package.json'],
      ['scripts/__pycache__', ''],
      ['scripts/build', 'scripts/requirements-dev.txt'],
    ]);
    expect(under(files, 'backend/node_modules')).toHaveLength(2);
    expect(under(files, 'frontend/bin')).toEqual(['frontend/bin/tool.dll']);
    expect(under(files, 'frontend/obj')).toEqual(['frontend/obj/project.assets.json']);
    expect(under(files, 'scripts/bin')).toEqual(['scripts/bin/run.sh']);
  });

  it('combines several markers in one folder', async () => {
    const { hidden } = await scan({
      'package.json': '{}',
      'pyproject.toml': '',
      'node_modules/.package-lock.json': '{}',
      'dist/pkg-1.0.tar.gz': DLL,
    });
    expect(buildOutput(hidden).map((h) => h.reason)).toEqual([
      { kind: 'build-output', rule: 'python.dist', owner: 'pyproject.toml', evidence: ['pkg-1.0.tar.gz'] },
      {
        kind: 'build-output',
        rule: 'js.node_modules',
        owner: 'package.json',
        evidence: ['.package-lock.json'],
      },
    ]);
  });

  it('lets the nearest marker win: a nested project replaces its parent stack', async () => {
    const { files } = await scan({
      'Cargo.toml': '',
      'web/package.json': '{}',
      // Rust's target rule does not reach into the JS project.
      'web/target/CACHEDIR.TAG': CACHEDIR_TAG,
    });
    expect(under(files, 'web/target')).toEqual(['web/target/CACHEDIR.TAG']);
  });
});

describe('docs/smart-ignore.md', () => {
  it('lists every marker and every rule', () => {
    const doc = readFileSync(new URL('../../../../../docs/smart-ignore.md', import.meta.url), 'utf8');
    const missing = [
      ...MARKERS.map((m) => `\`${m.pattern}${m.dir ? '/' : ''}\``),
      ...[...Object.values(STACK_RULES).flat(), ...ANYWHERE_RULES].map((r) => `\`${r.id}\``),
    ].filter((needle) => !doc.includes(needle));
    expect(missing).toEqual([]);
  });
});
