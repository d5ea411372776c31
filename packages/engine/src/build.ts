// What the builds of the CLI and the app take from the engine (and the token bench, which bundles
// like them): the worker entry points, the grammar files to ship, the pinned mask rules, the token
// rank tables and the mask vocabulary's word list to prebuild, and the varied text the bench
// counts. Imported as `@loupe/engine/build`, so a build script loads these modules only.

export { copyGrammars } from './parse/grammars';
export { writePrebuilt } from './prebuilt';
export { corpus } from './tokens/corpus';
export { ENCODINGS, rankFile } from './tokens/ranks';
export { WORKER_SOURCES } from './workers/locate';
