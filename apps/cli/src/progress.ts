// Progress for long work, on stderr, only when stderr is a terminal. One line, rewritten in place.
import type { Io } from './command';

export interface Progress {
  /** False when stderr is not a terminal: updates go nowhere, so callers need not build them. */
  readonly live: boolean;
  update(text: string): void;
  done(): void;
}

export function progress(io: Io): Progress {
  if (!io.stderr.isTTY) return { live: false, update() {}, done() {} };
  let last = 0;
  let shown = false;
  return {
    live: true,
    update(text) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      io.stderr.write(`\r\x1b[2K${text}`);
    },
    done() {
      if (shown) io.stderr.write('\r\x1b[2K');
    },
  };
}
