// Packages loaded on first use: each costs ~10 ms to load, and most commands never need them (a
// pack reads no TOML and matches no globs unless asked to). CommonJS builds load synchronously, so
// the callers stay synchronous. Bundlers cannot see these loads: a bundle must keep the packages
// external and ship them (apps/desktop/build.ts lists them; the CLI bundle keeps every package
// external).
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load(name) as T;
    return loaded;
  };
}

export const smolToml = lazyPackage<typeof import('smol-toml')>('smol-toml');
export const picomatch = lazyPackage<typeof import('picomatch')>('picomatch');
