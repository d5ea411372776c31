// Test double for the host: the commands a test names, each recorded; anything else throws. Real
// host behaviour is tested over a real project in apps/desktop/test/window-host.test.ts.
import type { HostApi, HostCommands } from '@loupe/common';

export interface FakeHost {
  api: HostApi;
  calls: Array<{ method: string; arg: unknown }>;
}

export function fakeHost(
  commands: Partial<{ [K in keyof HostCommands]: (arg: never) => unknown }>,
): FakeHost {
  const calls: FakeHost['calls'] = [];
  const api = new Proxy({} as HostApi, {
    get(_t, prop) {
      if (typeof prop !== 'string') return undefined;
      if (prop.startsWith('on')) return () => () => {};
      return async (arg: unknown) => {
        calls.push({ method: prop, arg });
        const fn = (commands as Record<string, ((a: unknown) => unknown) | undefined>)[prop];
        if (!fn) throw new Error(`unexpected host call ${prop}`);
        return fn(arg);
      };
    },
  });
  return { api, calls };
}

/** A promise with its resolve function, to hold a host answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
