// Worker entry (piscina) for counting the texts of a full pack: many texts per message, exact
// counts back in the same order.
import { countTokens } from '../tokens/count';
import type { Encoding } from '../types';

export interface CountTask {
  texts: string[];
  encoding: Encoding;
}

export default function countTexts(task: CountTask): number[] {
  return task.texts.map((t) => countTokens(t, task.encoding));
}
