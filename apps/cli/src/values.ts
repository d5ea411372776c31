// Checks and conversions of option values, one sentence each when a value is wrong. Specs name
// them (`parse: whole(0)`); the parser (args.ts) applies them before a command runs, defaults
// included, so a command's body gets numbers, never strings to check again.
import { UsageError } from './command';

type Parse = (raw: string, flag: string) => unknown;

/** A whole number from `min` (to `max`). */
export function whole(min: number, max?: number): Parse {
  return (raw, flag) => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || (max !== undefined && n > max))
      throw new UsageError(
        `${flag} takes a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}, not "${raw}".`,
      );
    return n;
  };
}

/** A token budget above zero, or `none` (null: no cap). Zero is refused: it read as "no budget". */
export const budget: Parse = (raw, flag) => {
  if (raw === 'none') return null;
  if (!/^\d+$/.test(raw) || Number(raw) === 0)
    throw new UsageError(
      `${flag} takes a whole number of tokens above 0, or "none" for no cap, not "${raw}".`,
    );
  return Number(raw);
};

/** A TCP port; 0 asks the system for a free one (the command prints the port it got). */
export const port: Parse = (raw, flag) => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 65535)
    throw new UsageError(`${flag} takes a port number from 0 to 65535 (0 picks a free port), not "${raw}".`);
  return n;
};

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

/** A size in bytes above zero, or with a unit: 500k, 8MiB. */
export const size: Parse = (raw, flag) => {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw.trim());
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  const bytes = m && unit ? Math.floor(Number(m[1]) * unit) : 0;
  if (!bytes)
    throw new UsageError(
      `${flag} takes a size above zero in bytes or with a unit (500k, 8MiB), not "${raw}".`,
    );
  return bytes;
};
