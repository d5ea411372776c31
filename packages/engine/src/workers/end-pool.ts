// How every piscina pool of ours ends (the mask pool, the token service): queued tasks are refused,
// the tasks workers are running answer, then the threads go (piscina's `close({ force: true })`).
// Never `destroy()` with a task out: it threw the running tasks' work away, and a reply that
// arrived after it was piscina's "Unexpected message from Worker", an error event that ended the
// process (mask/pool-close.test.ts, tokens/service-close.test.ts; docs/decisions.md).
import type { Piscina } from 'piscina';

/** Ends `pool` (or the pool it resolves to); nothing to do for none, or for one that never started. */
export async function endPool(pool: Pick<Piscina, 'close'> | Promise<Pick<Piscina, 'close'>> | undefined) {
  const started = await Promise.resolve(pool).catch(() => undefined);
  // A worker still busy past piscina's close timeout (30 s) is terminated: an error we need not see.
  await started?.close({ force: true }).catch(() => {});
}
