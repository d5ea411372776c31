// Entry of the counting thread (counter.ts): tasks in, counts out, in the order they came. It
// loads the encoding it was started with before the first task arrives.
import { parentPort, workerData } from 'node:worker_threads';
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';
import { type CountTask, countItems } from './count-items';

export interface CountRequest extends CountTask {
  id: number;
}

export type CountReply = { id: number; counts: number[] } | { id: number; error: string };

const port = parentPort!;
countTokens('warm', (workerData as { encoding: Encoding }).encoding);
port.on('message', (task: CountRequest) => {
  let reply: CountReply;
  try {
    reply = { id: task.id, counts: countItems(task) };
  } catch (error) {
    reply = { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
