// The version `loupe --version` and `loupe help` print: the CLI package's own (inlined by the bundler).
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
