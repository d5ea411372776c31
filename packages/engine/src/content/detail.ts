// The one place that decides a file's detail level: what a read asks for, what a line or symbol
// read gets (always full), which levels a pack offers a file at before leaving it out, and which
// files a level can change at all. compress() itself says when it falls back (no grammar, a parse
// error) and why.
import { moreCompressed } from '@loupe/common';
import { levelsFor } from '../compress/levels';
import { isTestFile } from '../compress/testfiles';
import type { Level } from '../compress/types';
import { languageOf } from '../lang/languages';

export interface DetailChoice {
  /** The level compression runs at (`full`: none). */
  level: Level;
  requested: Level;
  /** Why the level is not the one requested. */
  reason?: string;
}

/** The level a read runs at: the one requested for a whole file; full for lines and symbols. */
export function detailOf(requested: Level | undefined, selected: boolean): DetailChoice {
  const asked = requested ?? 'full';
  if (!selected || asked === 'full') return { level: asked, requested: asked };
  return { level: 'full', requested: asked, reason: 'line and symbol reads are always full detail' };
}

/** Levels a pack offers a file at, from the one asked for down to `outline`, as its language allows. */
export function ladder(requested: Level, path: string): Level[] {
  const can = levelsFor(languageOf(path));
  const out: Level[] = [requested];
  for (const l of ['signatures', 'outline'] as const)
    if (moreCompressed(l, requested) && can.includes(l)) out.push(l);
  return out;
}

/** Whether some level below full can change a file of this path (it has a grammar). */
export function compressible(path: string): boolean {
  return levelsFor(languageOf(path)).length > 1;
}

/**
 * Whether `level`, offered after `before`, can only give the text `before` gave: compression at
 * outline differs from signatures only by folding a test file's cases (compress.ts, plan), so a
 * pack need not compress a file that is not a test again to find out. `path` and `text` are what
 * compression is given (the content path and the masked text).
 */
export function sameTextAs(before: Level, level: Level, path: string, text: string): boolean {
  return before === 'signatures' && level === 'outline' && !isTestFile(path, text);
}
