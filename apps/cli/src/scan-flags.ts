// The visibility flags every command that scans a folder accepts, in one place. `--show` and
// `--hide` set the project's overrides in Loupe's state (as the window does), so that the window,
// the agents and later commands see the same files; `--unset` puts a path back under the rules.
import {
  damageNotice,
  defaultStateDir,
  LoupeError,
  loadOverrides,
  type Overrides,
  resolveRoot,
  setOverride,
} from '@loupe/engine';
import type { Io, Options, Values } from './command';

export const scanFlags = {
  'no-smart-ignore': { type: 'boolean' },
  show: { type: 'string', multiple: true },
  hide: { type: 'string', multiple: true },
  unset: { type: 'string', multiple: true },
  'max-file-size': { type: 'string' },
} satisfies Options;

export const SCAN_FLAGS_USAGE =
  '[--no-smart-ignore] [--show PATH]... [--hide PATH]... [--unset PATH]... [--max-file-size SIZE]';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kib: 1024,
  kb: 1024,
  m: 1 << 20,
  mib: 1 << 20,
  mb: 1 << 20,
};

/**
 * `--max-file-size`: files larger than this are listed as too large and never read as text
 * (default 2 MiB). Bytes, or with a unit: 500k, 8MiB.
 */
export function maxFileBytesFrom(values: Values): { maxFileBytes?: number } {
  const raw = values['max-file-size'];
  if (raw === undefined) return {};
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(String(raw).trim());
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  const bytes = m && unit ? Math.floor(Number(m[1]) * unit) : 0;
  if (!bytes)
    throw new LoupeError(
      'invalid-argument',
      `--max-file-size takes a size above zero in bytes or with a unit (500k, 8MiB), not "${raw}".`,
    );
  return { maxFileBytes: bytes };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/**
 * Scan options from the flags: smart ignore on unless turned off; the project's overrides after
 * saving the ones the flags set (each change is reported on stderr once it is on disk). Damaged
 * saved overrides are refused (which files the person hid is unknown) unless a flag saves new ones.
 */
export function scanOptionsFrom(
  values: Values,
  dir: string,
  io: Io,
): { smartIgnore: boolean; overrides: Overrides } {
  const stateDir = defaultStateDir(io.env);
  const root = resolveRoot(dir);
  const changes: Array<[string, 'show' | 'hide' | 'default']> = [
    ...list(values.unset).map((p) => [p, 'default'] as [string, 'default']),
    ...list(values.show).map((p) => [p, 'show'] as [string, 'show']),
    ...list(values.hide).map((p) => [p, 'hide'] as [string, 'hide']),
  ];
  const said = { show: 'always shown', hide: 'always hidden', default: 'back under the rules' };
  // The last save returns the overrides as saved; without flags, they are read once.
  let overrides: Overrides | undefined;
  for (const [p, state] of changes) {
    const saved = setOverride(stateDir, root, p, state);
    overrides = { show: saved.show, hide: saved.hide };
    if (saved.resolved)
      io.stderr.write(
        `The saved show/hide choices had been damaged (set aside as ${saved.resolved.aside}); they now hold only what you save from here on.\n`,
      );
    io.stderr.write(`Saved for this project: ${p} is ${said[state]} (Loupe's state, not the repository).\n`);
  }
  if (!overrides) {
    const saved = loadOverrides(stateDir, root);
    if (saved.damage) throw new LoupeError('unsupported', damageNotice('overrides', saved.damage));
    if (saved.problem) io.stderr.write(`${saved.problem}\n`);
    overrides = saved.overrides;
  }
  return { smartIgnore: !values['no-smart-ignore'], overrides };
}
