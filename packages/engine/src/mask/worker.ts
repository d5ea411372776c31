// Worker entry for bulk masking (piscina), an executor of the content pipeline's stages. For texts
// it runs the mask stage's first half: the text cut around its secret spans, with keyed hashes in
// place of the values. For files it runs the read, classify and mask stages themselves
// (content/process.ts), so a file's bytes never pass through the calling thread. Either way the
// calling thread numbers the values (assembleMask, maskedFrom), so numbering is the same whichever
// worker read which file, and looks there for the values its session learned meanwhile.

import type { MaskedText, PendingMask } from '../content/mask-stage';
import { maskPrepared } from '../content/maskers';
import { readMasked } from '../content/process';
import { type FileInput, readBytesSync } from '../content/read';
import type { Withheld } from '../content/withheld';
import { type PreparedMask, prepareMask } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';
import type { KnownValues } from './session';

export interface MaskItem {
  /** Path relative to the project root (`/` separators): format detection and path rules use it (a link's target). */
  path: string;
  text: string;
}

interface Common {
  rulesPath?: string;
  /** The session's HMAC key. */
  key: Uint8Array;
  limits?: MaskLimits;
  /** The session's known values when the task was sent (masked wherever they occur). */
  known?: KnownValues;
}

/** A batch of texts, or of files to read here: one message each way for many small files. */
export type MaskTask = Common &
  ({ items: MaskItem[]; files?: undefined } | { files: FileInput[]; items?: undefined });

/** A file read here: prepared for the caller to number, or withheld. */
export type ReadItem = Omit<MaskedText, 'raw' | 'bytes'> | PendingMask | Withheld;

export default async function maskTask(task: MaskTask): Promise<PreparedMask[] | ReadItem[]> {
  const limits = task.limits ?? DEFAULT_LIMITS;
  const key = Buffer.from(task.key);
  if (task.files) {
    // Every file comes back prepared: the caller looks in each for the values it learned since.
    const masker = maskPrepared(key, () => loadMaskRules(task.rulesPath), {
      limits,
      ...(task.known ? { known: task.known } : {}),
      always: true,
    });
    const out: ReadItem[] = [];
    for (const input of task.files) {
      const r = await readMasked(input, { read: readBytesSync, masker });
      // Only what the caller needs goes back: never the raw text or the bytes.
      if (r.kind === 'masked') {
        const { raw: _raw, bytes: _bytes, ...masked } = r;
        out.push(masked);
      } else out.push(r);
    }
    return out;
  }
  const rules = await loadMaskRules(task.rulesPath);
  return task.items.map((item) =>
    prepareMask(item.text, item.path, rules, key, limits, undefined, task.known),
  );
}
