// Worker entry for bulk masking (piscina). It reads and scans files and returns the text cut
// around its secret spans, with keyed hashes in place of the values; the calling thread numbers
// them (assembleMask), so numbering is the same whichever worker read which file.
import { readProjectFile } from '../content/open';
import { looksBinary } from './binary';
import { type PreparedMask, prepareMask } from './mask';
import { loadMaskRules } from './rules';
import { DEFAULT_LIMITS, type MaskLimits } from './scan';
import type { KnownValues } from './session';

export interface MaskItem {
  /** Path relative to the project root (`/` separators): format detection and path rules use it (a link's target). */
  path: string;
  /** Text to mask, or… */
  text?: string;
  /** …an absolute file to read here (content/open.ts projectFile), so its bytes never pass through the calling thread. */
  file?: string;
}

/** A batch of files: one message each way for many small files. */
export interface MaskTask {
  items: MaskItem[];
  rulesPath?: string;
  /** The session's HMAC key. */
  key: Uint8Array;
  limits?: MaskLimits;
  /** The session's known values when the task was sent (masked wherever they occur). */
  known?: KnownValues;
}

export default async function maskTask(task: MaskTask): Promise<PreparedMask[]> {
  const rules = await loadMaskRules(task.rulesPath);
  const limits = task.limits ?? DEFAULT_LIMITS;
  const key = Buffer.from(task.key);
  const out: PreparedMask[] = [];
  for (const item of task.items) {
    let text = item.text;
    if (text === undefined) {
      let bytes: Buffer;
      try {
        bytes = await readProjectFile(item.file!);
      } catch {
        out.push({ pieces: [], marks: [], withheld: 'the file could not be read; it was withheld' });
        continue;
      }
      if (bytes.length > limits.maxBytes) {
        out.push({
          pieces: [],
          marks: [],
          withheld: `the file is larger than ${limits.maxBytes >> 20} MiB, the masking limit; it was withheld`,
        });
        continue;
      }
      if (looksBinary(bytes)) {
        out.push({ pieces: [], marks: [], withheld: 'binary file; not masked and not shown' });
        continue;
      }
      text = bytes.toString('utf8');
    }
    out.push(prepareMask(text, item.path, rules, key, limits, undefined, task.known));
  }
  return out;
}
