// A second process for the lock test: appends 1 to the JSON list in argv[2] while holding the
// state lock for 700 ms, and says "held" on stdout once it holds it.
import { writeSync } from 'node:fs';
import { updateState } from '../state-file';

const file = process.argv[2]!;
updateState(
  file,
  (raw) => (Array.isArray(raw) ? (raw as number[]) : undefined),
  (current) => {
    writeSync(1, 'held\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 700);
    return [...(current ?? []), 1];
  },
);
