import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultStateDir, projectStateDir, readState, writeState } from './state-file';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-state-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const isNumbers = (raw: unknown) =>
  Array.isArray(raw) && raw.every((n) => typeof n === 'number') ? (raw as number[]) : undefined;

describe('state files', () => {
  it('writes atomically with a backup of the previous version, 0600 files in 0700 folders', () => {
    const file = path.join(work, 'p/state.json');
    writeState(file, [1]);
    writeState(file, [1, 2]);
    expect(readState(file, isNumbers)).toEqual({ value: [1, 2] });
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual([1]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('says where it could not write, and what to do, as a LoupeError', () => {
    const blocker = path.join(work, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const write = () => writeState(path.join(blocker, 'projects', 'p', 'state.json'), [1]);
    expect(write).toThrow(
      expect.objectContaining({
        name: 'LoupeError',
        code: 'unwritable',
        message: expect.stringMatching(
          /could not write its state in .*a-file.* \(ENOTDIR\); .*LOUPE_STATE_DIR/,
        ),
      }),
    );
  });

  it('sets a corrupt file aside with a sentence, never throws', () => {
    const file = path.join(work, 'bad.json');
    writeFileSync(file, '{ not json');
    const out = readState(file, isNumbers);
    expect(out.value).toBeUndefined();
    expect(out.problem).toMatch(
      /bad\.json could not be read .* moved to .*bad\.json\.damaged-[\dTZ-]+[0-9a-f]{6} and defaults are used/,
    );
    expect(existsSync(file)).toBe(false);
    expect(readState(path.join(work, 'absent.json'), isNumbers)).toEqual({ value: undefined });
  });

  it('rejects well-formed JSON of the wrong shape the same way', () => {
    const file = path.join(work, 'shape.json');
    writeFileSync(file, '{"a":1}');
    expect(readState(file, isNumbers).problem).toMatch(/unexpected content/);
  });

  it('names project folders by basename plus a hash of the full path', () => {
    const a = projectStateDir('/s', '/home/me/proj');
    expect(a).toMatch(/^\/s\/projects\/proj-[0-9a-f]{16}$/);
    expect(projectStateDir('/s', '/other/proj')).not.toBe(a);
    expect(defaultStateDir({ LOUPE_STATE_DIR: '/x' })).toBe('/x');
  });
});
