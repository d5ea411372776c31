// Light shape checks for command arguments: they arrive from another process (or a browser tab),
// so the host checks them before anything reaches the engine.
import { HostError } from './errors';

const fail = (what: string): never => {
  throw new HostError('invalid-argument', `The window sent ${what}; reload the window and try again.`);
};

export function record(x: unknown, what = 'an argument that is not an object'): Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
    ? (x as Record<string, unknown>)
    : fail(what);
}

export function string(x: unknown, name: string): string {
  return typeof x === 'string' && !x.includes('\0') ? x : fail(`a ${name} that is not a string`);
}

export function boolean(x: unknown, name: string): boolean {
  return typeof x === 'boolean' ? x : fail(`a ${name} that is not true or false`);
}

export function strings(x: unknown, name: string): string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string' && !s.includes('\0'))
    ? (x as string[])
    : fail(`a ${name} that is not a list of paths`);
}

export function oneOf<T extends string>(x: unknown, values: readonly T[], name: string): T {
  return values.includes(x as T) ? (x as T) : fail(`an unknown ${name}`);
}
