// How the scan judges one regular file by its lstat: size, time, and a flag when it is never read
// (replaced since the walk, binary by name, too large). The scan does it for every visible file;
// a one-shot streamed search leaves it to the worker that is about to open the file
// (search/stream-worker.ts), so the same judgement runs there, on the thread that reads.
import { lstatSync } from 'node:fs';
import type { FileFlag, RelPath } from '../types';
import { isBinaryByName } from './binary';

export interface FileStat {
  size: number;
  mtimeMs: number;
  flag?: FileFlag;
}

/** The file at `abs` (root-relative `rel`, whose name decides "binary by name") as the scan judges it. */
export function statFile(abs: string, rel: RelPath, maxBytes: number): FileStat {
  try {
    const st = lstatSync(abs);
    const judged: FileStat = { size: st.size, mtimeMs: st.mtimeMs };
    if (!st.isFile())
      judged.flag = 'unreadable'; // replaced since the walk (a link, a folder, a FIFO)
    else if (isBinaryByName(rel)) judged.flag = 'binary';
    else if (st.size > maxBytes) judged.flag = 'too-large';
    return judged;
  } catch {
    return { size: 0, mtimeMs: 0, flag: 'unreadable' }; // vanished since the walk
  }
}
