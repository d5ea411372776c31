// The visibility flags every command that scans a folder accepts, in one place.
import type { Options, Values } from './command';

export const scanFlags = {
  'no-smart-ignore': { type: 'boolean' },
  show: { type: 'string', multiple: true },
  hide: { type: 'string', multiple: true },
} satisfies Options;

export const SCAN_FLAGS_USAGE = '[--no-smart-ignore] [--show PATH]... [--hide PATH]...';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** Scan options from the flags: smart ignore on unless turned off; show/hide overrides. */
export function scanOptionsFrom(values: Values): {
  smartIgnore: boolean;
  overrides: { show: string[]; hide: string[] };
} {
  return {
    smartIgnore: !values['no-smart-ignore'],
    overrides: { show: list(values.show), hide: list(values.hide) },
  };
}
