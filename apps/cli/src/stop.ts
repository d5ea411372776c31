// A stop (Ctrl+C, SIGTERM: `io.signal`) reaching a command's work: a workspace's token count in
// progress is cancelled (its scan takes the signal itself), and servers wait for it to end.
import type { Workspace } from '@loupe/engine';
import type { Io } from './command';

/** Cancels `ws`'s token count when the command is asked to stop; returns the unsubscribe. */
export function cancelOnStop(io: Io, ws: Workspace): () => void {
  const signal = io.signal;
  if (!signal) return () => {};
  const cancel = () => ws.cancelTokenCount();
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  return () => signal.removeEventListener('abort', cancel);
}

/** Resolves when the command is asked to stop (`io.signal`; without one, SIGINT or SIGTERM). */
export function untilStopped(io: Io): Promise<void> {
  const signal = io.signal;
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
