// Public API of the context engine. Consumers import from here only.
export * from './errors';
export { createGitRunner, type GitResult, type GitRunner } from './scan/git';
export * from './types';
export * from './mask/index';
