// Where a worker's script lives. From sources (tests, `tsx`) the worker is the TypeScript file
// beside its feature and is loaded through tsx (preloading tsx-register.mjs: on Node 20 a worker
// ignores `--import tsx` itself, see nodejs/node#47747); from a bundle (the CLI, the app) every worker is
// emitted as `workers/<name>.js` next to the bundle that holds this code.

/** Worker entry points, by name, relative to this file in the source tree. */
export const WORKER_SOURCES = {
  // name: '../feature/worker.ts'
  mask: '../mask/worker.ts',
  'pack-count': '../pack/count-worker.ts',
  'pack-sections': '../pack/strategy/section-worker.ts',
  'search-stream': '../search/stream-worker.ts',
  tokens: '../tokens/worker.ts',
} as const satisfies Record<string, string>;

export type WorkerName = keyof typeof WORKER_SOURCES;

export interface WorkerEntry {
  /** file: URL of the script. */
  url: string;
  execArgv: string[];
}

export function locateWorker(name: WorkerName): WorkerEntry {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const register = new URL('./tsx-register.mjs', here).href;
    return { url: new URL(WORKER_SOURCES[name], here).href, execArgv: ['--import', register] };
  }
  return { url: new URL(`./workers/${name}.js`, here).href, execArgv: [] };
}
