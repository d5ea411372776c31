import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readState, updateState, writeState } from './state-file';

const work = mkdtempSync(path.join(os.tmpdir(), 'loupe-private-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const numbers = (raw: unknown) =>
  Array.isArray(raw) && raw.every((n) => typeof n === 'number') ? (raw as number[]) : undefined;
const posix = process.platform !== 'win32';
let n = 0;
const fresh = () => {
  const dir = path.join(work, `d${n++}`);
  mkdirSync(dir, { mode: 0o700 });
  return dir;
};

describe.runIf(posix)('state files are never written or read through a link', () => {
  it('a link planted at the backup name is replaced, its target untouched', () => {
    const dir = fresh();
    const victim = path.join(work, `victim-${n}.txt`);
    writeFileSync(victim, 'precious\n');
    const file = path.join(dir, 'focus.json');
    writeState(file, [1]);
    rmSync(`${file}.bak`, { force: true });
    symlinkSync(victim, `${file}.bak`);
    writeState(file, [1, 2]);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(`${file}.bak`).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(`${file}.bak`, 'utf8'))).toEqual([1]);
  });

  it('a link at the file name is not read through, and is replaced by the next write', () => {
    const dir = fresh();
    const elsewhere = path.join(work, `other-${n}.json`);
    writeFileSync(elsewhere, '[7, 7, 7]');
    const file = path.join(dir, 'overrides.json');
    symlinkSync(elsewhere, file);
    const read = readState(file, numbers);
    expect(read.value).toBeUndefined();
    expect(read.problem).toMatch(/could not be read \(it is a link\)/);
    writeState(file, [3]);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(elsewhere, 'utf8')).toBe('[7, 7, 7]');
  });

  it('a state file readable by others is set back to 0600 when read; new files are 0600', () => {
    const dir = fresh();
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '[1]', { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(readState(file, numbers).value).toEqual([1]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeState(path.join(dir, 'new.json'), [2]);
    expect(statSync(path.join(dir, 'new.json')).mode & 0o777).toBe(0o600);
  });
});

describe('damaged state that decides what agents see stays damaged until saved', () => {
  it('a sticky file is set aside once and reported on every later read, until a write resolves it', () => {
    const dir = fresh();
    const file = path.join(dir, 'focus.json');
    writeFileSync(file, 'garbage');
    const first = readState(file, numbers, { sticky: true });
    expect(first.value).toBeUndefined();
    expect(first.damage?.reason).toMatch(/JSON/);
    expect(existsSync(file)).toBe(false);
    // Another reader (another process) finds no file, and still the damage.
    const second = readState(file, numbers, { sticky: true });
    expect(second.damage?.aside).toBe(first.damage?.aside);
    expect(second.problem).toMatch(/damaged earlier and set aside/);
    // A non-sticky reader takes the defaults.
    expect(readState(file, numbers)).toEqual({ value: undefined });
    writeState(file, [1]);
    expect(readState(file, numbers, { sticky: true })).toEqual({ value: [1] });
    expect(existsSync(`${first.damage!.aside}.resolved`)).toBe(true);
  });

  it('updateState hands the change the damage, and its result is what is on disk', () => {
    const dir = fresh();
    const file = path.join(dir, 'overrides.json');
    writeFileSync(file, '{"show": 3}');
    let seen: string | undefined;
    const next = updateState(
      file,
      numbers,
      (current, damage) => {
        seen = damage?.reason;
        return [...(current ?? []), 5];
      },
      { sticky: true },
    );
    expect(seen).toMatch(/unexpected content/);
    expect(next).toEqual([5]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([5]);
    expect(readState(file, numbers, { sticky: true }).damage).toBeUndefined();
  });
});
