// The stream worker judges an unstat-ed file by opening it (stream-worker.ts `openJudged`): what
// it says of each file must be the scan's own judgement (`statFile`), for plain files and odd
// ones alike, and no descriptor may stay open, whichever way a file is answered.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statFile } from '../scan/stat';
import streamTask, { type StreamTask } from './stream-worker';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-stream-open-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openFds = () => readdirSync('/proc/self/fd').length;

describe.skipIf(process.platform !== 'linux')('a judged file opened first', () => {
  it("gives statFile's judgement for every kind of file and leaves no descriptor open", async () => {
    const write = (rel: string, text: string | Buffer) => writeFileSync(path.join(work, rel), text);
    write('a.txt', 'needle here\n');
    write('b.txt', 'nothing\n');
    write('big.txt', `needle ${'x'.repeat(3000)}\n`);
    write('bin.png', 'needle by name\n');
    write('empty.txt', '');
    mkdirSync(path.join(work, 'dir.txt')); // a folder where the walk saw a file
    execFileSync('mkfifo', [path.join(work, 'fifo.txt')]);
    symlinkSync('a.txt', path.join(work, 'link.txt')); // a link where the walk saw a file
    mkdirSync(path.join(work, 'real'));
    write('real/c.txt', 'needle in c\n');
    symlinkSync('real', path.join(work, 'via')); // a folder on the way swapped for a link
    const names = ['a.txt', 'b.txt', 'big.txt', 'bin.png', 'empty.txt', 'dir.txt', 'fifo.txt'];
    const rels = [...names, 'link.txt', 'via/c.txt', 'gone.txt'];
    const task: StreamTask = {
      files: rels.map((rel) => ({ path: rel, file: path.join(work, rel) })),
      spec: { literal: 'needle', caseSensitive: true },
      masking: false,
      key: new Uint8Array(32),
      judge: { maxBytes: 1000 },
    };
    const before = openFds();
    const reply = await streamTask(task);
    expect(openFds()).toBe(before);
    // Times included: the open's fstat stands for the scan's lstat exactly.
    expect(reply.stats).toEqual(rels.map((rel) => statFile(path.join(work, rel), rel, 1000)));
    const answered = reply.at.map((k, j) => [rels[k], reply.items[j]!.kind]);
    expect(answered).toEqual([
      ['a.txt', 'plain'],
      ['via/c.txt', 'withheld'], // regular by lstat, refused by the open (reached through a link)
    ]);
    expect(reply.reached).toBe(rels.length);
  });
});

describe('a case-insensitive needle tested on the bytes', () => {
  it('finds every file whose fold holds it, and no other', async () => {
    const dir = mkdtempSync(path.join(work, 'fold-'));
    const files: Array<[string, Buffer | string]> = [
      ['kelvin.txt', 'the \u212Aelvin sign\n'], // U+212A folds to k
      ['upper.txt', 'THE KELVIN SCALE\n'],
      ['invalid.txt', Buffer.from([0xe2, 0x4b, 0x65, 0x6c, 0x76, 0x69, 0x6e, 0x0a])], // a cut sequence, then Kelvin
      ['long-s.txt', 'the kelvin \u017Fcale\n'], // ſ does not fold to s
      ['dotted.txt', 'KELV\u0130N\n'], // İ is kept as it is
      ['none.txt', 'nothing here\n'],
    ];
    for (const [name, text] of files) writeFileSync(path.join(dir, name), text);
    const found = async (literal: string) => {
      const reply = await streamTask({
        files: files.map(([name]) => ({ path: name, file: path.join(dir, name) })),
        spec: { literal, caseSensitive: false },
        masking: false,
        key: new Uint8Array(32),
      });
      return reply.at.map((k) => files[k]![0]);
    };
    expect(await found('kelvin')).toEqual(['kelvin.txt', 'upper.txt', 'invalid.txt', 'long-s.txt']);
    expect(await found('kelvin scale')).toEqual(['upper.txt']);
    expect(await found('kelv\u0130n')).toEqual(['dotted.txt']);
  });
});
