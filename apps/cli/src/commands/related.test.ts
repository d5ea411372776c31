import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../testing/run';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-cli-related-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const files: Record<string, string> = {
  'src/a.ts': "import { b } from './b';\nimport React from 'react';\n",
  'src/b.ts': "import { c } from './c';\nexport const b = 1;\n",
  'src/c.ts': 'export const c = 1;\n',
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
  writeFileSync(path.join(work, rel), text);
}

describe('loupe related', () => {
  it('prints edges both ways with their status, through a real process', async () => {
    const r = await cliProcess(['related', work, 'src/b.ts']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('src/b.ts imports (1):\nsrc/c.ts (line 1 "./c"; resolved)\n');
    expect(r.stdout).toContain('src/b.ts is imported by (1):\nsrc/a.ts (line 1 "./b"; resolved)\n');
  });

  it('--depth 2 follows a second hop; --json gives the object', async () => {
    const r = await cli(['related', work, 'src/a.ts', '--direction', 'imports', '--depth', '2']);
    expect(r.stdout).toContain('two hops:\nsrc/c.ts (via src/b.ts: line 1 "./c"; resolved)');
    expect(r.stdout).toContain('Not listed: 1 external import ("react").');
    const j = await cli([
      'related',
      work,
      'src/c.ts',
      '--json',
      '--direction',
      'imported_by',
      '--depth',
      '2',
    ]);
    expect(
      JSON.parse(j.stdout).importedBy.map((x: { path: string; depth: number }) => `${x.path} ${x.depth}`),
    ).toEqual(['src/b.ts 1', 'src/a.ts 2']);
  });

  it('refuses bad input with one sentence and exit code 2', async () => {
    for (const [argv, message] of [
      [['related', work, 'src/nope.ts'], /not a visible file/],
      [['related', work, 'src/a.ts', '--direction', 'up'], /--direction takes one of/],
      [['related', work, 'src/a.ts', '--depth', '3'], /--depth takes one of 1, 2, not "3"\./],
    ] as Array<[string[], RegExp]>) {
      const r = await cli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
