#!/usr/bin/env node
// Shim: the CLI is bundled to dist/ by `npm run build` (run automatically by `npm install`).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/loupe.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'loupe: the CLI is not built yet. Run `npm run build` in the Loupe repository root.\n',
  );
  process.exit(2);
}
await import(bundle.href);
