// loupe focus DIR: the project's saved focus settings, from scripts and editors. Here: strict
// focus (--strict on|off, strict-focus.ts). The focus's own edits (--set/--add/--remove/--clear,
// presets) are the presets branch's; when both meet, this body becomes one call to applyStrict.
import path from 'node:path';
import { defaultStateDir, resolveRoot } from '@loupe/engine';
import { defineCommand } from '../command';
import { applyStrict } from '../strict-focus';

export const focus = defineCommand({
  async run(positionals, values, io) {
    const root = resolveRoot(path.resolve(io.cwd, positionals[0] ?? '.'));
    const strict = applyStrict(defaultStateDir(io.env), root, values.strict as string | undefined);
    if (strict.problem) io.stderr.write(`${strict.problem}\n`);
    if (values.json) io.stdout.write(`${JSON.stringify({ root, strictFocus: strict.strictFocus })}\n`);
    else io.stdout.write(`${strict.line}\n`);
    return 0;
  },
});
