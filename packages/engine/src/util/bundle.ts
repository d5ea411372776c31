// Files the builds write beside the bundle (prebuilt.ts; <dist>/<folder>/<name>: the rank tables,
// the parsed rule file, the mask word list), as seen from a bundled module in the bundle's folder
// or its workers/. From sources (tests, tsx) there are none: callers then build what they need.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `folder/name` may sit beside the bundle holding the module at `here` (its URL). */
export function besideBundle(here: string, folder: string, name: string): string[] {
  if (!here.startsWith('file:') || here.endsWith('.ts')) return [];
  const dir = path.dirname(fileURLToPath(here));
  return [path.join(dir, folder, name), path.join(dir, '..', folder, name)];
}

/**
 * The text of `folder/name` beside the bundle holding the module at `here`, from the first place
 * that has it; undefined when none does (from sources, or not built).
 */
export function readBesideBundle(
  here: string,
  folder: string,
  name: string,
  encoding: BufferEncoding = 'utf8',
): string | undefined {
  for (const file of besideBundle(here, folder, name)) {
    try {
      return readFileSync(file, encoding);
    } catch {
      // not there: the next place
    }
  }
  return undefined;
}
