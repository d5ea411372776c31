// The visibility flags every command that scans a folder accepts, in one place. `--show` and
// `--hide` set the project's overrides in Loupe's state (as the window does), so that the window,
// the agents and later commands see the same files; `--unset` puts a path back under the rules.
import { defaultStateDir, loadOverrides, type Overrides, resolveRoot, setOverride } from '@loupe/engine';
import type { Io, Options, Values } from './command';

export const scanFlags = {
  'no-smart-ignore': { type: 'boolean' },
  show: { type: 'string', multiple: true },
  hide: { type: 'string', multiple: true },
  unset: { type: 'string', multiple: true },
} satisfies Options;

export const SCAN_FLAGS_USAGE = '[--no-smart-ignore] [--show PATH]... [--hide PATH]... [--unset PATH]...';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/**
 * Scan options from the flags: smart ignore on unless turned off; the project's overrides after
 * saving the ones the flags set (each saved change is reported on stderr).
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
  for (const [p, state] of changes) {
    setOverride(stateDir, root, p, state);
    io.stderr.write(`Saved for this project: ${p} is ${said[state]} (Loupe's state, not the repository).\n`);
  }
  const saved = loadOverrides(stateDir, root);
  if (saved.problem) io.stderr.write(`${saved.problem}\n`);
  return { smartIgnore: !values['no-smart-ignore'], overrides: saved.overrides };
}
