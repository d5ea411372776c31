// Preloaded (`--import`) into workers started from TypeScript sources. Node 20 ignores loader
// hooks given to a worker as `--import tsx`, but honours `register()` called inside the worker.
import { register } from 'tsx/esm/api';

register();
