// The visibility flags every command that scans a folder accepts (declared in options.ts). `--show` and
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
import type { Io, Values } from './command';
import { quoteName } from './quote';

/** `--max-file-size` (parsed to bytes by the parser): files larger are listed as too large, never read. */
export function maxFileBytesFrom(values: Values): { maxFileBytes?: number } {
  const bytes = values['max-file-size'];
  return typeof bytes === 'number' ? { maxFileBytes: bytes } : {};
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
    io.stderr.write(
      `Saved for this project: ${quoteName(p)} is ${said[state]} (Loupe's state, not the repository).\n`,
    );
  }
  if (!overrides) {
    const saved = loadOverrides(stateDir, root);
    if (saved.damage) throw new LoupeError('unsupported', damageNotice('overrides', saved.damage));
    if (saved.problem) io.stderr.write(`${saved.problem}\n`);
    overrides = saved.overrides;
  }
  return { smartIgnore: !values['no-smart-ignore'], overrides };
}
