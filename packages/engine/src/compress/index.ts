export { type CompressDeps, compress } from './compress';
export { levelsFor } from './levels';
export { isTestFile } from './testfiles';
export { type CompressOptions, type CompressResult, type CompressStats, LEVELS, type Level } from './types';
