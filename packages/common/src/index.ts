// @loupe/common: what every room may import at run time, the window included. Node-free and
// DOM-free (packages/common/tsconfig.json type-checks it with neither), and it imports nothing else
// of ours; the architecture test (packages/engine/src/architecture.test.ts) checks both.

export * from './detail';
export * from './focus';
export * from './format';
export * from './host-api';
export * from './host-client';
export * from './order';
export * from './panels';
export * from './random';
export * from './tree-snapshot';
export * from './types';
