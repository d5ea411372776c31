// A file a person names on the command line, as the content pipeline reads it: judged first
// (engine's judgeNamedFile: a link only as its visible target), then read at the path judged,
// its format, rules and language following the name of the bytes read (a link's target).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { defaultStateDir, type FileInput, judgeNamedFile, LoupeError, type NamedFile } from '@loupe/engine';
import type { Io } from './command';

/** The named file judged; a missing or refused one is the person's clear error. */
export async function namedFile(
  arg: string,
  io: Io,
): Promise<Exclude<NamedFile, { kind: 'missing' | 'refused' }>> {
  const named = await judgeNamedFile(path.resolve(io.cwd, arg), { stateDir: defaultStateDir(io.env) });
  if (named.kind === 'missing')
    throw new LoupeError('not-found', `The file ${arg} does not exist. Check the path and try again.`);
  if (named.kind === 'refused') throw new LoupeError('withheld', `${arg} is not read: ${named.reason}.`);
  return named;
}

/** The pipeline's input for the bytes at `file` (a real path): named relative to the working folder, with `/`. */
export function inputAt(file: string, cwd: string, size?: number): FileInput {
  const rel = path.relative(realpathSync(cwd), file).split(path.sep).join('/');
  return { path: rel, file, ...(size !== undefined ? { size } : {}) };
}
