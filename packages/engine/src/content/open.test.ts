// The one open of project bytes, against what a hostile repository (or a local attacker racing the
// scan) can put in a file's place: a FIFO (never opened, never waited on), a link (never
// followed), a folder on the way swapped for a link (refused after the open), a device.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MOVED,
  NOT_REGULAR,
  openProjectFileSync,
  projectFile,
  readProjectFile,
  readProjectFileSync,
} from './open';
import { readResult } from './read';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'loupe-open-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const abs = (rel: string) => path.join(root, rel);
writeFileSync(abs('plain.txt'), 'plain\n');
mkdirSync(abs('dir'));
writeFileSync(abs('dir/inner.txt'), 'inner\n');
mkdirSync(abs('elsewhere'));
writeFileSync(abs('elsewhere/inner.txt'), 'SECRET elsewhere\n');
execFileSync('mkfifo', [abs('pipe')]);
symlinkSync('plain.txt', abs('link.txt'));

/** The code a read fails with, synchronous and asynchronous alike. */
async function codes(file: string): Promise<[string | undefined, string | undefined]> {
  const code = (e: unknown) => (e as NodeJS.ErrnoException).code;
  let sync: string | undefined;
  try {
    readProjectFileSync(file);
  } catch (e) {
    sync = code(e);
  }
  const async = await readProjectFile(file).then(
    () => undefined,
    (e: unknown) => code(e),
  );
  return [sync, async];
}

describe('readProjectFile', () => {
  it('reads a regular file, by the target path for a link entry', async () => {
    expect(readProjectFileSync(abs('plain.txt')).toString()).toBe('plain\n');
    expect((await readProjectFile(abs('plain.txt'))).toString()).toBe('plain\n');
    expect(projectFile(root, { path: 'link.txt', target: 'plain.txt' })).toBe(abs('plain.txt'));
    expect(projectFile(root, { path: 'dir/inner.txt' })).toBe(abs('dir/inner.txt'));
  });

  it('reads into a scratch buffer when the file fits, else into its own; the same bytes either way', () => {
    writeFileSync(abs('big.txt'), 'x'.repeat(300));
    const scratch = Buffer.alloc(64, 0x2a);
    const small = readProjectFileSync(abs('plain.txt'), scratch);
    expect(small.buffer).toBe(scratch.buffer);
    expect(small.toString()).toBe('plain\n');
    // The view is the scratch's: the next read into it replaces it.
    expect(readProjectFileSync(abs('dir/inner.txt'), scratch).toString()).toBe('inner\n');
    expect(small.toString()).toBe('inner\n');
    const big = readProjectFileSync(abs('big.txt'), scratch);
    expect(big.buffer).not.toBe(scratch.buffer);
    expect(big.toString()).toBe('x'.repeat(300));
    // Refusals are the same with a scratch.
    expect(() => readProjectFileSync(abs('link.txt'), scratch)).toThrow();
    rmSync(abs('big.txt'));
  });

  it('never reads a FIFO, nor waits for a writer (a plain read would wait forever)', async () => {
    expect(await codes(abs('pipe'))).toEqual([NOT_REGULAR, NOT_REGULAR]);
  });

  it('never follows a link, nor reads a folder or a device (the descriptor is checked after the open)', async () => {
    expect(await codes(abs('link.txt'))).toEqual(['ELOOP', 'ELOOP']);
    expect(await codes(abs('dir'))).toEqual(['EISDIR', 'EISDIR']);
    expect(await codes('/dev/null')).toEqual([NOT_REGULAR, NOT_REGULAR]);
    expect(await codes(abs('gone.txt'))).toEqual(['ENOENT', 'ENOENT']);
  });

  it('refuses a file reached through a folder swapped for a link after the scan', async () => {
    renameSync(abs('dir'), abs('dir-was'));
    symlinkSync('elsewhere', abs('dir'));
    try {
      // Only Linux tells where a descriptor really is; elsewhere the path is compared after the open.
      expect(await codes(abs('dir/inner.txt'))).toEqual([MOVED, MOVED]);
    } finally {
      rmSync(abs('dir'));
      renameSync(abs('dir-was'), abs('dir'));
    }
  });

  it('hands an open descriptor and its size to readers that read themselves (the token worker)', () => {
    const { fd, size } = openProjectFileSync(abs('plain.txt'));
    try {
      const buf = Buffer.alloc(size);
      expect(readSync(fd, buf, 0, size, 0)).toBe(size);
      expect(buf.toString()).toBe('plain\n');
    } finally {
      closeSync(fd);
    }
  });

  it('turns each refusal into a sentence for the reader', async () => {
    const why = async (file: string) => {
      const read = await readProjectFile(file).catch((e: NodeJS.ErrnoException) => e);
      const r = readResult('x', read);
      return r.kind === 'withheld' ? r.reason : '';
    };
    expect(await why(abs('pipe'))).toMatch(/^Not read: it is no longer a regular file .*never opened\.$/);
    expect(await why(abs('link.txt'))).toMatch(
      /^Not read: it became a symbolic link since the project was scanned/,
    );
    expect(await why(abs('gone.txt'))).toBe('Not read: it was removed since the project was scanned.');
  });
});
