// `re2` for the Electron main process and its workers (the build swaps every `import 're2'` for
// this file). The Node build in node_modules has the wrong ABI for Electron, so the Electron-only
// copy made by `npm start` / `npm run dist` is tried first (apps/desktop/native/node_modules/re2 in
// a checkout; node_modules/re2 inside a packaged app). When none loads, every RE2 construction
// throws a LoupeError('withheld'): masking cannot run, so content is withheld, never sent unmasked.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LoupeError } from '@loupe/engine/errors';

const require = createRequire(import.meta.url);

function candidates(): string[] {
  const out: string[] = [];
  if (process.env.LOUPE_RE2_PATH) out.push(process.env.LOUPE_RE2_PATH);
  // dist/main/main.js and dist/main/workers/x.js both find apps/desktop/native within a few levels.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++, dir = path.dirname(dir)) {
    const copy = path.join(dir, 'native', 'node_modules', 're2');
    if (existsSync(copy)) out.push(copy);
  }
  out.push('re2'); // a packaged app: node_modules/re2 is the Electron build
  return out;
}

export let re2Problem: string | undefined;

function load(): unknown {
  const problems: string[] = [];
  for (const c of candidates()) {
    try {
      return require(c);
    } catch (error) {
      problems.push(`${c}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  re2Problem = `The re2 native module did not load under Electron (${problems.join('; ')}).`;
  return class WithheldRE2 {
    constructor() {
      throw new LoupeError(
        'withheld',
        `Secret masking is unavailable in this app (${re2Problem}); file contents are withheld. Run \`npm start\` again on a machine that can build re2 for Electron.`,
      );
    }
  };
}

const RE2 = load();
export default RE2;
