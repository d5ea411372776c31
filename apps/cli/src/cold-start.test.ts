// Per-command cold start: a command loads its own modules only. The plain `loupe ls` needs the scan
// and nothing else; before the listing had its own entry (`@loupe/engine/listing`), it loaded the
// whole engine through the barrel, re2's native module included. Measured on the built bundle in a
// real process; the CommonJS module cache shows every package module it loaded.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir, writeProject } from '@loupe/host/testing/project';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBuilt } from './testing/run';

const tmp = tempDir('loupe-cold-');
afterAll(() => tmp.dispose());
const probe = path.join(tmp.dir, 'probe.cjs');
writeFileSync(
  probe,
  "process.on('exit', () => require('fs').writeSync(2, 'LOADED=' + JSON.stringify(Object.keys(require('module')._cache)) + '\\n'));\n",
);
const loaded = (stderr: string): string[] => JSON.parse(/^LOADED=(.*)$/m.exec(stderr)![1]!);

describe('cold start', () => {
  it('plain `loupe ls` loads no native module and no engine beyond the scan; --json loads the engine', async () => {
    const project = writeProject(path.join(tmp.dir, 'p'));
    const env = { NODE_OPTIONS: `--require ${probe}` };
    const plain = await cliBuilt(['ls', project], tmp.dir, env);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n')).toContain('src/index.ts');
    expect(loaded(plain.stderr).filter((m) => m.includes('node_modules'))).toEqual([]);
    const json = await cliBuilt(['ls', '--json', project], tmp.dir, env);
    expect(json.code).toBe(0);
    expect(loaded(json.stderr).some((m) => m.includes('/re2/'))).toBe(true); // the probe sees loads
  });
});
