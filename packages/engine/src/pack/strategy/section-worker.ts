// Worker entry (piscina) for a sectioned pack's files: a batch read, masked, laid out and counted
// here (section-batch.ts); its sections' bytes move back to the calling thread instead of being
// copied.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { KnownValues } from '../../mask/session';
import { countTokens } from '../../tokens/count';
import { type SectionBatch, type SectionItem, type SectionSettings, sectionBatch } from './section-batch';

export interface SectionTask {
  items: SectionItem[];
  settings: SectionSettings;
  /** The session's known values when the batch was sent. */
  known?: KnownValues;
}

/** Texts to count here, where the encoding is loaded already (the tree, the footer): their counts. */
export interface CountTextsTask {
  texts: string[];
  settings: SectionSettings;
}

export default async function sectionTask(
  task: SectionTask | CountTextsTask,
): Promise<SectionBatch | number[]> {
  if ('texts' in task) return task.texts.map((t) => countTokens(t, task.settings.encoding));
  const batch = await sectionBatch(task.items, task.settings, task.known);
  return move({
    get [transferableSymbol]() {
      return [batch.bytes.buffer];
    },
    get [valueSymbol]() {
      return batch;
    },
  } as unknown as ArrayBuffer) as unknown as SectionBatch;
}
