// Options several commands share, and the values of the engine's enumerations the specs offer.
// Cheap to load (no engine import): `loupe help` and the completion scripts read them. Detail
// levels, pack formats and encodings are @loupe/common's own lists (it loads no engine); the rest
// are copied here, and a test checks them against the engine's constants.
import type { Flag } from './command';
import { size } from './values';

export { DETAILS, ENCODINGS, PACK_FORMATS } from '@loupe/common';
export const TREE_FORMATS = ['markdown', 'ascii', 'json', 'xml'] as const;
export const DIRECTIONS = ['imports', 'imported_by', 'both'] as const;
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function json(describe: string, example: string): Record<'json', Flag> {
  return { json: { describe, example } };
}

/** --focus: paths inside the project; several after one flag, or the flag repeated. */
export function focus(describe: string, example: string): Record<'focus', Flag> {
  return { focus: { describe, value: 'PATH...', multiple: 'list', unset: 'the saved focus', example } };
}

/** The visibility flags of every command that scans a folder (scan-flags.ts applies them). */
export const scanFlags = {
  'no-smart-ignore': {
    describe: 'Show build output and caches that smart ignore hides by evidence (git rules still apply).',
    example: '. --no-smart-ignore',
  },
  show: {
    describe: "Always show this path (saved in Loupe's state for the project; the window and agents follow).",
    value: 'PATH',
    multiple: 'repeat',
    unset: 'none',
    example: '. --show dist/app.js',
  },
  hide: {
    describe: "Always hide this path (saved in Loupe's state for the project; the window and agents follow).",
    value: 'PATH',
    multiple: 'repeat',
    unset: 'none',
    example: '. --hide fixtures/big.json',
  },
  unset: {
    describe: 'Put a path saved by --show or --hide back under the rules.',
    value: 'PATH',
    multiple: 'repeat',
    unset: 'none',
    example: '. --unset dist/app.js',
  },
  'max-file-size': {
    describe: 'Larger files are listed as too large and never read as text; bytes, or 500k, 8MiB.',
    value: 'SIZE',
    parse: size,
    unset: '2MiB',
    example: '. --max-file-size 8MiB',
    complete: 'none',
  },
} satisfies Record<string, Flag>;
