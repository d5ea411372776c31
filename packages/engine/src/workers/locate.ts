// Where a worker's script lives. From sources (tests, `tsx`) the worker is the TypeScript file
// beside its feature and is loaded through tsx; from a bundle (the CLI, the app) every worker is
// emitted as `workers/<name>.js` next to the bundle that holds this code.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Worker entry points, by name, relative to this file in the source tree. */
export const WORKER_SOURCES = {
  // name: '../feature/worker.ts'
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
    const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm')).href;
    return { url: new URL(WORKER_SOURCES[name], here).href, execArgv: ['--import', tsx] };
  }
  return { url: new URL(`./workers/${name}.js`, here).href, execArgv: [] };
}
