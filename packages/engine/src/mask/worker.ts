// Worker entry for bulk masking (piscina), an executor of the content pipeline's stages. For texts
// it runs the mask stage's first half: the text cut around its secret spans, with keyed hashes in
// place of the values. For files it runs the read, classify and mask stages themselves
// (content/process.ts), so a file's bytes never pass through the calling thread. Either way the
// calling thread numbers the values (assembleMask, maskedFrom), so numbering is the same whichever
// worker read which file.

import type { MaskedText, PendingMask } from '../content/mask-stage';
import { maskPrepared } from '../content/maskers';
import { readMasked } from '../content/process';
import { type FileInput, readBytesSync } from '../content/read';
import type { Withheld } from '../content/withheld';
import { type PreparedMask, prepareMask } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';

export interface MaskItem {
  /** Path relative to the project root (`/` separators): format detection and path rules use it. */
  path: string;
  text: string;
}

interface Common {
  rulesPath?: string;
  /** The session's HMAC key. */
  key: Uint8Array;
  limits?: MaskLimits;
}

/** A batch of texts, or of files to read here: one message each way for many small files. */
export type MaskTask = Common &
  ({ items: MaskItem[]; files?: undefined } | { files: FileInput[]; items?: undefined });

/** A file read here: masked (values found are left for the caller to number), or withheld. */
export type ReadItem = Omit<MaskedText, 'raw' | 'bytes'> | PendingMask | Withheld;

export default async function maskTask(task: MaskTask): Promise<PreparedMask[] | ReadItem[]> {
  const limits = task.limits ?? DEFAULT_LIMITS;
  const key = Buffer.from(task.key);
  if (task.files) {
    const masker = maskPrepared(key, () => loadMaskRules(task.rulesPath), limits);
    const out: ReadItem[] = [];
    for (const input of task.files) {
      const r = await readMasked(input, { read: readBytesSync, masker });
      // Only the masked text goes back: the raw text and the bytes stay here.
      if (r.kind === 'masked')
        out.push({
          kind: 'masked',
          path: r.path,
          text: r.text,
          hash: r.hash,
          findings: r.findings,
          masked: r.masked,
        });
      else out.push(r);
    }
    return out;
  }
  const rules = await loadMaskRules(task.rulesPath);
  return task.items.map((item) => prepareMask(item.text, item.path, rules, key, limits));
}
